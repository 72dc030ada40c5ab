/**
 * `sitegate export DIR` without nginx (docs/export.md): the file layout (flat page URLs, Hugo's
 * trailing slash, a base path), that every file is the app's own answer to an anonymous reader,
 * that no private page, its text or its files reach the export, and the refusal rules.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runExport } from '../src/cli/export.js';
import { main } from '../src/cli/main.js';
import { UsageError } from '../src/cli/output.js';
import { buildTestApp, removeDir, writeContent } from './helpers.js';
import { filesHolding, filesUnder, INTERNAL_MARKER, PLAIN_SITE } from './export-site.js';

const BASE_URL = 'http://docs.test';
const made: string[] = [];
afterAll(() => made.splice(0).forEach(removeDir));

/** A new temporary folder, removed after the suite. */
function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-export-test-'));
  made.push(dir);
  return dir;
}

/** A site written to a temporary folder, removed after the suite. */
function site(files: Readonly<Record<string, string>>): string {
  const dir = writeContent({ ...files });
  made.push(dir);
  return dir;
}

describe('export of a plain folder', async () => {
  const content = site(PLAIN_SITE);
  const out = path.join(tempDir(), 'out');
  const summary = await runExport(out, { content, baseUrl: BASE_URL });

  it('writes each public page as a.html beside its a.md twin, folders as index.html, and the files its pages use', () => {
    expect(filesUnder(out)).toStrictEqual([
      '_headers',
      '_sitegate/favicon.svg',
      '_sitegate/site.css',
      '_sitegate/site.js',
      'api/search.json',
      'guides/diagram.png',
      'guides/files/kit.txt',
      'guides/index.html',
      'guides/index.md',
      'guides/setup.html',
      'guides/setup.md',
      'guides/tuning.html',
      'guides/tuning.md',
      'index.html',
      'index.md',
      'llms-full.txt',
      'llms.txt',
      'nginx.conf',
      'openapi.json',
      'robots.txt',
      'sitemap.xml',
    ]);
    expect(summary).toStrictEqual({ dir: out, pages: 4, files: 19, skipped: [] });
  });

  it('holds no word, URL or file of a private page, a draft or the internal zone', () => {
    expect(filesHolding(out, INTERNAL_MARKER)).toStrictEqual([]);
    expect(filesHolding(out, 'guides/private')).toStrictEqual([]);
    expect(filesHolding(out, 'guides/draft')).toStrictEqual([]);
    expect(filesHolding(out, '/internal/')).toStrictEqual([]);
  });

  it('writes exactly what the server answers an anonymous reader', async () => {
    const t = await buildTestApp(content, BASE_URL);
    try {
      for (const [url, file, accept] of [
        ['/', 'index.html', 'text/html'],
        ['/guides/setup', 'guides/setup.html', 'text/html'],
        ['/guides/', 'guides/index.html', 'text/html'],
        ['/guides/setup.md', 'guides/setup.md', 'text/markdown'],
        ['/guides/index.md', 'guides/index.md', 'text/markdown'],
        ['/llms-full.txt', 'llms-full.txt', '*/*'],
        ['/sitemap.xml', 'sitemap.xml', '*/*'],
        ['/api/search.json', 'api/search.json', '*/*'],
        ['/guides/diagram.png', 'guides/diagram.png', '*/*'],
        ['/_sitegate/site.css', '_sitegate/site.css', '*/*'],
      ] as const) {
        const res = await t.app.inject({ url, headers: { accept } });
        expect([url, res.statusCode, readFileSync(path.join(out, file)).equals(res.rawPayload)]).toStrictEqual([url, 200, true]);
      }
    } finally {
      await t.app.close();
    }
  });

  it('lists the public pages in the search index, and in llms.txt with the full text but no API the export lacks', () => {
    expect(JSON.parse(readFileSync(path.join(out, 'api/search.json'), 'utf8'))).toStrictEqual([
      { path: '/', title: 'Home', description: 'The home page.' },
      { path: '/guides/setup', title: 'Setup', description: 'Install it.' },
      { path: '/guides/tuning', title: 'Tuning', description: 'Tune it.' },
    ]);
    const links = [...readFileSync(path.join(out, 'llms.txt'), 'utf8').matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1]);
    expect(links).toStrictEqual([
      `${BASE_URL}/index.md`,
      `${BASE_URL}/guides/setup.md`,
      `${BASE_URL}/guides/tuning.md`,
      `${BASE_URL}/llms-full.txt`,
    ]);
  });

  it('writes _headers with the markdown type, Vary: Accept on pages and the Link headers the export can honour', () => {
    const headers = readFileSync(path.join(out, '_headers'), 'utf8');
    expect(
      headers.startsWith(
        '# Headers of a sitegate export (docs/export.md), for Netlify and Cloudflare Pages.\n\n/*.md\n  Content-Type: text/markdown; charset=utf-8\n\n/*.txt\n  Content-Type: text/plain; charset=utf-8\n\n',
      ),
    ).toBe(true);
    expect(headers).toContain(
      `/guides/setup\n  Vary: Accept\n  Link: <${BASE_URL}/guides/setup.md>; rel="alternate"; type="text/markdown", <${BASE_URL}/llms.txt>; rel="llms-txt"; type="text/plain"\n\n`,
    );
    expect(headers).toContain(
      `/guides/setup.md\n  Link: <${BASE_URL}/guides/setup>; rel="canonical", <${BASE_URL}/llms.txt>; rel="llms-txt"; type="text/plain"\n  X-Robots-Tag: noindex\n  Content-Signal: search=yes, ai-input=yes, ai-train=no\n\n`,
    );
    // The api-catalog and MCP links the server sends name what a static host does not serve.
    expect(headers).not.toContain('api-catalog');
    expect(headers).not.toContain('/mcp');
  });
});

