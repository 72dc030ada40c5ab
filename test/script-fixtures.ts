/**
 * A site whose pages carry every script vector of issue 28 (item 4), shared by the listener test
 * (script-from-content.test.ts) and the browser test (browser.script.system.test.ts). Each vector, should
 * it run, records its name in `window.__pwned`, sets `document.title` to `pwned-<name>` or calls
 * `alert()`, so that a browser shows whether any ran.
 */
import { writeContent } from './helpers.js';

/** Script an upload would run: sets the title and the marker. */
export const UPLOAD_JS = "document.title = 'pwned-upload'; window.__pwned = 'upload';\n";

/** An SVG upload with script: run only if the browser opens it with the site's origin and without a sandbox. */
export const EVIL_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" onload="document.title=\'pwned-svg-file\'">' +
  "<script>window.__pwned = 'svg-file'; document.title = 'pwned-svg-file-script';</script>" +
  '<rect width="40" height="40" fill="teal"/></svg>\n';

/** A markdown page with every vector: raw HTML at the start of a line and mid-line. */
export const VECTORS_MD = [
  '# Vectors',
  '',
  "Mid-line <script>window.__pwned = 'inline'; document.title = 'pwned-inline';</script> script.",
  '',
  "<script>window.__pwned = 'block'; document.title = 'pwned-block';</script>",
  '',
  // Mid-line, where the VitePress dialect (content/dialects/vue.ts) does not drop it.
  'An upload: <script src="/.gitbook/assets/x.js"></script> loaded.',
  '',
  '<img src="x" onerror="window.__pwned = \'onerror\'; document.title = \'pwned-onerror\'" alt="Broken on purpose">',
  '',
  '<a id="js-link" href="javascript:window.__pwned = \'link\'; document.title = \'pwned-link\'">Click me</a>',
  '',
  '<meta http-equiv="refresh" content="0;url=https://example.org">',
  '',
  '<base href="https://example.org/">',
  '',
  '<object data="/.gitbook/assets/evil.svg" type="image/svg+xml">Diagram</object>',
  '',
  "<iframe srcdoc=\"<script>parent.window.__pwned = 'srcdoc'; parent.document.title = 'pwned-srcdoc'</script>\"></iframe>",
  '',
  '<svg onload="window.__pwned = \'svg-onload\'; document.title = \'pwned-svg-onload\'"><circle r="2"/></svg>',
  '',
  "<svg><script>window.__pwned = 'svg-script'; document.title = 'pwned-svg-script';</script></svg>",
  '',
  '<img src="/.gitbook/assets/evil.svg" alt="An SVG with script, as an image">',
  '',
  '<p onmouseover="alert(\'pwned-mouseover\')">The end.</p>',
  '',
].join('\n');

/** An MDX page with the same vectors as JSX. */
export const VECTORS_MDX = [
  '# JSX vectors',
  '',
  "<script>window.__pwned = 'mdx-block'; document.title = 'pwned-mdx-block';</script>",
  '',
  "Inline <script>window.__pwned = 'mdx-inline'; document.title = 'pwned-mdx-inline';</script> text.",
  '',
  '<a href="javascript:alert(\'pwned-mdx-link\')">JSX link</a>',
  '',
  '<meta http-equiv="refresh" content="0;url=https://example.org" />',
  '',
  'The end.',
  '',
].join('\n');

/**
 * Writes the site: the two pages, a plain page, and GitBook's upload folder holding an image, an
 * OpenAPI document and the types never served (script, page, stylesheet, XML, WebAssembly, no extension).
 * @returns the content folder
 */
export function writeScriptSite(): string {
  return writeContent({
    'index.md': '# Home\n\nA plain page.\n',
    'vectors.md': VECTORS_MD,
    'jsx.mdx': VECTORS_MDX,
    '.gitbook/assets/a.png': '\x89PNG\r\n\x1a\nfake',
    '.gitbook/assets/evil.svg': EVIL_SVG,
    '.gitbook/assets/spec.yaml': 'openapi: 3.1.0\n',
    '.gitbook/assets/x.js': UPLOAD_JS,
    '.gitbook/assets/x.mjs': UPLOAD_JS,
    '.gitbook/assets/page.html': '<script>alert(1)</script>\n',
    '.gitbook/assets/page.htm': '<script>alert(1)</script>\n',
    '.gitbook/assets/page.xhtml': '<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>\n',
    '.gitbook/assets/feed.xml': '<x/>\n',
    '.gitbook/assets/style.css': 'body { display: none }\n',
    '.gitbook/assets/module.wasm': '\0asm',
    '.gitbook/assets/README': 'no extension\n',
  });
}
