/**
 * The `Link` header (RFC 8288 §3) of an exported answer, kept to what the export serves: a link to
 * another site stays, a link to a URL of this site stays only when that URL was exported (so the
 * static copy never points agents at `/mcp` or the api-catalog, which it does not have). Pure.
 */

/**
 * `value` without the links whose target is on the site at `baseUrl` and not in `exported`.
 * @param value a `Link` field value as sitegate writes it: `<url>; params, <url>; params`
 * @param exported absolute URLs the export holds
 * @returns the kept links, joined as they were; `''` when none is kept
 */
export function exportedLinks(value: string, baseUrl: string, exported: ReadonlySet<string>): string {
  const origin = new URL(baseUrl).origin;
  return value
    .split(/,\s*(?=<)/)
    .filter((link) => {
      const target = /^<([^>]*)>/.exec(link)?.[1];
      if (target === undefined) return false;
      const url = new URL(target, baseUrl);
      if (url.origin !== origin) return true;
      url.hash = '';
      return exported.has(url.href);
    })
    .join(', ');
}
