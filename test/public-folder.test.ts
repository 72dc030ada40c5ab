/**
 * A generator's static folder inside the content folder (issue 28, item 7): VitePress keeps its
 * `public/` in the source folder (`docs/public/`, vitepress.dev/guide/asset-handling#the-public-directory),
 * and publishes it at the site root. sitegate serves it there once, under the same access rules
 * as pages (content/access.ts: `public/internal/plan.txt` is `/internal/plan.txt`, internal), and
 * never again at `/public/…`, where no internal zone would reach it.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, issueKey, removeDir, type TestApp } from './helpers.js';
import { errorBody } from './http-expect.js';

const PLAN = 'Zebrafish launch plan: internal only.\n';
const NOTES = 'Release notes, public.\n';
const JSON_ACCEPT = { accept: 'application/json' };

let parent: string;
let t: TestApp;
let internalKey: string;
let contentKey: string;

beforeAll(async () => {
  // A VitePress project as `vitepress init` lays it out: the source folder `docs/` holds
  // `.vitepress/config.mts`, the pages and `public/`.
  parent = mkdtempSync(path.join(tmpdir(), 'sitegate-public-folder-'));
  const files: Record<string, string> = {
    'docs/.vitepress/config.mts': "export default { title: 'Acme' }\n",
    'docs/index.md': '# Acme\n\nWelcome.\n',
    'docs/guide/start.md': '# Start\n\nRead the [notes](/notes.txt).\n',
    'docs/public/internal/plan.txt': PLAN,
    'docs/public/notes.txt': NOTES,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(parent, file)), { recursive: true });
    writeFileSync(path.join(parent, file), text);
  }
  t = await buildTestApp(path.join(parent, 'docs'));
  ({ apiKey: internalKey } = await issueKey(t.context, ['internal:read']));
  ({ apiKey: contentKey } = await issueKey(t.context, ['content:read']));
});
afterAll(async () => {
  await t.app.close();
  removeDir(parent);
});

/** Status, content type and body of a GET. */
async function get(url: string, headers: Record<string, string> = {}): Promise<[number, string | undefined, string]> {
  const response = await t.app.inject({ url, headers: { ...JSON_ACCEPT, ...headers } });
  return [response.statusCode, response.headers['content-type'] as string | undefined, response.body];
}

const notFound = JSON.stringify(errorBody('not_found', 'No page at this address.'));

describe('public/ inside the content folder', () => {
  it('serves it once, at the site root, under the rules of pages, and nothing at /public/…', async () => {
    // public/internal/ is /internal/, in the internal zone: 401 anonymous, 403 without internal:read, 200 with it.
    expect(await get('/internal/plan.txt')).toStrictEqual([
      401,
      'application/json; charset=utf-8',
      JSON.stringify(errorBody('credential_required', 'This resource needs a credential and none was sent.')),
    ]);
    expect((await get('/internal/plan.txt', { 'x-api-key': contentKey }))[0]).toBe(403);
    const plan = await t.app.inject({ url: '/internal/plan.txt', headers: { 'x-api-key': internalKey } });
    expect([plan.statusCode, plan.headers['content-type'], plan.headers['cache-control'], plan.body]).toStrictEqual([
      200,
      'text/plain; charset=utf-8',
      'private, no-store',
      PLAN,
    ]);
    // Other public files are public at the root.
    const notes = await t.app.inject({ url: '/notes.txt' });
    expect([notes.statusCode, notes.headers['content-type'], notes.headers['cache-control'], notes.body]).toStrictEqual([
      200,
      'text/plain; charset=utf-8',
      'public, max-age=300',
      NOTES,
    ]);
    // /public/… is 404, as any unknown path, with or without a credential.
    expect(await get('/no/such/file.txt')).toStrictEqual([404, 'application/json; charset=utf-8', notFound]);
    for (const url of ['/public/internal/plan.txt', '/public/notes.txt', '/public/'])
      for (const headers of [{}, { 'x-api-key': internalKey }] as Record<string, string>[])
        expect([url, ...(await get(url, headers))]).toStrictEqual([url, 404, 'application/json; charset=utf-8', notFound]);
    expect(t.loaded.snapshot.site.assets.get('/public/internal/plan.txt')).toBeUndefined();
    expect([...t.loaded.snapshot.site.assets.values()].map((asset) => [asset.url, asset.file, asset.internal])).toStrictEqual([
      ['/internal/plan.txt', 'static:internal/plan.txt', true],
      ['/notes.txt', 'static:notes.txt', false],
    ]);
  });
});

describe('public/ of the Astro project around a Starlight content folder', () => {
  it('serves it at the site root: the project root holds astro.config.* and public/, three folders above src/content/docs/', async () => {
    // starlight.astro.build/guides/project-structure/ and docs.astro.build/en/basics/project-structure/#public
    const project = mkdtempSync(path.join(tmpdir(), 'sitegate-astro-public-'));
    const files: Record<string, string> = {
      'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'Acme' })] };\n",
      'src/content/docs/index.md': '---\ntitle: Acme\n---\n\n![Logo](/logo.svg)\n',
      'public/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>\n',
      'public/internal/plan.txt': PLAN,
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(project, file)), { recursive: true });
      writeFileSync(path.join(project, file), text);
    }
    const app = await buildTestApp(path.join(project, 'src/content/docs'));
    try {
      const logo = await app.app.inject({ url: '/logo.svg' });
      expect([logo.statusCode, logo.headers['content-type'], logo.body]).toStrictEqual([200, 'image/svg+xml', files['public/logo.svg']]);
      expect((await app.app.inject({ url: '/internal/plan.txt' })).statusCode).toBe(401);
      expect([...app.loaded.snapshot.site.assets.values()].map((asset) => [asset.url, asset.file, asset.internal])).toStrictEqual([
        ['/internal/plan.txt', 'static:internal/plan.txt', true],
        ['/logo.svg', 'static:logo.svg', false],
      ]);
    } finally {
      await app.app.close();
      removeDir(project);
    }
  });
});
