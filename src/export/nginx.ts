/**
 * The nginx configuration of an export (docs/export.md "nginx"): one server that serves the export
 * folder as sitegate serves the site. A page URL answers its HTML, or its markdown twin when the
 * request's `Accept` prefers `text/markdown` (RFC 9110 §12.5.1, approximated by `map` on
 * `$http_accept`, see {@link ACCEPT_MAP}), with `Vary: Accept`; every file gets the media type and
 * charset sitegate sent, and pages and twins their `Link` headers. Include it in nginx's `http`
 * block. Pure: the text is made from what the export wrote.
 */
import { decodedPath, extensionOf, hasUtf8Charset, mediaTypeOf, type ServedFile } from './served-file.js';

/** Options of {@link buildNginxConf}. */
export interface NginxOptions {
  /** Absolute path of the export folder: the server's `root`. */
  root: string;
  /** The `listen` parameters: `80`, `127.0.0.1:8080`. */
  listen: string;
  /** The export's own files at its root that nginx must not serve (`nginx.conf`, `_headers`). */
  hidden: readonly string[];
}

/**
 * A string as an nginx quoted string. `$` would start a variable in values (map results,
 * `add_header`), and nginx has no escape for it, so it is written as the `$sitegate_dollar`
 * variable that {@link buildNginxConf} defines.
 */
function quoted(value: string, interpolated = false): string {
  const escaped = value.replaceAll('\\', '\\\\').replaceAll('"', '\\"');
  return `"${interpolated ? escaped.replaceAll('$', '${sitegate_dollar}') : escaped}"`;
}

/**
 * How `Accept` picks markdown, in nginx `map` rows (first matching regex wins). sitegate
 * negotiates with `negotiator` (answers/negotiation.ts): the higher q-value wins, then the more
 * specific range, then the range listed first, so `text/markdown, text/html` gets markdown and
 * `text/html, text/markdown` HTML. The rows give markdown when it is accepted at q=1 and no
 * `text/html` at q=1 is listed before it, or when it is accepted and neither `text/html` nor a
 * wildcard is; they give HTML otherwise, also for rarer mixes of q-values that sitegate would
 * answer with markdown (`text/html;q=0.5, text/markdown;q=0.9`).
 */
export const ACCEPT_MAP = [
  'map $http_accept $sitegate_wants_markdown {',
  '    default 0;',
  '    "~*text/markdown\\s*;\\s*q=0(\\.0{0,3})?\\s*(,|$)" 0;',
  '    "~*^((?!text/html\\s*(,|$|;\\s*q=1(\\.0*)?\\s*(,|$))).)*text/markdown\\s*(,|$|;\\s*q=1(\\.0*)?\\s*(,|$))" 1;',
  '    "~*^(?!.*(text/html|text/\\*|\\*/\\*)).*text/markdown" 1;',
  '}',
].join('\n');

/**
 * The `types` the files need, each extension with the media type most of its files were sent
 * with, and `location =` blocks for the files sent with another (`/feed.xml` as Atom beside
 * `/sitemap.xml`) or named without an extension.
 */
function mediaTypes(files: readonly ServedFile[]): { types: Map<string, string>; exceptions: ServedFile[] } {
  const counts = new Map<string, Map<string, number>>();
  for (const file of files) {
    const byType = counts.get(extensionOf(file.file)) ?? new Map<string, number>();
    const type = mediaTypeOf(file.contentType);
    byType.set(type, (byType.get(type) ?? 0) + 1);
    counts.set(extensionOf(file.file), byType);
  }
  const types = new Map<string, string>();
  for (const [extension, byType] of counts) {
    if (extension === '') continue;
    const [best] = [...byType].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
    if (best !== undefined) types.set(extension, best[0]);
  }
  const exceptions = files.filter((file) => types.get(extensionOf(file.file)) !== mediaTypeOf(file.contentType));
  return { types, exceptions };
}

/** The smallest power of two at least `n`. */
function powerOfTwoAtLeast(n: number): number {
  return 2 ** Math.ceil(Math.log2(Math.max(n, 1)));
}

/**
 * `map_hash_bucket_size` and `map_hash_max_size` (nginx map module) for the maps' keys: nginx's
 * defaults (one cache line, 2,048 entries) fail to start ("could not build map_hash") once a path is
 * longer than some 50 bytes or a site has a few thousand files. Both are http-level settings, so an
 * http block that sets them itself must drop these lines.
 */
