/**
 * Links to static files (content/assets.ts) as pages write them: markdown images and links resolve
 * as page links do (content/links.ts, through {@link Site.urlOfFile}), root-absolute paths
 * (`/img/logo.png`, the generators' static folders) by the asset served there, and the `src` of
 * raw HTML media tags (`<img src="../.gitbook/assets/a.png">`, GitBook's figures) both ways.
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

/** `src` of `<img>`, `<source>`, `<video>`, `<audio>`, `<track>`, `<embed>` in raw HTML, quoted or not. */
const HTML_SOURCE = /(<(?:img|source|video|audio|track|embed)\b[^>]*?\ssrc\s*=\s*)(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

/**
 * Rewrites the `src` of every media tag in raw HTML; `map` returns the new value (unquoted, as
 * written) or undefined to leave it. The value is put back in double quotes.
 */
export function rewriteHtmlSources(html: string, map: (src: string) => string | undefined): string {
  if (!/src\s*=/i.test(html)) return html;
  return html.replace(HTML_SOURCE, (whole, lead: string, double?: string, single?: string, bare?: string) => {
    const src = double ?? single ?? bare ?? '';
    const mapped = map(src);
    return mapped === undefined ? whole : `${lead}"${mapped.replace(/"/g, '&quot;')}"`;
  });
}
