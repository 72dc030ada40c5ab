/**
 * The developer portal's styles, appended to the site stylesheet (snapshot/chrome-bodies.ts) and
 * scoped to `.portal`. Wide screens: the table of contents is a sticky column beside the sections,
 * shown through `::details-content` (CSS Pseudo-Elements 4) whatever the `<details>` state, so no
 * script moves the layout. Phones: it is a collapsed block above them. Endpoints and errors are
 * entries, not tables; command blocks wrap inside their box, so the page never scrolls sideways
 * at 320 px. Error codes never break mid-word.
 */
export const PORTAL_CSS = `main:has(>.portal){max-width:72rem}
.portal{display:grid;grid-template-columns:minmax(0,1fr);grid-template-areas:"head" "toc" "body";gap:0 2rem}
.portal-head{grid-area:head}
.portal-body{grid-area:body;min-width:0}
.portal-toc{grid-area:toc;margin:0 0 1rem;padding:.5rem .9rem;border:1px solid var(--border);border-radius:6px;background:var(--panel);font-size:.9rem}
.portal-toc summary{cursor:pointer;font-weight:600;padding:.25rem 0}
.portal-toc ol{list-style:none;margin:0;padding:0}
.portal-toc ol ol{padding-left:.9rem}
.portal-toc a{display:block;padding:.3rem 0;text-decoration:none}
.portal-toc a:hover{text-decoration:underline}
.portal-toc li>a{min-height:1.5rem}
@media (min-width:64rem){.portal{grid-template-columns:minmax(0,1fr) 13rem;grid-template-areas:"head toc" "body toc"}.portal-toc{position:sticky;top:1rem;align-self:start;max-height:calc(100vh - 2rem);overflow:auto}.portal-toc::details-content{content-visibility:visible}.portal-toc summary{pointer-events:none;list-style:none}.portal-toc summary::-webkit-details-marker{display:none}}
.portal h3{margin-top:1.75rem}
.portal h2,.portal h3,.portal .error-entry{scroll-margin-top:1rem}
.portal :not(pre)>code{overflow-wrap:break-word}
.portal code.error-code{white-space:nowrap;overflow-wrap:normal}
.portal pre{white-space:pre-wrap;overflow-wrap:anywhere}
.portal .command{position:relative}
.portal-body pre:not(.try-body){padding-right:5rem}
.copy-button{position:absolute;top:.4rem;right:.4rem;min-height:2rem;padding:.25rem .7rem;font:inherit;font-size:.85rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.portal .endpoints{list-style:none;margin:0;padding:0}
.portal .endpoint{margin:0 0 1rem;padding:.6rem .9rem;border:1px solid var(--border);border-radius:6px}
.portal .endpoint p{margin:0 0 .3rem}
.portal .endpoint-request code{font-weight:600}
.portal .endpoint-request small code{font-weight:400;color:var(--muted)}
.portal .answers{display:flex;flex-wrap:wrap;gap:.2rem 1.2rem;list-style:none;margin:0;padding:0;font-size:.93rem}
.portal .answers strong{margin-right:.2rem}
.portal .error-list{margin:1rem 0}
.portal .error-entry{margin:0 0 .75rem;padding:.5rem .9rem;border:1px solid var(--border);border-radius:6px}
.portal .error-entry dt{margin:0 0 .2rem}
.portal .error-status{font-weight:600;margin-left:.4rem}
.portal .error-entry dd{margin:0}
.portal .resolution{color:var(--muted)}
.portal .error-entry:target{border-color:var(--accent);box-shadow:0 0 0 2px var(--accent)}
.try-it{display:grid;grid-template-columns:minmax(0,1fr);gap:.35rem;max-width:32rem;margin:1rem 0;padding:1rem;border:1px solid var(--border);border-radius:6px;background:var(--panel)}
.try-it[hidden]{display:none}
.try-it p{margin:0}
.try-it input,.try-it select{width:100%;min-width:0;min-height:2.5rem;padding:.4rem .6rem;font:inherit;border:1px solid var(--muted);border-radius:6px;background:var(--bg);color:var(--fg)}
.try-it button{justify-self:start;min-height:2.5rem;margin-top:.5rem;padding:.4rem 1rem;font:inherit;font-weight:600;border:0;border-radius:6px;background:var(--fg);color:var(--bg);cursor:pointer}
.try-note{font-size:.85rem;color:var(--muted)}
.try-output{margin:0 0 1.5rem}
.try-status{font-weight:600;margin:0 0 .5rem}
.try-headers{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.15rem .75rem;margin:0 0 .5rem;font-size:.85rem}
.try-headers dt{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;color:var(--muted)}
.try-headers dd{margin:0;overflow-wrap:anywhere}
.portal .try-body{max-height:24rem;overflow:auto}
`;
