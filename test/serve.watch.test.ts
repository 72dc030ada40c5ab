/**
 * Hot reload end to end (issue 5): `sitegate serve --watch` under load while pages are edited,
 * added and deleted, and while the content folder vanishes and comes back. No request fails; every
 * change shows in the page (HTML and markdown), search, the sitemap and llms.txt.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT_MS, cliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';
import { liftSearchLimit, startLoad, type LoadRequest } from './load.js';

const { tempDir, start } = cliProcesses();
const TEST_TIMEOUT_MS = 180_000;
/** How long a change may take to show (debounce + build + a busy machine). */
const RELOAD_TIMEOUT_MS = 20_000;

/** Polls `probe` until it returns true. @throws with `what` after {@link RELOAD_TIMEOUT_MS} */
async function eventually(what: string, probe: () => Promise<boolean>): Promise<void> {
  const deadline = performance.now() + RELOAD_TIMEOUT_MS;
  while (!(await probe())) {
    if (performance.now() > deadline) throw new Error(`not within ${RELOAD_TIMEOUT_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function get(url: string, accept?: string): Promise<{ status: number; type: string | null; text: string }> {
  const response = await fetch(url, { headers: accept === undefined ? {} : { accept }, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

describe('hot reload', { timeout: TEST_TIMEOUT_MS }, () => {
  it('edits, additions and deletions under load: 0 failed requests; pages, search, sitemap and llms.txt follow', async (context) => {
    const parent = tempDir(context, 'sitegate-watch-');
    const site = path.join(parent, 'site');
    const cwd = tempDir(context, 'sitegate-cwd-');
    mkdirSync(path.join(site, 'guides'), { recursive: true });
    writeFileSync(path.join(site, 'index.md'), '# Reload site\n\nA site that changes while it is served.\n');
    writeFileSync(path.join(site, 'guides/stable.md'), '# Stable guide\n\nThis page never changes: steadfast.\n');
    writeFileSync(path.join(site, 'edit-me.md'), '# Original title\n\nBefore the edit.\n');
    writeFileSync(path.join(site, 'delete-me.md'), '# Doomed page\n\nAbout the ephemeralword.\n');
    liftSearchLimit(cwd);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start(context, ['serve', site, '--watch', '--port', String(port), '--data-dir', path.join(cwd, 'data')], cwd);
    await server.waitForStdout(/"msg":"watching .+ for changes"/, CLI_TIMEOUT_MS);

    const mix: LoadRequest[] = [
      { path: '/' },
      { path: '/guides/stable' },
      { path: '/guides/stable.md' },
      { path: '/guides/stable', headers: { accept: 'text/markdown' } },
      { path: '/api/search.json?q=steadfast' },
      { path: '/api/search.json' },
      { path: '/llms.txt' },
      { path: '/llms-full.txt' },
      { path: '/sitemap.xml' },
      { path: '/edit-me' },
      { path: '/delete-me', ok: [200, 404] },
      { path: '/added.md', ok: [200, 404] },
    ];
    const load = startLoad(base, mix, 6);
    try {
      // Edit: new title and text.
      writeFileSync(path.join(site, 'edit-me.md'), '# Edited quokka\n\nAfter the edit: quokkaword.\n');
      await eventually('the edited page', async () =>
        (await get(`${base}/edit-me`)).text.includes('<h1 id="edited-quokka">Edited quokka</h1>'),
      );
      expect(await get(`${base}/edit-me.md`)).toMatchObject({ status: 200, type: 'text/markdown; charset=utf-8' });
      expect((await get(`${base}/edit-me`, 'text/markdown')).text).toContain('After the edit: quokkaword.');
      expect(JSON.parse((await get(`${base}/api/search.json?q=quokkaword`)).text)).toStrictEqual([
        {
          path: '/edit-me',
          title: 'Edited quokka',
          description: 'After the edit: quokkaword.',
          // The excerpt is of the new text: no passage of the old page outlives its snapshot.
          excerpt: { text: 'Edited quokka After the edit: quokkaword.', highlights: [[30, 40]] },
        },
      ]);
      expect((await get(`${base}/llms.txt`)).text).toContain(`- [Edited quokka](${base}/edit-me.md): After the edit: quokkaword.\n`);
      expect((await get(`${base}/llms.txt`)).text).not.toContain('Original title');

      // Addition: a new page everywhere.
      writeFileSync(path.join(site, 'added.md'), '# Added axolotl\n\nA new page about the axolotlword.\n');
      await eventually('the added page', async () => (await get(`${base}/added`)).status === 200);
      expect((await get(`${base}/added`)).text).toContain('<h1 id="added-axolotl">Added axolotl</h1>');
      expect((await get(`${base}/added.md`)).text).toContain('A new page about the axolotlword.');
      expect(JSON.parse((await get(`${base}/api/search.json?q=axolotlword`)).text)).toStrictEqual([
        {
          path: '/added',
          title: 'Added axolotl',
          description: 'A new page about the axolotlword.',
          excerpt: { text: 'Added axolotl A new page about the axolotlword.', highlights: [[35, 46]] },
        },
      ]);
      expect((await get(`${base}/sitemap.xml`)).text).toContain(`<loc>${base}/added</loc>`);
      expect((await get(`${base}/llms.txt`)).text).toContain(`- [Added axolotl](${base}/added.md): A new page about the axolotlword.\n`);

      // Deletion: gone from everything.
      expect((await get(`${base}/sitemap.xml`)).text).toContain(`<loc>${base}/delete-me</loc>`);
      rmSync(path.join(site, 'delete-me.md'));
      await eventually('the deleted page to be gone', async () => (await get(`${base}/delete-me`)).status === 404);
      expect((await get(`${base}/delete-me.md`)).status).toBe(404);
      expect((await get(`${base}/delete-me`, 'text/markdown')).status).toBe(404);
      expect(JSON.parse((await get(`${base}/api/search.json?q=ephemeralword`)).text)).toStrictEqual([]);
      expect((await get(`${base}/sitemap.xml`)).text).not.toContain('/delete-me');
      expect((await get(`${base}/llms.txt`)).text).not.toContain('Doomed page');

      // Broken: the folder vanishes (the build throws); the last good snapshot keeps serving.
      renameSync(site, path.join(parent, 'site.away'));
      await eventually('the failed reload to be logged', () =>
        Promise.resolve(server.stdout.includes('"msg":"content reload failed; still serving the previous snapshot"')),
      );
      expect((await get(`${base}/added`)).status).toBe(200);
      expect(JSON.parse((await get(`${base}/api/search.json?q=axolotlword`)).text)).toHaveLength(1);
      // …and when it is back (with a change made meanwhile), watching and reloading go on.
      writeFileSync(path.join(parent, 'site.away', 'returned.md'), '# Returned\n\nBack again.\n');
      renameSync(path.join(parent, 'site.away'), site);
      await eventually('the returned folder', async () => (await get(`${base}/returned`)).status === 200);
      expect((await get(`${base}/sitemap.xml`)).text).toContain(`<loc>${base}/returned</loc>`);
    } finally {
      await load.stop();
    }

    const failed = load.outcomes.filter((outcome) => !outcome.ok);
    expect(failed).toStrictEqual([]);
    expect(load.outcomes.length).toBeGreaterThan(100);
    // Both versions of the changing pages were served under load.
    const statuses = (requestPath: string): number[] => [
      ...new Set(load.outcomes.filter((outcome) => outcome.path === requestPath).map((outcome) => outcome.status ?? 0)),
    ];
    expect(statuses('/delete-me').sort()).toStrictEqual([200, 404]);
    expect(statuses('/added.md').sort()).toStrictEqual([200, 404]);

    const reloads = server.stdout
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string; pages?: number; buildMs?: number })
      .filter((line) => line.msg === 'content reloaded');
    expect(reloads.length).toBeGreaterThanOrEqual(4);
    expect(reloads.at(-1)).toMatchObject({ pages: 5, buildMs: expect.any(Number) as unknown });
  });
});
