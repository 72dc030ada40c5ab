import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { siteFilesOf } from './site-files.js';
import { InternalZone } from '../access.js';
import { dialect } from './test-support.js';

const site = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-includes-')));
const write = (rel: string, text: string): void => {
  mkdirSync(path.dirname(path.join(site, rel)), { recursive: true });
  writeFileSync(path.join(site, rel), text);
};
write('book.toml', '[book]\n');
write('listings/a.rs', 'use std::io;\n// ANCHOR: here\nfn main() {}\n// ANCHOR_END: here\n');
write('content/internal/secret.md', 'secret\n');
write('content/_common/note.md', '---\ntitle: x\n---\nShared **text**.\n');
write('../outside-sitegate.txt', 'outside\n');
symlinkSync(path.join(site, '..', 'outside-sitegate.txt'), path.join(site, 'content', 'link.txt'));
const files = siteFilesOf(path.join(site, 'content'), [], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('mdBook includes', () => {
  it('inlines an anchor of a listing beside the content folder, in a code block', () => {
    const out = dialect('```rust\n{{#rustdoc_include ../listings/a.rs:here}}\n```\n', { relPath: 'ch01.md', files });
    expect(out.text).toBe('```rust\nfn main() {}\n```\n');
    expect(out.html).toBe('<pre tabindex="0"><code class="language-rust">fn main() {}\n</code></pre>\n');
  });

  it('selects line ranges, 1-based and inclusive', () => {
    expect(dialect('{{#include ../listings/a.rs:1}}', { relPath: 'ch01.md', files }).text).toBe('use std::io;');
    expect(dialect('{{#include ../listings/a.rs:3:3}}', { relPath: 'ch01.md', files }).text).toBe('fn main() {}');
  });

  it('fails closed: outside the site folder, through a symlink, internal files into public pages', () => {
    for (const target of ['../../outside-sitegate.txt', 'link.txt', 'internal/secret.md']) {
      const out = dialect(`A\n{{#include ${target}}}\nB`, { relPath: 'ch01.md', files });
      expect(out.text).toBe(`A\n(include refused: \`${target}\`)\nB`);
      expect(out.problems).toHaveLength(1);
      expect(out.problems[0]?.severity).toBe('error');
    }
    expect(dialect('{{#include internal/secret.md}}', { relPath: 'ch01.md', files, internal: true }).text).toBe('secret');
  });
});

describe('Hugo shortcodes', () => {
  it('renders include, details, highlight, figure, and unwraps or drops the rest with a report', () => {
    const out = dialect(
      '{{% include "/_common/note.md" %}}\n\n{{< details summary="More" >}}\nHidden.\n{{< /details >}}\n\nNew {{< new-in 0.1 />}}here.\n\n`{{< kept >}}`\n',
      { relPath: 'page.md', files },
    );
    expect(out.text).toBe('\nShared **text**.\n\n\n\n> **More**\n>\n> Hidden.\n\n\nNew here.\n\n`{{< kept >}}`\n');
    expect(out.html).toBe(
      '<p>Shared <strong>text</strong>.</p>\n<blockquote>\n<p><strong>More</strong></p>\n<p>Hidden.</p>\n</blockquote>\n<p>New here.</p>\n<p><code>{{&lt; kept &gt;}}</code></p>\n',
    );
    expect(out.problems).toEqual([{ severity: 'warning', file: 'page.md', message: 'Hugo shortcodes not rendered: new-in ×1 dropped' }]);
  });

  it('renders code-toggle as TOML, YAML and JSON tabs, and notes as alerts', () => {
    expect(dialect('{{< code-toggle file=hugo >}}\ntitle = "x"\n{{< /code-toggle >}}').text).toBe(
      '\n**hugo.toml**\n\n```toml\ntitle = "x"\n```\n\n**hugo.yaml**\n\n```yaml\ntitle: x\n```\n\n**hugo.json**\n\n```json\n{\n  "title": "x"\n}\n```\n',
    );
    const toggle = dialect('{{< code-toggle file=hugo >}}\ntitle = "x"\n{{< /code-toggle >}}');
    expect(toggle.html).toBe(
      '<p><strong>hugo.toml</strong></p>\n<pre tabindex="0"><code class="language-toml">title = &quot;x&quot;\n</code></pre>\n<p><strong>hugo.yaml</strong></p>\n<pre tabindex="0"><code class="language-yaml">title: x\n</code></pre>\n<p><strong>hugo.json</strong></p>\n<pre tabindex="0"><code class="language-json">{\n  &quot;title&quot;: &quot;x&quot;\n}\n</code></pre>\n',
    );
    const warning = dialect('{{< warning title="Careful" >}}\nHot.\n{{< /warning >}}');
    expect(warning.text).toBe('\n> [!WARNING]\n> **Careful**\n>\n> Hot.\n');
    expect(warning.html).toBe(
      '<div class="markdown-alert markdown-alert-warning"><p class="markdown-alert-title">Warning</p>\n<p><strong>Careful</strong></p>\n<p>Hot.</p>\n</div>\n',
    );
  });

  it('renders tabs with their labels, param from the frontmatter, ref as a page link, highlight as code', () => {
    const tabs = dialect('{{< tabs items="A,B" >}}\n{{< tab >}}\nFirst.\n{{< /tab >}}\n{{< tab >}}\nSecond.\n{{< /tab >}}\n{{< /tabs >}}');
    expect(tabs.text).toBe('\n**A**\n\nFirst.\n\n**B**\n\nSecond.\n');
    expect(tabs.html).toBe('<p><strong>A</strong></p>\n<p>First.</p>\n<p><strong>B</strong></p>\n<p>Second.</p>\n');
    const param = dialect('---\nparams:\n  version: "1.2"\n---\nVersion {{< param version >}}, {{% param "version" %}}.');
    expect(param.text).toBe('---\nparams:\n  version: "1.2"\n---\nVersion 1.2, 1.2.');
    const ref = dialect('See [x]({{< ref "guide/setup.md" >}}).');
    expect(ref.text).toBe('See [x](./guide/setup.md).');
    expect(ref.html).toBe('<p>See <a href="/guide/setup">x</a>.</p>\n');
    const code = dialect('{{< highlight go >}}\nfunc main() {}\n{{< /highlight >}}');
    expect(code.text).toBe('\n```go\nfunc main() {}\n```\n');
    expect(code.html).toBe('<pre tabindex="0"><code class="language-go">func main() {}\n</code></pre>\n');
  });

  it('renders a figure as an image with its caption, and unwraps an unknown paired shortcode with a report', () => {
    const figure = dialect('{{< figure src="/a.png" alt="A" caption="Cap" >}}');
    expect(figure.text).toBe('\n![A](/a.png)\n\n*Cap*\n');
    expect(figure.html).toBe('<p><img src="/a.png" alt="A"></p>\n<p><em>Cap</em></p>\n');
    const unknown = dialect('{{< mybox >}}\nKept **body**.\n{{< /mybox >}}');
    expect(unknown.text).toBe('\nKept **body**.\n');
    expect(unknown.html).toBe('<p>Kept <strong>body</strong>.</p>\n');
    expect(unknown.problems).toEqual([
      { severity: 'warning', file: 'page.md', message: 'Hugo shortcodes not rendered: mybox ×1 unwrapped' },
    ]);
  });

  it('prints escaped shortcodes in code as Hugo does', () => {
    expect(dialect('```\n{{</* figure src=a.jpg */>}}\n```').text).toBe('```\n{{< figure src=a.jpg >}}\n```');
  });
});

describe('Vue in VitePress pages and mdBook listings', () => {
  it('drops script setup, unwraps components and keeps a badge text', () => {
    const out = dialect(
      '<script setup>\nimport X from "./x.vue"\n</script>\n\n## API <Badge type="info" text="new" />\n\n<MyCard>\nInside.\n</MyCard>\n',
    );
    expect(out.text).toBe('\n## API new\n\nInside.\n');
    expect(out.html).toBe('<h2 id="api-new">API new</h2>\n<p>Inside.</p>\n');
    const styled = dialect('# T\n\n<style scoped>\n.a { color: red }\n</style>\n\nText.\n');
    expect(styled.text).toBe('# T\n\n\nText.\n');
    expect(styled.html).toBe('<h1 id="t">T</h1>\n<p>Text.</p>\n');
  });

  it('turns a Listing into a file name line and a caption', () => {
    const out = dialect('<Listing number="1-1" file-name="src/main.rs" caption="Hello">\n\n```rust\nfn main() {}\n```\n\n</Listing>');
    expect(out.text).toBe('Filename: src/main.rs\n\n```rust\nfn main() {}\n```\n\n*Listing 1-1: Hello*');
    expect(out.html).toBe(
      '<p>Filename: src/main.rs</p>\n<pre tabindex="0"><code class="language-rust">fn main() {}\n</code></pre>\n<p><em>Listing 1-1: Hello</em></p>\n',
    );
  });
});
