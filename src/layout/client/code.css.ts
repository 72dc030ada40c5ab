/**
 * Styles of code blocks: highlight.js token classes (content/code/highlight.ts) in a light and a
 * dark palette (GitHub's, darkened where needed for WCAG 2.2 AA contrast, 4.5:1, on the code
 * panel), highlighted lines, titles and the copy button. The palette follows the page's theme
 * (shell.css.ts `themedProperties`).
 */
import { themedProperties } from './shell.css.js';

const LIGHT =
  '--hl-keyword:#cf222e;--hl-string:#0a3069;--hl-comment:#57606a;--hl-title:#6639ba;--hl-number:#0550ae;--hl-builtin:#953800;--hl-name:#116329;--hl-add-fg:#116329;--hl-add-bg:#dafbe1;--hl-del-fg:#82071e;--hl-del-bg:#ffebe9;--hl-line:#fff8c5';
const DARK =
  '--hl-keyword:#ff7b72;--hl-string:#a5d6ff;--hl-comment:#9198a1;--hl-title:#d2a8ff;--hl-number:#79c0ff;--hl-builtin:#ffa657;--hl-name:#7ee787;--hl-add-fg:#aff5b4;--hl-add-bg:#033a16;--hl-del-fg:#ffdcd7;--hl-del-bg:#67060c;--hl-line:#3b2e00';

/** The code stylesheet, joined into the site's (layout/assets.ts). */
export const CODE_CSS = `${themedProperties(LIGHT, DARK)}.hljs-keyword,.hljs-doctag,.hljs-meta .hljs-keyword,.hljs-template-tag,.hljs-template-variable,.hljs-type,.hljs-variable.language_{color:var(--hl-keyword)}
.hljs-string,.hljs-regexp,.hljs-meta .hljs-string{color:var(--hl-string)}
.hljs-comment,.hljs-code,.hljs-formula{color:var(--hl-comment);font-style:italic}
.hljs-title,.hljs-title.class_,.hljs-title.function_,.hljs-section{color:var(--hl-title)}
.hljs-attr,.hljs-attribute,.hljs-literal,.hljs-meta,.hljs-number,.hljs-operator,.hljs-variable,.hljs-selector-attr,.hljs-selector-class,.hljs-selector-id,.hljs-link{color:var(--hl-number)}
.hljs-built_in,.hljs-symbol,.hljs-params,.hljs-subst{color:var(--hl-builtin)}
.hljs-name,.hljs-quote,.hljs-selector-tag,.hljs-selector-pseudo,.hljs-bullet{color:var(--hl-name)}
.hljs-section,.hljs-strong{font-weight:700}.hljs-emphasis{font-style:italic}
.hljs-addition{color:var(--hl-add-fg);background:var(--hl-add-bg)}
.hljs-deletion{color:var(--hl-del-fg);background:var(--hl-del-bg)}
.content pre code .line.highlighted{display:inline-block;min-width:100%;background:var(--hl-line);box-shadow:-.9rem 0 0 var(--hl-line),.9rem 0 0 var(--hl-line)}
.content pre{tab-size:4}
.code-block{margin:1rem 0}
.code-title{font:600 .85rem/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;padding:.4rem .9rem;border:1px solid var(--border);border-bottom:0;border-radius:6px 6px 0 0;background:var(--panel);color:var(--fg)}
.code-block pre{margin:0;border-top-left-radius:0;border-top-right-radius:0}
.code-frame{position:relative}
.code-frame>pre{padding-right:4.5rem}
.copy-button{position:absolute;top:.4rem;right:.4rem;padding:.2rem .55rem;font:500 .8rem/1.4 system-ui,sans-serif;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.copy-button:hover{border-color:var(--accent)}
`;
