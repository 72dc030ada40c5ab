/**
 * The local files an exported HTML page uses (docs/export.md "Assets"): the targets of its `src`,
 * `href`, `srcset` and `poster` attributes that lie on the site, so an export carries the images
 * and files its public pages show, and nothing only an internal page links. Pure.
 */

/** Attributes whose values name a resource, and `srcset`, which names several (HTML §4.8.4.3.1). */
const URL_ATTRIBUTE = /\s(?:src|href|poster|srcset)="([^"]*)"/g;

/** The five entities the layout's attribute escaping writes (escape.ts), undone. */
function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|#39|lt|gt);/g, (_all, name: string) =>
    name === 'amp' ? '&' : name === 'quot' ? '"' : name === '#39' ? "'" : name === 'lt' ? '<' : '>',
  );
}

/**
 * URL paths on the site that `html` refers to, without query or fragment, each once.
 * @param html the page's HTML as served
 * @param pageUrl the page's absolute URL, which relative references resolve against
 * @param baseUrl the site's base URL without trailing slash; references outside it are left out
 * @returns URL paths as written in the URL (percent-encoded), base path included: `/docs/img/a.png`
 */
export function localReferences(html: string, pageUrl: string, baseUrl: string): string[] {
  const base = new URL(baseUrl);
  const basePath = base.pathname.replace(/\/$/, '');
  const found = new Set<string>();
  for (const match of html.matchAll(URL_ATTRIBUTE)) {
    const raw = unescapeAttribute(match[1] as string);
    const candidates = match[0].startsWith(' srcset') ? raw.split(',').map((entry) => entry.trim().split(/\s+/)[0] ?? '') : [raw];
    for (const candidate of candidates) {
      if (candidate === '' || candidate.startsWith('#')) continue;
      let url: URL;
      try {
        url = new URL(candidate, pageUrl);
      } catch {
        continue;
      }
      if (url.origin !== base.origin || !(url.pathname === basePath || url.pathname.startsWith(`${basePath}/`))) continue;
      found.add(url.pathname);
    }
  }
  return [...found];
}
