/**
 * Past PatchedMap's compaction (patched-map.ts, 1,000 changes) and
 * the search merge threshold (incremental-search.ts, 1,000 documents), reached by patched builds of
 * up to patchLimit files each; the answers that do not need a crawl compared with a build from scratch.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { closeScene, sceneOf, type Scene, type Served } from './incremental-support.js';

const BUILDS = { loadSnapshot, ReadCache, parallel: false };
const PAGES = 1_100;
const WORDS = ['koala', 'wombat', 'dingo', 'emu', 'quokka', 'numbat', 'bilby', 'possum', 'echidna', 'platypus'];

let scene: Scene | undefined;
afterEach(async () => {
  await closeScene(scene);
  scene = undefined;
});

function page(i: number, round: number): string {
  const internal = (i + round) % 17 === 0 ? '---\naccess: internal\n---\n\n' : '';
  const word = WORDS[(i * 7 + round) % WORDS.length] as string;
  return `${internal}# ${word} ${i % 5} r${round}\n\n${word} ${WORDS[i % WORDS.length]} text ${i}.\n`;
}

async function ask(server: Served, url: string, key: boolean): Promise<string> {
  const res = await server.t.app.inject({ method: 'GET', url, headers: key ? { 'x-api-key': server.apiKey } : {} });
  return `${res.statusCode} ${res.body}`;
}

async function answers(server: Served): Promise<string[]> {
  const out: string[] = [];
  for (const key of [false, true]) {
    for (const word of [...WORDS, 'text', 'r3', 'wombat dingo'])
      out.push(await ask(server, `/api/search.json?q=${encodeURIComponent(word)}&limit=100`, key));
    out.push(await ask(server, '/api/search.json', key));
    out.push(await ask(server, '/sitemap.xml', key));
    out.push(await ask(server, '/llms.txt', key));
  }
  return out;
}

describe('incremental snapshots: many patched builds', { timeout: 600_000 }, () => {
  it('compaction and merge reached by patched builds', async () => {
    const files: Record<string, string> = { 'index.md': '# Home\n\nWelcome.\n' };
    for (let i = 0; i < PAGES; i++) files[`s${i % 9}/p${String(i).padStart(4, '0')}.md`] = page(i, 0);
    scene = await sceneOf(files, BUILDS);
    const s = scene;
    s.rebuild();
    const patched: boolean[] = [];
    const segments: number[] = [];
    const mapChanges: number[] = [];
    for (let round = 1; round <= 7; round++) {
      const heard: string[] = [];
      for (let k = 0; k < 190; k++) {
        const i = (round * 190 + k * 3) % PAGES;
        const rel = `s${i % 9}/p${String(i).padStart(4, '0')}.md`;
        if (k % 23 === 0) s.site.remove(rel);
        else s.site.write(rel, page(i, round));
        heard.push(rel);
      }
      s.rebuild(heard);
      patched.push(s.cache.assemblyPatched);
      // A look inside (private state), to know the thresholds were passed: the segment merged, the map compacted.
      const inside = s.cache as unknown as {
        search: { scopes: Map<string, { segment: unknown[] }> };
        assembly: { parts: { pages: { changes: Map<unknown, unknown> } } };
      };
      segments.push([...inside.search.scopes.values()][0]?.segment.length ?? -1);
      mapChanges.push(inside.assembly.parts.pages.changes.size);
      expect(await answers(s.incremental)).toStrictEqual(await answers(s.scratch));
      expect(s.incremental.t.context.snapshot().site.problems).toStrictEqual(s.scratch.t.context.snapshot().site.problems);
    }
    expect(patched).toStrictEqual([true, true, true, true, true, true, true]);
    expect(segments).toStrictEqual([181, 362, 0, 181, 362, 0, 181]);
    expect(mapChanges).toStrictEqual([190, 380, 570, 760, 950, 1000, 0]);
  });
});