describe('export layout by URL style', () => {
  it("writes Hugo's trailing-slash URLs as folders' index.html, their twins at …/index.md", async () => {
    const root = site({
      'hugo.toml': 'title = "H"\n',
      'content/_index.md': '---\ntitle: Home\n---\nHi.\n',
      'content/docs/_index.md': '---\ntitle: Docs\n---\nAll docs.\n',
      'content/docs/basics.md': '---\ntitle: Basics\n---\nBasics.\n',
    });
    const out = path.join(tempDir(), 'out');
    await runExport(out, { content: path.join(root, 'content'), baseUrl: BASE_URL });
    expect(filesUnder(out).filter((file) => /\.(html|md)$/.test(file))).toStrictEqual([
      'docs/basics/index.html',
      'docs/basics/index.md',
      'docs/index.html',
      'docs/index.md',
      'index.html',
      'index.md',
    ]);
  });

  it('writes a site under a base path into that path, as its URLs name it', async () => {
    const out = path.join(tempDir(), 'out');
    await runExport(out, { content: site({ 'index.md': '# Home\n', 'a/b.md': '# B\n' }), baseUrl: `${BASE_URL}/docs` });
    expect(filesUnder(out).filter((file) => /\.(html|md)$/.test(file))).toStrictEqual([
      'docs/a/b.html',
      'docs/a/b.md',
      'docs/a/index.html',
      'docs/a/index.md',
      'docs/index.html',
      'docs/index.md',
    ]);
    expect(readFileSync(path.join(out, 'nginx.conf'), 'utf8')).toContain('    "/docs/a/b" "/docs/a/b.md";\n');
  });
});

describe('export refusals', () => {
  const content = site({ 'index.md': '# Home\n' });

  it('refuses a folder that is not empty, and leaves it as it was', async () => {
    const out = tempDir();
    writeFileSync(path.join(out, 'keep.txt'), 'mine');
    await expect(runExport(out, { content, baseUrl: BASE_URL })).rejects.toStrictEqual(
      new UsageError(`${out} is not empty; pass --force to replace it`),
    );
    expect(filesUnder(out)).toStrictEqual(['keep.txt']);
    expect(readdirSync(path.dirname(out)).filter((name) => name.startsWith(`.${path.basename(out)}.sitegate-export-`))).toStrictEqual([]);
  });

  it('replaces a folder that is not empty with --force, nothing of the old one left', async () => {
    const out = tempDir();
    writeFileSync(path.join(out, 'old.txt'), 'old');
    await runExport(out, { content, baseUrl: BASE_URL, force: true });
    expect(existsSync(path.join(out, 'old.txt'))).toBe(false);
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
  });

  it('writes into an empty folder or a new one', async () => {
    const empty = tempDir();
    await runExport(empty, { content, baseUrl: BASE_URL });
    expect(existsSync(path.join(empty, 'index.md'))).toBe(true);
    const fresh = path.join(tempDir(), 'new', 'deeper');
    await runExport(fresh, { content, baseUrl: BASE_URL });
    expect(existsSync(path.join(fresh, 'index.md'))).toBe(true);
  });

  it('refuses, even with --force, a folder inside the content folder or holding it', async () => {
    const inside = path.join(content, 'public-out');
    await expect(runExport(inside, { content, baseUrl: BASE_URL, force: true })).rejects.toStrictEqual(
      new UsageError(`refusing to export into ${inside}: it overlaps ${content}, which sitegate reads`),
    );
    const parent = path.dirname(content);
    await expect(runExport(parent, { content, baseUrl: BASE_URL, force: true })).rejects.toStrictEqual(
      new UsageError(`refusing to export into ${parent}: it overlaps ${content}, which sitegate reads`),
    );
    expect(existsSync(inside)).toBe(false);
  });

  it('refuses a path that is a file', async () => {
    const file = path.join(tempDir(), 'file');
    writeFileSync(file, 'x');
    await expect(runExport(file, { content, baseUrl: BASE_URL, force: true })).rejects.toStrictEqual(
      new UsageError(`${file} exists and is not a folder`),
    );
  });

  it('exits 2 with one line from the command line', async () => {
    const out = tempDir();
    mkdirSync(path.join(out, 'x'));
    const errors: string[] = [];
    const write = process.stderr.write.bind(process.stderr);
    process.stderr.write = (chunk: string) => errors.push(chunk) > 0;
    try {
      expect(await main(['node', 'sitegate', 'export', out, '--content', content, '--base-url', BASE_URL])).toBe(2);
    } finally {
      process.stderr.write = write;
    }
    expect(errors.join('')).toBe(`sitegate: ${out} is not empty; pass --force to replace it\n`);
  });
});
