/** Styles of the live search box's listbox (search.js.ts) and of the `/search` results page (layout/search-page.ts). */
export const SEARCH_CSS = `:root{--mark-bg:#fff1a8}
@media (prefers-color-scheme:dark){:root:not([data-theme=light]){--mark-bg:#5c4500}}
:root[data-theme=dark]{--mark-bg:#5c4500}
mark{background:var(--mark-bg);color:inherit;border-radius:2px;padding:0 .1em}
.search-results [role=option]{display:block;padding:.45rem .7rem;cursor:pointer;border-bottom:1px solid var(--border)}
.search-results [role=option]:last-child{border-bottom:0}
.search-results [role=option]:hover,.search-results [aria-selected=true]{background:var(--panel);box-shadow:inset 3px 0 0 var(--accent)}
.search-option-title{display:block;color:var(--link);font-weight:600}
.search-option-section{display:block;font-size:.8rem;color:var(--muted)}
.search-option-excerpt{display:block;font-size:.85rem;color:var(--fg)}
.search-page-form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:0 0 1rem}
.search-page-form label{flex:1 0 100%;font-weight:600}
.search-page-form input{flex:1 1 14rem;min-width:0;padding:.45rem .7rem;font:inherit;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg)}
.search-page-form button{padding:.45rem .9rem;font:inherit;border:1px solid var(--border);border-radius:6px;background:var(--panel);color:var(--fg);cursor:pointer}
.search-status{color:var(--muted)}
.search-status strong{color:var(--fg)}
.search-hits{list-style:none;padding:0;margin:0}
.search-hit{padding:.8rem 0;border-bottom:1px solid var(--border)}
.content .search-hit h2{font-size:1.1rem;margin:0;padding:0;border:0}
.search-hit-section{margin:.1rem 0 0;font-size:.85rem;color:var(--muted)}
.search-hit-excerpt{margin:.3rem 0 0}
.search-paging{display:flex;gap:1rem;justify-content:space-between;margin:1rem 0}
`;
