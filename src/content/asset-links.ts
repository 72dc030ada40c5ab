/**
 * Links to static files (content/assets.ts) as pages write them: markdown images and links resolve
 * as page links do (content/links.ts, through {@link Site.urlOfFile}), root-absolute paths
 * (`/img/logo.png`, the generators' static folders) by the asset served there, and the `src` of
 * raw HTML media tags (`<img src="../.gitbook/assets/a.png">`, GitBook's figures), each URL of
 * their `srcset` (`<picture><source srcset>`, GitBook's light/dark images) and the `href` of its
 * links (GitBook's card tables) both ways.
 */
import { isAssetName } from './assets.js';
import { decodeRequestPath } from './paths.js';

/** The URL path of the asset served at a decoded URL path (`/img/a b.png`), or undefined. */
export type AssetUrlLookup = (key: string) => string | undefined;

/**
 * What a root-absolute link (`/img/a.png?x#y`) names: the asset's canonical URL path plus the query
 * and fragment; `broken` when its last segment has an asset extension and no asset is there;
 * `undefined` for anything else (page links, issue 14's URL conventions, are not judged here).
 */
export function resolveAbsoluteAsset(href: string, assetUrl: AssetUrlLookup): { url: string } | 'broken' | undefined {
  const cut = href.search(/[?#]/);
  const rawPath = cut === -1 ? href : href.slice(0, cut);
  if (!isAssetName(rawPath.slice(rawPath.lastIndexOf('/') + 1))) return undefined;
  const key = decodeRequestPath(rawPath);
  const url = key === undefined ? undefined : assetUrl(key);
  return url === undefined ? 'broken' : { url: url + (cut === -1 ? '' : href.slice(cut)) };
}

/**
 * `src` of `<img>`, `<source>`, `<video>`, `<audio>`, `<track>`, `<embed>` and `href` of `<a>` in
 * raw HTML, quoted or not: group 1 the tag up to the value, 2 the attribute name, 3–5 the value.
 */
const HTML_REFERENCE =
  /(<(?:(?:img|source|video|audio|track|embed)\b[^>]*?\s(src)|a\b[^>]*?\s(href))\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * Rewrites the `src` of every media tag and the `href` of every `<a>` in raw HTML; `map` returns
 * the new value (unquoted) or undefined to leave it; `offset` is where the tag starts in `html`. A
 * new value is put back in double quotes.
 */
export function rewriteHtmlSources(
  html: string,
  map: (value: string, attribute: 'src' | 'href', offset: number) => string | undefined,
): string {
  if (!/(src|srcset|href)\s*=/i.test(html)) return html;
  const sources = html.replace(
    HTML_REFERENCE,
    (whole, lead: string, src?: string, href?: string, double?: string, single?: string, bare?: string, offset?: number) => {
      const value = (double ?? single ?? bare ?? '').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
      const mapped = map(value, src === undefined && href !== undefined ? 'href' : 'src', offset ?? 0);
      return mapped === undefined ? whole : `${lead}"${mapped.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
    },
  );
  return /srcset\s*=/i.test(sources) ? rewriteSrcsets(sources, map) : sources;
}

/**
 * `srcset` of `<img>` and `<source>` (GitBook's `<picture>` export of light and dark images),
 * quoted: group 1 the tag up to the value, 2–3 the value.
 */
const SRCSET = /(<(?:img|source)\b[^>]*?\ssrcset\s*=\s*)(?:"([^"]*)"|'([^']*)')/gi;

/**
 * Rewrites each URL of every `srcset` (WHATWG HTML §4.8.4.3.1: comma-separated image candidates,
 * each a URL and an optional width or density descriptor) through `map`, as a `src`. A set with a
 * `data:` URL, whose commas are the URL's own, is left as written.
 */
function rewriteSrcsets(html: string, map: (value: string, attribute: 'src' | 'href', offset: number) => string | undefined): string {
  return html.replace(SRCSET, (whole, lead: string, double?: string, single?: string, offset?: number) => {
    const value = (double ?? single ?? '').replace(/&amp;/g, '&');
    if (/data:/i.test(value)) return whole;
    const candidates = value.split(',').map((candidate) => {
      const trimmed = candidate.trim();
      const space = trimmed.search(/\s/);
      const url = space === -1 ? trimmed : trimmed.slice(0, space);
      const mapped = url === '' ? undefined : map(url, 'src', offset ?? 0);
      return mapped === undefined
        ? { text: trimmed, mapped: false }
        : { text: mapped + (space === -1 ? '' : trimmed.slice(space)), mapped: true };
    });
    if (!candidates.some((candidate) => candidate.mapped)) return whole;
    const rewritten = candidates.map((candidate) => candidate.text).join(', ');
    return `${lead}"${rewritten.replace(/&/g, '&amp;').replace(/"/g, '&quot;')}"`;
  });
}
