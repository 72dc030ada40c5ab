/**
 * The one pipeline (page-text.ts): a written source → its page text, with the title, description
 * and search text made from the plain markdown after the generator's dialect, never from the
 * written syntax (issue 31, Root 1). Fixtures follow each generator's docs, named per test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { contentFileLookup, observePageText, pageTextOf, type PageTextOptions } from './page-text.js';
import { writeSite } from './dialects/test-support.js';
import { InternalZone } from './access.js';
import { siteFilesOf } from './dialects/site-files.js';
import { rmSync } from 'node:fs';

const folders: string[] = [];
afterEach(() => {
  observePageText(undefined);
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** The page text of `source` as `relPath` of a `generator` site with no files to include. */
function text(source: string, generator: PageTextOptions['generator'], relPath = 'page.md') {
  return pageTextOf(source, { relPath, internal: false, generator, files: undefined });
}

describe('pageTextOf', () => {
  it('keeps a page with no dialect syntax as the very same string, titled by its H1 and described by its first paragraph', () => {
    const source = '# Setup\n\nInstall the *tool* with [npm](https://npmjs.com).\n\nMore.\n';
    expect(text(source, 'plain')).toStrictEqual({
      text: source,
      title: { title: 'Setup', fromFallback: false },
      description: 'Install the tool with npm.',
      searchText: source,
      problems: [],
    });
  });

  it('Docusaurus: describes a page by its prose, not its imports (docusaurus.io/docs/markdown-features/tabs)', () => {
    const source =
      "---\ntitle: Tabs\n---\nimport Tabs from '@theme/Tabs';\nimport TOCInline from '@theme/TOCInline';\n\nPick your package manager.\n";
    const page = text(source, 'docusaurus');
    expect(page.description).toBe('Pick your package manager.');
    expect(page.title).toStrictEqual({ title: 'Tabs', fromFallback: false });
    expect(page.searchText).not.toContain('import');
  });

  it('MkDocs: an admonition opening the page describes it in plain words (squidfunk.github.io/mkdocs-material/reference/admonitions/)', () => {
    const page = text('# Guide\n\n!!! tip "Before you start"\n    Read the *whole* page.\n', 'mkdocs');
    expect(page.description).toBe('Before you start');
    expect(page.text).not.toContain('!!!');
  });

  it('GitBook: a hint opening the page describes it in plain words (gitbook.com/docs/creating-content/blocks/hint)', () => {
    const page = text('# Intro\n\n{% hint style="info" %}\nThe API is in beta.\n{% endhint %}\n', 'gitbook');
    expect(page.description).toBe('The API is in beta.');
  });

  it('Hugo: a shortcode opening the page is not its description (gohugo.io/content-management/shortcodes/)', () => {
    const page = text(
      '---\ntitle: Home\n---\n{{< blocks/cover image_anchor="top" >}}\n{{< /blocks/cover >}}\n\nAcme runs anywhere.\n',
      'hugo',
    );
    expect(page.description).toBe('Acme runs anywhere.');
    expect(page.problems).toStrictEqual([]);
  });

  it('takes a declared title over the page own, and leaves humans-only blocks out of the search text', () => {
    const source = '# Own\n\n<!-- humans-only -->\n\nClick the blue button.\n\n<!-- /humans-only -->\n\nAgents read this.\n';
    const page = pageTextOf(source, { relPath: 'a.md', internal: false, generator: 'plain', files: undefined, declaredTitle: 'Declared' });
    expect(page.title).toStrictEqual({ title: 'Declared', fromFallback: false });
    expect(page.searchText).toBe('# Own\n\n\nAgents read this.\n');
    expect(page.description).toBe('Agents read this.');
  });

  it('tells the observer of every run, by the source file', () => {
    const runs: string[] = [];
    observePageText((relPath) => runs.push(relPath));
    text('# A\n', 'plain', 'a.md');
    text('# B\n', 'plain', 'b/c.md');
    expect(runs).toStrictEqual(['a.md', 'b/c.md']);
  });
});

describe('contentFileLookup (Hugo ref, gohugo.io/methods/shortcode/ref-relref)', () => {
  it('finds content files on disk, never outside the content folder, without page URLs', () => {
    const site = writeSite({ 'content/guide/setup.md': '# Setup\n', 'secret.md': 'x\n' });
    folders.push(site);
    const lookup = contentFileLookup(siteFilesOf(`${site}/content`, [], new InternalZone([])));
    expect(lookup('guide/setup.md')).toBe('guide/setup.md');
    expect(lookup('guide/gone.md')).toBeUndefined();
    expect(lookup('../secret.md')).toBeUndefined();
    expect(lookup('/etc/passwd')).toBeUndefined();
    expect(contentFileLookup(undefined)('guide/setup.md')).toBeUndefined();
  });

  it('writes a ref as a link to the content file, which the link step resolves', () => {
    const site = writeSite({ 'content/guide/setup.md': '# Setup\n', 'content/_index.md': '' });
    folders.push(site);
    const files = siteFilesOf(`${site}/content`, [], new InternalZone([]));
    const page = pageTextOf('See [setup]({{< ref "guide/setup" >}}) and [x]({{< ref "gone.md" >}}).\n', {
      relPath: '_index.md',
      internal: false,
      generator: 'hugo',
      files,
    });
    expect(page.text).toBe('See [setup](./guide/setup.md) and [x](gone.md).\n');
    expect(page.problems).toStrictEqual([{ severity: 'warning', file: '_index.md', message: '{{< ref "gone.md" >}}: no such page' }]);
  });
});
