/**
 * Images in a Starlight project's `src/` (content/assets.ts `astroSourceFoldersOf`): "Relative image
 * paths are also supported for images stored locally in your project"
 * (starlight.astro.build/guides/authoring-content/#images; docs.astro.build/en/guides/images/#images-in-src).
 * sitegate serves the media files of `src/` outside the content folder at `/_astro/<path in src>`,
 * never the project's code, and a relative link into one resolves to that URL; any other site still
 * refuses a link that leaves the content folder.
 */
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../src/cli/check.js';
import { astroSourceFoldersOf } from '../src/content/assets.js';
import { listContent } from '../src/content/load.js';
import { patchListing } from '../src/content/listing-patch.js';
import { buildTestApp, issueKey, removeDir, TEST_BASE_URL, type TestApp } from './helpers.js';

/** The first bytes of a WebP file (RIFF header), then some that are not text. */
const WEBP = Buffer.from([0x52, 0x49, 0x46, 0x46, 0x1a, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20, 0xff, 0x00, 0x9d]);
const OUTSIDE = 'Secret outside the project.\n';
const PLAN = 'Zebrafish launch plan: internal only.\n';

let parent: string;
let project: string;
let t: TestApp;

/** Writes `files` (path → text or bytes) below `dir`. */
function write(dir: string, files: Record<string, string | Buffer>): void {
  for (const [file, body] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), body);
  }
}

beforeAll(async () => {
  // The Starlight template (`npm create astro -- --template starlight`): astro.config.mjs, the home
  // page in src/content/docs/ and its image in src/assets/; a component and a script beside.
  parent = mkdtempSync(path.join(tmpdir(), 'sitegate-astro-src-'));
  project = path.join(parent, 'project');
  write(project, {
    'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Acme' })] };\n",
    'src/content/docs/index.mdx': '---\ntitle: Acme\n---\n\n![Houston](../../assets/houston.webp)\n',
    'src/content/docs/guides/start.md': '---\ntitle: Start\n---\n\n<img src="../../../assets/houston.webp" alt="again">\n',
    'src/assets/houston.webp': WEBP,
    'src/assets/notes.ts': 'export const notes = 1;\n',
    'src/internal/plan.txt': PLAN,
    'src/components/Secret.astro': '---\nconst secret = "s";\n---\n<p>{secret}</p>\n',
    'src/assets/.hidden/h.png': WEBP,
    'src/node_modules/pkg/logo.png': WEBP,
  });
  write(parent, { 'outside.png': OUTSIDE });
  symlinkSync(path.join(parent, 'outside.png'), path.join(project, 'src/assets/linked.png'));
  t = await buildTestApp(path.join(project, 'src/content/docs'));
});

afterAll(async () => {
  await t.app.close();
  removeDir(parent);
});

describe("a Starlight project's src/ media", () => {
  it('serves src/assets/houston.webp at /_astro/assets/houston.webp with its type and bytes', async () => {
    const res = await t.app.inject({ url: '/_astro/assets/houston.webp' });
    expect([res.statusCode, res.headers['content-type'], res.rawPayload]).toStrictEqual([200, 'image/webp', WEBP]);
  });

  it('serves no code, hidden or dependency file, nor a symlink leading outside the project', async () => {
    for (const url of [
      '/_astro/components/Secret.astro',
      '/_astro/assets/notes.ts',
      '/_astro/assets/.hidden/h.png',
      '/_astro/node_modules/pkg/logo.png',
      '/_astro/assets/linked.png',
      '/_astro/content/docs/index.mdx',
      '/assets/houston.webp',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain(OUTSIDE);
    }
  });

  it('lists exactly the media files, judged by the internal zone as static files are', async () => {
    const listed = [...t.loaded.snapshot.site.assets.values()].map((asset) => [asset.url, asset.file, asset.internal]);
    expect(listed.sort()).toStrictEqual([
      ['/_astro/assets/houston.webp', '../../assets/houston.webp', false],
      ['/_astro/internal/plan.txt', '../../internal/plan.txt', true],
    ]);
    expect((await t.app.inject({ url: '/_astro/internal/plan.txt' })).statusCode).toBe(401);
    const { apiKey } = await issueKey(t.context, ['internal:read']);
    const res = await t.app.inject({ url: '/_astro/internal/plan.txt', headers: { 'x-api-key': apiKey } });
    expect([res.statusCode, res.body]).toStrictEqual([200, PLAN]);
  });

  it('are kept when serve --watch patches the listing for a page edited, as the static folders are', () => {
    const docs = path.join(project, 'src/content/docs');
    const options = { staticDirs: [], prefixedStaticDirs: astroSourceFoldersOf(docs, undefined), protectedPaths: [] };
    expect(options.prefixedStaticDirs).toStrictEqual([{ dir: path.join(project, 'src'), urlPrefix: '/_astro' }]);
    const previous = listContent(docs, options);
    const patched = patchListing(previous, docs, new Set(['index.mdx']), options);
    expect(patched?.staticAssets.map((asset) => asset.url).sort()).toStrictEqual([
      '/_astro/assets/houston.webp',
      '/_astro/internal/plan.txt',
    ]);
    expect(patched?.staticAssets).toBe(previous.staticAssets);
  });

  it('resolves a relative image into src/ to its URL in the HTML and, absolute, in the agents’ markdown', async () => {
    expect((await t.app.inject({ url: '/' })).body).toContain('<p><img src="/_astro/assets/houston.webp" alt="Houston"></p>');
    expect((await t.app.inject({ url: '/index.md' })).body).toContain(`![Houston](${TEST_BASE_URL}/_astro/assets/houston.webp)`);
    expect((await t.app.inject({ url: '/guides/start' })).body).toContain('<img src="/_astro/assets/houston.webp" alt="again">');
  });

  it('check reports neither the images nor the project’s code, and still the symlink leading outside', () => {
    const result = checkContent(path.join(project, 'src/content/docs'));
    expect(result.problems).toStrictEqual([
      { severity: 'error', file: '../../assets/linked.png', message: 'symlink points outside the static folder, skipped' },
    ]);
    expect(result.skippedFiles).toStrictEqual([]);
    expect(result.assets).toBe(2);
  });
});

describe('other sites', () => {
  it('a VitePress or plain site still refuses a relative image outside the content folder', () => {
    for (const config of [{ 'docs/.vitepress/config.mts': "export default { title: 'Acme' }\n" }, {}] as Record<string, string>[]) {
      const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-outside-'));
      try {
        write(dir, { ...config, 'docs/index.md': '# Acme\n\n![X](../x.png)\n', 'x.png': WEBP, 'src/assets/y.png': WEBP });
        const result = checkContent(path.join(dir, 'docs'));
        expect(result.problems).toStrictEqual([
          { severity: 'error', file: 'index.md', line: 3, message: 'link escapes the content folder: ../x.png' },
        ]);
        expect(result.assets).toBe(0);
      } finally {
        removeDir(dir);
      }
    }
  });

  it('a Starlight project read with --conventions plain serves no src/ file', () => {
    const result = checkContent(path.join(project, 'src/content/docs'), undefined, { conventions: 'plain' });
    expect(result.assets).toBe(0);
    expect(result.problems.map((problem) => problem.message)).toContain('link escapes the content folder: ../../assets/houston.webp');
  });
});
