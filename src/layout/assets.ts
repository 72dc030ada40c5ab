/**
 * The stylesheet and script every HTML page loads, served from `/_sitegate/` so the CSP needs no
 * `unsafe-inline`. The script adds live results to the search box through `/api/search.json`
 * and copy buttons to code blocks; each feature's CSS and JS is a module of `client/`.
 */
import { CODE_CSS } from './client/code.css.js';
import { CODE_JS } from './client/code.js.js';
import { CONSENT_CSS } from './client/consent.css.js';
import { SEARCH_CSS } from './client/search.css.js';
import { SEARCH_JS } from './client/search.js.js';
import { SHELL_CSS } from './client/shell.css.js';
import { SHELL_JS } from './client/shell.js.js';

/** The site icon (browsers ask for one on every site; without it they log a 404): a page with a fold. */
export const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><path d="M7 3h13l6 6v20H7z" fill="#0969da"/><path d="M20 3v6h6" fill="#9ec5fe"/><path d="M11 15h11M11 20h11M11 25h7" stroke="#fff" stroke-width="2"/></svg>
`;

/** The site stylesheet: readable measure, system fonts, light and dark, phone and desktop. */
export const SITE_CSS = `*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}
a:focus-visible,input:focus-visible,button:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.skip-link{position:absolute;left:-999px;top:0;background:var(--bg);padding:.5rem 1rem;z-index:10}
.skip-link:focus{left:.5rem}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.search{position:relative;display:flex;gap:.4rem;flex:1 1 16rem;min-width:0;max-width:28rem}
.search input{flex:1 1 auto;min-width:0;padding:.45rem .7rem;font:inherit;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg)}
.search-submit{padding:.45rem .8rem;font:inherit;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.search-results{position:absolute;left:0;right:0;top:100%;margin:.25rem 0 0;padding:0;list-style:none;background:var(--bg);border:1px solid var(--border);border-radius:6px;max-height:60vh;overflow:auto;z-index:5}
.search-results .empty{padding:.45rem .7rem;color:var(--muted)}
.version-switcher{position:relative}
.version-switcher summary{cursor:pointer;padding:.45rem .7rem;border:1px solid var(--border);border-radius:6px;white-space:nowrap}
.version-switcher ul{position:absolute;right:0;top:100%;margin:.25rem 0 0;padding:.25rem 0;list-style:none;background:var(--bg);border:1px solid var(--border);border-radius:6px;min-width:100%;z-index:6}
.version-switcher a{display:block;padding:.3rem .8rem;white-space:nowrap}
.version-switcher a[aria-current]{font-weight:600}
.version-banner{border-left:4px solid #bf8700;background:var(--panel);padding:.25rem 1rem;margin:0 0 1rem;border-radius:0 6px 6px 0}
.site-footer{border-top:1px solid var(--border);background:var(--panel);padding:1rem 1.25rem;font-size:.9rem}
.footer-links{display:flex;flex-wrap:wrap;gap:1rem;max-width:90rem;margin:0 auto}
.page-parts{margin:0 0 1rem;padding:.5rem .8rem;border:1px solid var(--border);border-radius:6px;background:var(--panel);font-size:.93rem}
.page-parts p{margin:0}
.page-parts-list{margin:.4rem 0 0;padding-left:1.2rem}
.page-parts-end{margin:1.5rem 0 0}
.content h1{font-size:2rem;line-height:1.25;margin:0 0 1rem}
.content h2{margin-top:2rem;padding-bottom:.3rem;border-bottom:1px solid var(--border)}
.content img{max-width:100%;height:auto}
.content pre{background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:.9rem;overflow:auto;font-size:.9rem;line-height:1.45}
.content code{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:.9em}
.content{overflow-wrap:break-word}
.content :not(pre)>code{background:var(--panel);padding:.1em .35em;border-radius:4px;overflow-wrap:anywhere}
.content table{border-collapse:collapse;display:block;overflow:auto;margin:1rem 0}
.content th,.content td{border:1px solid var(--border);padding:.4rem .7rem;text-align:left;vertical-align:top}
.content .align-left{text-align:left}.content .align-center{text-align:center}.content .align-right{text-align:right}
.content blockquote{margin:1rem 0;padding:.1rem 1rem;border-left:4px solid var(--border);color:var(--muted)}
.admonition,.markdown-alert{border-left:4px solid var(--accent);background:var(--panel);padding:.5rem 1rem;margin:1rem 0;border-radius:0 6px 6px 0}
.markdown-alert-title{font-weight:600;margin:.25rem 0}
.admonition-warning,.admonition-caution,.markdown-alert-warning{border-color:#bf8700}
.admonition-danger,.markdown-alert-caution{border-color:#cf222e}
.markdown-alert-tip{border-color:#1a7f37}
.markdown-alert-important{border-color:#8250df}
.listing li{margin:.3rem 0}
${SHELL_CSS}${CODE_CSS}${SEARCH_CSS}${CONSENT_CSS}`;

/** The site script: live search (client/search.js.ts), copy buttons on code (client/code.js.ts), the shell (client/shell.js.ts). */
export const SITE_JS = [SEARCH_JS, CODE_JS, SHELL_JS].join('\n');
