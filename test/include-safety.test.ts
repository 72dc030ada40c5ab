/**
 * Content is untrusted input (issue 28, items 1 and 2; DESIGN.md "Content is untrusted input"): on
 * a site laid out as each generator lays it out, a public page that includes the data folder's
 * secret or database, `.env`, `.git/config`, the configured secret file, the settings file, an
 * internal page, a private partial, a draft, a page of `internal/` or a symlink leading out is
 * served anonymously with a visible refusal in place of the file and not one byte of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { LAYOUTS, TARGETS, type Layout, type ServedSite, type TargetId, serveLayout } from './include-safety-support.js';

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The data folder, the secret file and the settings file of a layout, relative to its content folder, when they lie inside it. */
function protectedInContent(layout: Layout): string[] {
  return [layout.dataDirAt, layout.secretFile, layout.configFile]
    .map((file) => path.posix.relative(layout.content, file))
    .filter((file) => !file.startsWith('..'));
}

/** The note the page shows in HTML, and in the markdown agents get, where the file would have been. */
const htmlNote = (written: string): string => `(include refused: <code>${written}</code>)`;
const markdownNote = (written: string): string => `(include refused: \`${written}\`)`;

describe.each(LAYOUTS)('$name', (layout) => {
  let served: ServedSite;
  beforeAll(async () => {
    served = await serveLayout(layout);
  });
  afterAll(async () => {
    await served.close();
  });

  const ids = (Object.keys(TARGETS) as TargetId[]).filter((id) => layout.skip?.includes(id) !== true);
  it.each(ids)('a public page including %s shows the refusal and none of its bytes', async (id) => {
    const url = served.pageUrl.get(id) as string;
    const written = served.written.get(id) as string;
    const html = await served.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(html.body).toContain(`<p>${htmlNote(written)}</p>`);
    expect(html.body).not.toContain(TARGETS[id]);
    const markdown = await served.app.inject({ method: 'GET', url, headers: { accept: 'text/markdown' } });
    expect(markdown.statusCode).toBe(200);
    expect(markdown.body).toMatch(new RegExp(`\\nBefore\\.\\n+${escapeRegExp(markdownNote(written))}\\n+After\\.\\n`));
    expect(markdown.body).not.toContain(TARGETS[id]);
  });

  // Defined only where one of them lies inside the content folder: the walk never sees the others.
  if (protectedInContent(layout).length > 0)
    it('serves no file of the data folder, nor the secret or settings file, as a page or static file', async () => {
      const { snapshot } = served.loaded;
      expect([...snapshot.site.assets.values()].map((asset) => asset.url)).toStrictEqual([]);
      const inContent = protectedInContent(layout);
      for (const file of [...snapshot.site.pages.values()].map((page) => page.file))
        expect(inContent.filter((protectedPath) => file === protectedPath || file.startsWith(`${protectedPath}/`))).toStrictEqual([]);
      for (const protectedPath of inContent) {
        const url = `/${protectedPath.replace(/\.mdx?$/, '')}`;
        for (const suffix of ['', '/secret', '/sitegate.db']) {
          const answer = await served.app.inject({ method: 'GET', url: url + suffix });
          expect([url + suffix, answer.statusCode]).toStrictEqual([url + suffix, 404]);
        }
      }
    });
});

describe('GitBook reusable content', () => {
  it('reads .gitbook/includes/, the one dot folder GitBook documents as an include source', async () => {
    const layout = LAYOUTS.find((l) => l.name.startsWith('GitBook')) as (typeof LAYOUTS)[number];
    const served = await serveLayout({
      ...layout,
      files: { ...layout.files, 'ok.md': '# OK\n\n{% include "./.gitbook/includes/ok.md" %}\n' },
    });
    try {
      const markdown = await served.app.inject({ method: 'GET', url: '/ok', headers: { accept: 'text/markdown' } });
      expect(markdown.statusCode).toBe(200);
      expect(markdown.body).toMatch(/\n\nReusable mk-reusable-ok\.\n$/);
    } finally {
      await served.close();
    }
  });
});
