/**
 * The page shell's stylesheet (joined into SITE_CSS, layout/assets.ts): colour themes, the one-row
 * header, the three-column layout (navigation, text, on-page table of contents) and its narrow
 * forms (table of contents above the text below 1200 px, navigation as a drawer below 900 px),
 * the nav tree, breadcrumbs, page actions, page meta and previous/next cards.
 *
 * Themes: `<html data-theme="light|dark|auto">` (the `site.theme` setting, then the reader's choice,
 * layout/client/theme-init.ts); `auto` follows `prefers-color-scheme`. Rules that need the site
 * script (drawer, theme toggle, copy button) apply under `.js`, which the inline script sets, so
 * that a page without JavaScript shows its navigation below the text instead.
 */

const LIGHT = '--fg:#1b1f24;--muted:#57606a;--bg:#fff;--panel:#f6f8fa;--border:#d0d7de;--link:#0550ae;--accent:#0969da;color-scheme:light';
const DARK = '--fg:#e6edf3;--muted:#9198a1;--bg:#0d1117;--panel:#161b22;--border:#30363d;--link:#4493f8;--accent:#4493f8;color-scheme:dark';

/** Below this width the navigation is a drawer opened by the menu button. */
const DRAWER_MAX = '56.2rem';
/** From this width the on-page table of contents sits in the right gutter. */
const GUTTER_MIN = '75rem';

/**
 * Rules giving the `light` custom properties by default and the `dark` ones under the dark theme
 * (`<html data-theme="dark">`, or `auto` on a system that prefers dark). Every palette of the site
 * (this shell's, the code tokens' in code.css.ts) is made by it, so all follow one theme.
 * @param light declarations (`--fg:#000;…`) of the light theme
 * @param dark the same properties for the dark theme
 */
export function themedProperties(light: string, dark: string): string {
  return `:root{${light}}\n[data-theme=dark]{${dark}}\n@media (prefers-color-scheme:dark){[data-theme=auto]{${dark}}}\n`;
}