function mapHashSizes(files: readonly ServedFile[]): string[] {
  const longest = Math.max(
    0,
    ...files.map((file) => Buffer.byteLength(decodedPath(file.url)) + 2),
    ...files.map((file) => Buffer.byteLength(file.file) + 3),
  );
  return [
    '# Sized for the maps below; remove these two lines if your http block sets them.',
    `map_hash_bucket_size ${Math.max(64, powerOfTwoAtLeast(longest + 16))};`,
    `map_hash_max_size ${Math.max(2048, powerOfTwoAtLeast(files.length * 4))};`,
  ];
}

/** A `map` of `$uri` (decoded) to a value per file; files without a value are left out. */
function uriMap(variable: string, source: string, rows: readonly (readonly [string, string])[]): string {
  const lines = rows.map(([uri, value]) => `    ${quoted(uri)} ${quoted(value, true)};`);
  return [`map ${source} ${variable} {`, '    default "";', ...lines, '}'].join('\n');
}

/**
 * The configuration text: `map`s of the negotiation, the twins and the headers, then one `server`.
 * The try order finds a page at `a/b.html` (or, for a URL ending in `/`, `a/b/index.html`) and
 * every other file by its name;
 * the negotiated twin comes first, so nginx picks its media type by its `.md` name. `Link` is
 * chosen by the file served (`$uri` after `try_files`), so negotiated markdown links as the `.md`
 * URL does; `Vary: Accept` by the URL asked (the map's value is kept from the `try_files` step).
 */
export function buildNginxConf(files: readonly ServedFile[], options: NginxOptions): string {
  const pages = files.filter((file) => file.markdownTwin !== undefined);
  const { types, exceptions } = mediaTypes(files);
  const utf8Types = [...new Set(files.filter((file) => hasUtf8Charset(file.contentType)).map((file) => mediaTypeOf(file.contentType)))];
  const twins = pages.map((page) => [decodedPath(page.url), decodedPath(page.markdownTwin as string)] as const);
  const withHeader = (name: string): [string, string][] =>
    files.flatMap((file) => (file.headers[name] === undefined ? [] : [[`/${file.file}`, file.headers[name]] as [string, string]]));
  const typeLines = [...types].map(([extension, type]) => `        ${type} ${extension};`);
  const exceptionBlocks = exceptions.map((file) =>
    [
      `    location = ${quoted(decodedPath(file.url))} {`,
      '        types { }',
      `        default_type ${quoted(mediaTypeOf(file.contentType))};`,
      `        charset ${hasUtf8Charset(file.contentType) ? 'utf-8' : 'off'};`,
      '    }',
    ].join('\n'),
  );
  return [
    '# nginx configuration of a sitegate export (docs/export.md). Include it in the http block;',
    '# made by `sitegate export`, which writes it again on each export.',
    ...mapHashSizes(files),
    'geo $sitegate_dollar { default "$"; }',
    ACCEPT_MAP,
    uriMap('$sitegate_markdown_twin', '$uri', twins),
    'map "$sitegate_wants_markdown$sitegate_markdown_twin" $sitegate_negotiated {',
    '    default "";',
    '    "~^1(?<sitegate_twin>/.*)$" $sitegate_twin;',
    '}',
    'map $sitegate_markdown_twin $sitegate_vary {',
    '    default "";',
    '    "~." "Accept";',
    '}',
    uriMap('$sitegate_link', '$uri', withHeader('link')),
    uriMap('$sitegate_robots', '$uri', withHeader('x-robots-tag')),
    uriMap('$sitegate_content_signal', '$uri', withHeader('content-signal')),
    'server {',
    `    listen ${options.listen};`,
    `    root ${quoted(options.root)};`,
    '    types {',
    ...typeLines,
    '    }',
    '    default_type application/octet-stream;',
    '    charset utf-8;',
    // nginx always counts text/html among charset_types, and warns when it is named.
    `    charset_types ${utf8Types.filter((type) => type !== 'text/html').join(' ') || 'text/markdown'};`,
    // Headers are set here only: a location that set one would drop the server's (nginx add_header).
    '    add_header X-Content-Type-Options nosniff always;',
    '    add_header Vary $sitegate_vary;',
    '    add_header Link $sitegate_link;',
    '    add_header X-Robots-Tag $sitegate_robots;',
    '    add_header Content-Signal $sitegate_content_signal;',
    '    location / {',
    '        try_files $sitegate_negotiated $uri $uri.html =404;',
    '    }',
    '    location ~ /$ {',
    '        try_files $sitegate_negotiated ${uri}index.html =404;',
    '    }',
    ...exceptionBlocks,
    ...options.hidden.map((name) => `    location = ${quoted(`/${name}`)} { return 404; }`),
    '}',
    '',
  ].join('\n');
}
