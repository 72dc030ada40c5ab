/**
 * Styles of the consent page of the authorization endpoint (answers/consent-page.ts, issue 30):
 * the scopes list and the Allow and Deny buttons, Allow the primary one. Colours come from the
 * theme's variables (shell.css.ts), so both themes keep WCAG AA contrast.
 */
export const CONSENT_CSS = `.consent-client,.consent-person,.consent-return{margin:.5rem 0}
.consent-scopes{margin:.5rem 0 1rem;padding-left:1.4rem}
.consent-scopes li{margin:.25rem 0}
.consent-form{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0 1rem}
.consent-form button{min-width:7rem;padding:.55rem 1.2rem;font:inherit;font-weight:600;border:1px solid var(--border);border-radius:6px;background:var(--bg);color:var(--fg);cursor:pointer}
.consent-form .consent-allow{background:var(--link);border-color:var(--link);color:var(--bg)}
.consent-form button:hover{border-color:var(--accent)}
.consent-note{color:var(--muted);font-size:.93rem}
`;
