/**
 * The site's branding settings (`site.logo`, `site.favicon`, `site.accentColor`, `site.theme`,
 * `site.editUrl`, config/settings.ts) and how the pages use them: image references resolved to
 * URLs, the accent colour as a rule appended to the site stylesheet (no inline style: the CSP has
 * no `unsafe-inline`). Every value is checked when the configuration is loaded (config/checks.ts).
 */
import { cssColor } from '../config/checks.js';
import { encodePath } from '../content/paths.js';

/** The colour themes a page can be shown in; `auto` follows `prefers-color-scheme` (Media Queries 5 §12.5). */
export const THEMES = ['light', 'dark', 'auto'] as const;
export type Theme = (typeof THEMES)[number];

/** Branding settings as configured; `null` = unset. */
export interface Branding {
  /** Header logo: a path in the content folder (`img/logo.svg`) or an http(s) URL. */
  logo: string | null;
  /** Site icon, the same kinds of value. */
  favicon: string | null;
  /** A CSS colour (validated). */
  accentColor: string | null;
  /** Theme before the reader picks one. */
  theme: Theme;
  /** Edit URL pattern (content/edit-url.ts): a base URL, or one holding `:path`. */
  editUrl: string | null;
}

/** No branding: sitegate's own look. */
export const DEFAULT_BRANDING: Branding = { logo: null, favicon: null, accentColor: null, theme: 'auto', editUrl: null };

/**
 * The URL of an image setting: an http(s) URL as given, else the static file's URL under the base
 * path (`img/my logo.svg` → `/docs/img/my%20logo.svg`); `undefined` when unset.
 * @param urlOfFile the site's URL of a content-folder file (content/site.ts `urlOfFile`), when it knows it
 */
export function imageUrlOf(
  value: string | null,
  basePath: string,
  urlOfFile: (relPath: string) => string | undefined = () => undefined,
): string | undefined {
  if (value === null) return undefined;
  if (/^https?:\/\//i.test(value)) return value;
  const relPath = value.replace(/^\/+/, '');
  return basePath + (urlOfFile(relPath) ?? encodePath(`/${relPath}`));
}

/** The stylesheet rule that sets the accent colour, appended to the site stylesheet; `''` when unset. */
export function accentCss(accentColor: string | null): string {
  return accentColor === null ? '' : `:root,[data-theme]{--accent:${cssColor(accentColor)}}\n`;
}
