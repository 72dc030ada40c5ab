/** What the export wrote for one URL: the shape the host configurations (nginx.ts, headers-file.ts) are made from. */

/** One exported URL, its file and the headers sitegate answered it with that a static host must repeat. */
export interface ServedFile {
  /** URL path as served, percent-encoded, base path included: `/docs/a/b`, `/docs/a/b.md`. */
  url: string;
  /** The file, relative to the export folder, `/`-separated (layout.ts `exportFileOf`). */
  file: string;
  /** `Content-Type` as sitegate sent it: `text/markdown; charset=utf-8`. */
  contentType: string;
  /** For a page's HTML: the URL path of its markdown twin, which `Accept: text/markdown` on `url` gets. */
  markdownTwin?: string;
  /**
   * Headers sitegate sent that describe the resource rather than the server (links.ts keeps the
   * `Link` values the export can honour): `link`, `x-robots-tag`, `content-signal`, by lower-case name.
   */
  headers: Readonly<Record<string, string>>;
}

/** The path a static server matches for a URL path: each segment percent-decoded (`/a%20b` → `/a b`), as nginx's `$uri` is. */
export function decodedPath(url: string): string {
  return url
    .split('/')
    .map((segment) => decodeURIComponent(segment))
    .join('/');
}

/** The media type of a `Content-Type` value, lower-cased, without parameters: `text/markdown`. */
export function mediaTypeOf(contentType: string): string {
  return (contentType.split(';', 1)[0] as string).trim().toLowerCase();
}

/** Whether a `Content-Type` value names the UTF-8 charset (`; charset=utf-8`, any case). */
export function hasUtf8Charset(contentType: string): boolean {
  return /;\s*charset="?utf-8"?/i.test(contentType);
}

/** The extension of a file's name, lower-cased, without the dot (`a/b.md` → `md`); `''` for none. */
export function extensionOf(file: string): string {
  const name = file.slice(file.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot + 1).toLowerCase();
}
