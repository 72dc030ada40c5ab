/**
 * The one inline script of every page, run in `<head>` before the first paint: it applies the
 * theme the reader chose (localStorage `sitegate-theme`) so that a dark page never flashes light,
 * and marks the document `js` so that the stylesheet shows what needs the site script (menu
 * button, theme toggle, copy button). The CSP allows it by its hash (CSP Level 3 §8.4 "hash-source"),
 * so `script-src` stays free of `unsafe-inline`.
 */
import { createHash } from 'node:crypto';

/** localStorage key of the reader's theme (`light`, `dark` or `auto`); the site script writes it. */
export const THEME_STORAGE_KEY = 'sitegate-theme';

/** The inline script, byte for byte as the page carries it (its hash depends on every byte). */
export const THEME_INIT_SCRIPT = `(function(){var d=document.documentElement;d.classList.add('js');try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark'||t==='auto')d.setAttribute('data-theme',t)}catch(e){}})();`;

/** The CSP source that allows {@link THEME_INIT_SCRIPT}: `'sha256-<base64>'`. */
export const THEME_INIT_CSP_SOURCE = `'sha256-${createHash('sha256').update(THEME_INIT_SCRIPT).digest('base64')}'`;