/** The shell's rules. */
export const SHELL_CSS = `${themedProperties(`${LIGHT};--header-h:3.5rem`, DARK)}html{scroll-padding-top:calc(var(--header-h) + .75rem)}
body{display:flex;flex-direction:column;min-height:100vh}
body>.layout{flex:1 0 auto;width:100%}
.site-header{position:sticky;top:0;z-index:20;display:flex;flex-wrap:nowrap;align-items:center;gap:.5rem 1rem;height:var(--header-h);padding:0 1rem;border-bottom:1px solid var(--border);background:var(--panel);box-shadow:inset 0 3px var(--accent)}
.brand{display:flex;align-items:center;gap:.5rem;min-width:0;flex:0 1 auto;font-weight:700;font-size:1.1rem;text-decoration:none;color:var(--fg)}
.brand-logo{height:2rem;width:auto;max-width:8rem}
.brand-name{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.site-header .search{flex:1 1 8rem;min-width:0;margin-left:auto}
.menu-button,.theme-toggle{display:none;flex:none;align-items:center;justify-content:center;width:2.5rem;height:2.5rem;padding:0;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.js .theme-toggle{display:inline-flex}
.account{display:flex;flex:none;align-items:center;gap:.5rem;font-size:.875rem}
.account-name{max-width:14rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.sign-out{display:inline;margin:0}
.sign-out button,.sign-in{padding:.3rem .7rem;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);font:inherit;cursor:pointer;text-decoration:none}
.layout{display:grid;grid-template-columns:15.5rem minmax(0,1fr);grid-template-areas:"side main";gap:2rem;max-width:90rem;margin:0 auto;padding:1.5rem 1.25rem}
.layout>main{grid-area:main;min-width:0;display:grid;grid-template-columns:minmax(0,1fr);grid-template-areas:"crumbs" "actions" "toc" "article" "footer";align-content:start}
main>.breadcrumb{grid-area:crumbs}
main>.content{grid-area:article;min-width:0;max-width:50rem}
main>.page-actions{grid-area:actions}
main>.toc{grid-area:toc}
main>.page-footer{grid-area:footer;max-width:50rem}
.layout>.sidebar{grid-area:side;position:sticky;top:calc(var(--header-h) + 1rem);align-self:start;max-height:calc(100vh - var(--header-h) - 2rem);overflow:auto;overscroll-behavior:contain}
.sidebar{font-size:.93rem;overflow-wrap:anywhere}
.sidebar-title{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);margin:0 0 .5rem}
.sidebar ul{list-style:none;margin:0;padding:0}
.sidebar ul ul{margin:0 0 .25rem;margin-inline-start:.6rem;padding-inline-start:.5rem;border-inline-start:1px solid var(--border)}
.sidebar a{display:block;padding:.25rem .5rem;border-radius:4px;text-decoration:none;color:var(--fg)}
.sidebar a:hover{background:var(--panel);color:var(--link)}
.sidebar a[aria-current=page]{background:color-mix(in srgb,var(--accent) 14%,var(--bg));color:var(--fg);font-weight:600;box-shadow:inset 3px 0 var(--accent)}
.sidebar summary{cursor:pointer;padding:.25rem .5rem;border-radius:4px;font-weight:600}
.sidebar summary:hover{background:var(--panel)}
.sidebar .nav-more{color:var(--link)}
.sidebar .nav-folder-link{font-weight:600}
.sidebar .nav-folder-link::after{content:" ›" / "";color:var(--muted)}
.breadcrumb ol{display:flex;flex-wrap:wrap;list-style:none;padding:0;margin:0 0 .75rem;font-size:.9rem;color:var(--muted)}
.breadcrumb li+li::before{content:"/";padding:0 .4rem}
.page-actions{display:flex;flex-wrap:wrap;gap:.4rem;list-style:none;margin:0 0 1rem;padding:0;font-size:.85rem}
.page-actions a,.page-actions button{display:inline-block;padding:.25rem .6rem;border:1px solid var(--border);border-radius:999px;background:var(--bg);color:var(--fg);font:inherit;text-decoration:none;cursor:pointer}
.page-actions a:hover,.page-actions button:hover{border-color:var(--accent)}
html:not(.js) .needs-js{display:none}
.toc{font-size:.875rem;margin:0 0 1.25rem;padding:.5rem .75rem;border:1px solid var(--border);border-radius:6px;max-width:50rem}
.toc summary{cursor:pointer;font-weight:600}
.toc ul{list-style:none;margin:.25rem 0 0;padding:0}
.toc ul ul{margin:0;padding-inline-start:.9rem}
.toc a{display:block;padding:.2rem 0;padding-inline-start:.6rem;border-inline-start:2px solid transparent;color:var(--muted);text-decoration:none}
.toc a:hover{color:var(--link)}
.toc a.active{color:var(--link);border-inline-start-color:var(--accent);font-weight:600}
.heading-anchor{margin-inline-start:.4rem;color:var(--muted);text-decoration:none;opacity:0}
.content :is(h2,h3,h4):hover .heading-anchor,.heading-anchor:focus{opacity:1}
.page-footer{margin-top:3rem;padding-top:1rem;border-top:1px solid var(--border);color:var(--muted);font-size:.9rem}
.page-meta{display:flex;flex-wrap:wrap;justify-content:space-between;gap:.5rem 1.5rem;margin:0 0 1.25rem}
.page-nav{display:grid;grid-template-columns:1fr 1fr;gap:1rem}
.page-nav a{display:block;padding:.75rem 1rem;border:1px solid var(--border);border-radius:8px;text-decoration:none}
.page-nav a:hover{border-color:var(--accent)}
.page-nav-next{grid-column:2;text-align:end}
.page-nav-label{display:block;font-size:.8rem;color:var(--muted)}
.page-nav-title{font-weight:600;overflow-wrap:anywhere}
@media (min-width:${GUTTER_MIN}){
.layout>main:has(>.toc){grid-template-columns:minmax(0,1fr) 13.5rem;column-gap:2.5rem;grid-template-rows:auto auto 1fr auto;grid-template-areas:"crumbs toc" "actions toc" "article toc" "footer toc"}
main>.toc{position:sticky;top:calc(var(--header-h) + 1rem);align-self:start;max-height:calc(100vh - var(--header-h) - 2rem);overflow:auto;margin:0;padding:0;border:0}
.toc summary{list-style:none;pointer-events:none;font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
.toc summary::-webkit-details-marker{display:none}
.toc::details-content{content-visibility:visible;display:block}
}
@media (max-width:${DRAWER_MAX}){
.layout{grid-template-columns:minmax(0,1fr);grid-template-areas:"main" "side";gap:1rem;padding:1rem}
.layout>.sidebar{position:static;max-height:none;border-top:1px solid var(--border);padding-top:1rem}
.js .menu-button{display:inline-flex}
.js .layout>.sidebar{position:fixed;z-index:15;top:var(--header-h);left:0;bottom:0;width:min(20rem,85vw);max-height:none;padding:1rem;border:0;border-right:1px solid var(--border);background:var(--bg);transform:translateX(-100%);visibility:hidden;transition:transform .2s,visibility 0s .2s}
.js .layout>.sidebar.open{transform:none;visibility:visible;transition:transform .2s;box-shadow:0 0 0 100vmax rgba(0,0,0,.35)}
.content h1{font-size:1.6rem}
}
@media (max-width:37.5rem){
.site-header{gap:.4rem;padding:0 .5rem}
.site-header .search-submit{display:none}
.brand{max-width:40%}
.account-name{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.version-word{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
.version-switcher summary{padding:.45rem .5rem}
.page-actions{flex-wrap:nowrap;overflow-x:auto;padding-bottom:.25rem;white-space:nowrap}
.page-nav{grid-template-columns:minmax(0,1fr)}
.page-nav-next{grid-column:1}
}
@media (prefers-reduced-motion:reduce){.js .layout>.sidebar{transition:none}}
`;
