/**
 * The GitBook rows of the feature table (features/gitbook.ts), each from a fixture written after
 * its documentation page (named in the test), with the exact markdown agents get and the exact HTML.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { rewriteHtmlSources } from '../asset-links.js';
import { featuresOf } from './features.js';
import { gitbookFeatures } from './features/gitbook.js';
import { gitbookTagAt } from './gitbook-tags.js';
import { siteFilesOf } from './site-files.js';
import { dialect } from './test-support.js';

const gitbook = (source: string, relPath?: string): ReturnType<typeof dialect> =>
  dialect(source, { generator: 'gitbook', ...(relPath === undefined ? {} : { relPath }) });

describe('GitBook blocks (gitbook.com/docs/creating-content/blocks/*)', () => {
  it('hint: every documented style as a GitHub alert (gitbook.com/docs/creating-content/blocks/hint)', () => {
    const styles = { info: 'NOTE', success: 'TIP', warning: 'WARNING', danger: 'CAUTION' };
    for (const [style, alert] of Object.entries(styles)) {
      const out = gitbook(`{% hint style="${style}" %}\nRead **this**.\n{% endhint %}\n`);
      expect(out.text).toBe(`> [!${alert}]\n> Read **this**.\n`);
    }
    expect(gitbook('{% hint style="success" %}\nDone.\n{% endhint %}\n').html).toBe(
      '<div class="markdown-alert markdown-alert-tip"><p class="markdown-alert-title">Tip</p>\n<p>Done.</p>\n</div>\n',
    );
  });

  it('tabs: each tab a titled section (gitbook.com/docs/creating-content/blocks/tabs)', () => {
    const out = gitbook(
      '{% tabs %}\n{% tab title="Windows" %}\nRun the installer.\n{% endtab %}\n\n{% tab title="macOS" %}\nUse Homebrew.\n{% endtab %}\n{% endtabs %}\n',
    );
    expect(out.text).toBe('**Windows**\n\nRun the installer.\n\n**macOS**\n\nUse Homebrew.\n');
    expect(out.html).toBe(
      '<p><strong>Windows</strong></p>\n<p>Run the installer.</p>\n<p><strong>macOS</strong></p>\n<p>Use Homebrew.</p>\n',
    );
  });

  it('stepper: an ordered list of the steps, content kept in each (gitbook.com/docs/creating-content/blocks/stepper)', () => {
    const out = gitbook(
      '{% stepper %}\n{% step %}\n### Install\n\nRun `npm i`.\n{% endstep %}\n\n{% step %}\n### Build\n\n```sh\nnpm run build\n```\n{% endstep %}\n{% endstepper %}\n',
    );
    expect(out.text).toBe('1. ### Install\n\n   Run `npm i`.\n\n2. ### Build\n\n   ```sh\n   npm run build\n   ```\n');
    expect(out.html).toBe(
      '<ol>\n<li>\n<h3 id="install">Install</h3>\n<p>Run <code>npm i</code>.</p>\n</li>\n<li>\n<h3 id="build">Build</h3>\n<pre tabindex="0"><code class="language-sh">npm run build\n</code></pre>\n</li>\n</ol>\n',
    );
    expect(out.problems).toEqual([]);
  });

  it('columns: the columns one after another (gitbook.com/docs/creating-content/blocks/columns)', () => {
    const out = gitbook(
      '{% columns %}\n{% column %}\nLeft text.\n{% endcolumn %}\n\n{% column %}\nRight text.\n{% endcolumn %}\n{% endcolumns %}\n',
    );
    expect(out.text).toBe('Left text.\n\nRight text.\n');
    expect(out.html).toBe('<p>Left text.</p>\n<p>Right text.</p>\n');
    expect(out.problems).toEqual([]);
  });

  it('embed: a link, a % in its URL kept (gitbook.com/docs/creating-content/blocks/embed-a-url)', () => {
    const block = gitbook('{% embed url="https://example.com/video?start=50%" %}\n');
    expect(block.text).toBe('[https://example.com/video?start=50%](https://example.com/video?start=50%)\n');
    expect(block.html).toBe('<p><a href="https://example.com/video?start=50%25">https://example.com/video?start=50%</a></p>\n');
    const captioned = gitbook('{% embed url="https://youtu.be/x" %}\nDemo\n{% endembed %}\n');
    expect(captioned.text).toBe('[Demo](https://youtu.be/x)\n');
    const inline = gitbook('Watch {% embed url="https://x.test/?a=50%" %} now.\n');
    expect(inline.text).toBe('Watch [https://x.test/?a=50%](https://x.test/?a=50%) now.\n');
    expect(inline.html).toBe('<p>Watch <a href="https://x.test/?a=50%25">https://x.test/?a=50%</a> now.</p>\n');
  });

  it('content-ref: the page link (gitbook.com/docs/creating-content/blocks/page-link)', () => {
    const out = gitbook('{% content-ref url="api.md" %}\n[API reference](api.md)\n{% endcontent-ref %}\n');
    expect(out.text).toBe('[API reference](api.md)\n');
    expect(out.html).toBe('<p><a href="/api">API reference</a></p>\n');
    expect(gitbook('{% content-ref url="api.md" %}\n{% endcontent-ref %}\n').text).toBe('[api.md](api.md)\n');
  });

  it('code title: the title in bold over the block (gitbook.com/docs/creating-content/blocks/code-block)', () => {
    const out = gitbook('{% code title="index.js" lineNumbers="true" %}\n```js\nconsole.log(1)\n```\n{% endcode %}\n');
    expect(out.text).toBe('**index.js**\n\n```js\nconsole.log(1)\n```\n');
    expect(out.html).toBe('<p><strong>index.js</strong></p>\n<pre tabindex="0"><code class="language-js">console.log(1)\n</code></pre>\n');
  });

  it('file: a link to the file, its caption as text (gitbook.com/docs/creating-content/blocks/insert-files)', () => {
    const out = gitbook('{% file src=".gitbook/assets/guide.pdf" %}\nThe guide\n{% endfile %}\n');
    expect(out.text).toBe('[The guide](.gitbook/assets/guide.pdf)\n');
    expect(out.html).toBe('<p><a href="/.gitbook/assets/guide.pdf">The guide</a></p>\n');
    expect(gitbook('{% file src=".gitbook/assets/guide.pdf" %}\n{% endfile %}\n').text).toBe('[guide.pdf](.gitbook/assets/guide.pdf)\n');
  });

  it('updates: each update under its date (gitbook.com/docs/creating-content/blocks/updates)', () => {
    const out = gitbook(
      '{% updates format="full" %}\n{% update date="2024-05-01" %}\n## New editor\n\nFaster.\n{% endupdate %}\n{% endupdates %}\n',
    );
    expect(out.text).toBe('**2024-05-01**\n\n## New editor\n\nFaster.\n');
    expect(out.html).toBe('<p><strong>2024-05-01</strong></p>\n<h2 id="new-editor">New editor</h2>\n<p>Faster.</p>\n');
    expect(out.problems).toEqual([]);
  });
});

describe('GitBook API blocks (gitbook.com/docs/api-references/openapi)', () => {
  it('openapi: method and path, then the link to the spec the export writes', () => {
    const out = gitbook(
      '{% openapi src="../.gitbook/assets/pets.yaml" path="/pets" method="get" %}\n[pets.yaml](../.gitbook/assets/pets.yaml)\n{% endopenapi %}\n',
      'api/list.md',
    );
    expect(out.text).toBe('**GET /pets**\n\n[pets.yaml](../.gitbook/assets/pets.yaml)\n');
    expect(out.html).toBe('<p><strong>GET /pets</strong></p>\n<p><a href="/.gitbook/assets/pets.yaml">pets.yaml</a></p>\n');
  });

  it('openapi without a body: a link to its src', () => {
    const out = gitbook('{% openapi src="spec.yaml" path="/pets" method="post" %}\n{% endopenapi %}\n');
    expect(out.text).toBe('**POST /pets**\n\n[spec.yaml](spec.yaml)\n');
    expect(out.html).toBe('<p><strong>POST /pets</strong></p>\n<p><a href="/spec.yaml">spec.yaml</a></p>\n');
  });

  it('swagger: the older inline definition as text', () => {
    const out = gitbook(
      '{% swagger method="get" path="/pets/{id}" baseUrl="https://api.test" summary="Get a pet" %}\n{% swagger-description %}\nOne pet.\n{% endswagger-description %}\n\n{% swagger-parameter in="path" name="id" type="String" required="true" %}\nThe pet id\n{% endswagger-parameter %}\n\n{% swagger-response status="200" description="Found" %}\n```json\n{}\n```\n{% endswagger-response %}\n{% endswagger %}\n',
    );
    expect(out.text).toBe(
      '**GET https://api.test/pets/{id}**\n\nGet a pet\n\nOne pet.\n\n- `id` (path, String, required): The pet id\n\n**Response 200**: Found\n\n```json\n{}\n```\n',
    );
    expect(out.html).toBe(
      '<p><strong>GET https://api.test/pets/{id}</strong></p>\n<p>Get a pet</p>\n<p>One pet.</p>\n<ul>\n<li><code>id</code> (path, String, required): The pet id</li>\n</ul>\n<p><strong>Response 200</strong>: Found</p>\n<pre tabindex="0"><code class="language-json">{}\n</code></pre>\n',
    );
    expect(out.problems).toEqual([]);
  });
});

describe('GitBook tags in code spans', () => {
  it('leaves a tag in a code span as text, unreported', () => {
    const out = gitbook('Always close with `{% endif %}` and `{% endfor %}`.\n');
    expect(out.text).toBe('Always close with `{% endif %}` and `{% endfor %}`.\n');
    expect(out.problems).toEqual([]);
  });

  it('reads a tag whose attribute holds a % up to %} and stays linear on unclosed tags', () => {
    const text = '{% embed url="a%b" %}';
    expect(gitbookTagAt(text, 0)).toEqual({ name: 'embed', rest: ' url="a%b"', end: text.length });
    const hostile = '{% a="%'.repeat(20_000);
    const started = performance.now();
    expect(gitbook(hostile).text).toBe(hostile);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe('GitBook reusable content (gitbook.com/docs/creating-content/reusable-content)', () => {
  const site = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-gitbook-')));
  afterAll(() => rmSync(site, { recursive: true, force: true }));
  mkdirSync(path.join(site, '.gitbook', 'includes'), { recursive: true });
  writeFileSync(path.join(site, '.gitbook', 'includes', 'support.md'), '---\ntitle: Support\n---\nWrite to **support@example.com**.\n');
  const files = siteFilesOf(site, [], new InternalZone([]));

  it('inlines the block a page includes, frontmatter left out', () => {
    const out = dialect('# Help\n\n{% include "../.gitbook/includes/support.md" %}\n', {
      relPath: 'guide/help.md',
      files,
      generator: 'gitbook',
    });
    expect(out.text).toBe('# Help\n\nWrite to **support@example.com**.\n');
    expect(out.html).toBe('<h1 id="help">Help</h1>\n<p>Write to <strong>support@example.com</strong>.</p>\n');
    expect(out.problems).toEqual([]);
  });
});

describe('GitBook images (gitbook.com/docs/creating-content/blocks/insert-images)', () => {
  it('rewrites each srcset URL of <picture><source> and <img> to the served asset in the HTML', () => {
    const source =
      '<picture><source srcset="../.gitbook/assets/dark.png" media="(prefers-color-scheme: dark)"><img src="../.gitbook/assets/light.png" srcset="../.gitbook/assets/light.png 1x, ../.gitbook/assets/light@2x.png 2x" alt="Editor"></picture>\n';
    const out = gitbook(source, 'guide/page.md');
    expect(out.text).toBe(source);
    expect(out.html).toBe(
      '<p><picture><source srcset="/.gitbook/assets/dark.png" media="(prefers-color-scheme: dark)"><img src="/.gitbook/assets/light.png" srcset="/.gitbook/assets/light.png 1x, /.gitbook/assets/light@2x.png 2x" alt="Editor"></picture></p>\n',
    );
  });

  it('rewrites srcset in raw HTML as the markdown agents get reads it, data: URLs left', () => {
    const map = (value: string): string => `/assets/${value.split('/').pop() ?? ''}`;
    expect(rewriteHtmlSources('<source srcset="a/x.png 480w, a/y.png 960w">', map)).toBe(
      '<source srcset="/assets/x.png 480w, /assets/y.png 960w">',
    );
    expect(rewriteHtmlSources('<img srcset="data:image/png;base64,AAA 1x">', map)).toBe('<img srcset="data:image/png;base64,AAA 1x">');
  });
});

describe('GitBook feature rows', () => {
  it('are GitBook rows with a doc page each, listed for GitBook sites', () => {
    for (const row of gitbookFeatures) {
      expect(row.id.startsWith('gitbook.')).toBe(true);
      expect(row.generators).toEqual(['gitbook']);
      expect(row.doc.startsWith('https://gitbook.com/docs/')).toBe(true);
    }
    expect(
      featuresOf('gitbook')
        .filter((row) => row.id.startsWith('gitbook.'))
        .map((row) => row.id),
    ).toEqual(gitbookFeatures.map((row) => row.id));
  });

  it('detect the fixtures above', () => {
    const detected = (source: string): string[] => gitbookFeatures.filter((row) => row.detect?.test(source) === true).map((row) => row.id);
    expect(detected('{% stepper %}\n{% step %}\nA\n{% endstep %}\n{% endstepper %}')).toEqual(['gitbook.stepper']);
    expect(detected('{% columns %}\n{% column %}\nA\n{% endcolumn %}\n{% endcolumns %}')).toEqual(['gitbook.columns']);
    expect(detected('<img srcset="a.png 2x">')).toEqual(['gitbook.picture-srcset']);
    expect(detected('Plain text.')).toEqual([]);
  });
});
