/**
 * What the incremental build tests (test/incremental.test.ts, test/incremental.workers.test.ts)
 * share: two servers over one content folder — one whose snapshots are built from a read cache
 * across changes (src/snapshot/read-cache.ts), one rebuilt from scratch after each change — and
 * every answer of each, to compare byte for byte: each page as HTML and markdown, folder listings,
 * the llms files and the sitemap (and every URL they list), the search index, search results and
 * MCP search and fetch for the public and for a client with `internal:read`.
 */
import type { InjectOptions } from 'light-my-request';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import type { Scope } from '../src/errors.js';
import { snapshotOptionsOf, type Snapshot } from '../src/snapshot/snapshot.js';
import { buildTestApp, issueKey, TEST_BASE_URL, type TestApp } from './helpers.js';

/** A content folder that tests change, and the functions that change it. */
export interface ChangingSite {
  dir: string;
  write(relPath: string, text: string): void;
  remove(relPath: string): void;
  rename(from: string, to: string): void;
}

/** Every file below `dir` (a fixture), by path relative to it, `/`-separated. */
export function filesOf(dir: string): Record<string, string> {
  const names = readdirSync(dir, { recursive: true, encoding: 'utf8' });
  return Object.fromEntries(
    names
      .filter((name) => statSync(path.join(dir, name)).isFile())
      .map((name) => [name.split(path.sep).join('/'), readFileSync(path.join(dir, name), 'utf8')]),
  );
}

/** A new temporary content folder holding `files`; remove it with {@link removeSite}. */
export function changingSite(files: Record<string, string>): ChangingSite {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-incremental-'));
  const write = (relPath: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, relPath)), { recursive: true });
    writeFileSync(path.join(dir, relPath), text);
  };
  for (const [relPath, text] of Object.entries(files)) write(relPath, text);
  return {
    dir,
    write,
    remove: (relPath) => rmSync(path.join(dir, relPath)),
    rename: (from, to) => {
      mkdirSync(path.dirname(path.join(dir, to)), { recursive: true });
      renameSync(path.join(dir, from), path.join(dir, to));
    },
  };
}

/** Removes a folder made by {@link changingSite}. */
export function removeSite(site: ChangingSite): void {
  rmSync(site.dir, { recursive: true, force: true });
}

/** A server over the content folder, and the API key of a client that may read everything. */
export interface Served {
  t: TestApp;
  apiKey: string;
}

const SCOPES: Scope[] = ['search:read', 'content:read', 'internal:read'];

/** A server (the production listener, test/helpers.ts) over `dir` with a key holding every content scope. */
export async function served(dir: string): Promise<Served> {
  // Every search and MCP call of a comparison comes from one address: no limit may answer 429.
  const t = await buildTestApp(dir, { settings: { rateLimits: { search: { points: 1_000_000_000 } } } });
  const { apiKey } = await issueKey(t.context, SCOPES);
  return { t, apiKey };
}

/** Headers that tell one answer from another (the date and the request id differ on every answer). */
const COMPARED_HEADERS = ['content-type', 'etag', 'last-modified', 'location', 'link', 'vary', 'cache-control', 'content-length'];

/** Absolute links on the test base URL in a body: what the llms files, the sitemap and markdown pages list. */
const LISTED_URL = new RegExp(`${TEST_BASE_URL.replace(/[.]/g, '\\.')}(/[^\\s"'<>)\\]]*)`, 'g');

/** Answers of each server's own store, not of its content: its signing keys. */
const STORE_URLS = new Set(['/.well-known/jwks.json']);

/** Words to search for: each page's title words, a prefix, a typo and a phrase. */
function queriesOf(snapshots: readonly Snapshot[], extra: readonly string[]): string[] {
  const words = snapshots.flatMap((snapshot) =>
    [...snapshot.site.pages.values()].flatMap((page) => page.title.toLowerCase().split(/[^\p{L}\p{N}]+/u)),
  );
  return [...new Set([...words.filter((word) => word.length > 1), ...extra])].sort();
}

/** The URLs a snapshot serves by itself: pages, their markdown, folder listings and the fixed documents. */
function urlsOf(snapshot: Snapshot): string[] {
  const pages = [...snapshot.site.pages.values()].flatMap((page) => [page.url, page.markdownUrl]);
  const folders = [...snapshot.site.folders.keys()].flatMap((key) => [encodeURI(key), `${encodeURI(key)}index.md`]);
  return [...pages, ...folders, '/', '/llms.txt', '/llms-full.txt', '/sitemap.xml', '/robots.txt', '/api/search.json', '/no-such-page'];
}

/**
 * Every answer of a server, by request: the URLs both snapshots serve and every URL their answers
 * list (crawled), anonymous and with the client's key, then searches and MCP calls for `queries`.
 * @returns "request" → "status, compared headers, body"
 */
export async function answersOf(
  server: Served,
  urls: readonly string[],
  queries: readonly string[],
  versions: readonly string[] = [],
): Promise<Map<string, string>> {
  const answers = new Map<string, string>();
  const audiences: [string, Record<string, string>][] = [
    ['public', {}],
    ['internal', { 'x-api-key': server.apiKey }],
  ];
  const ask = async (label: string, request: InjectOptions): Promise<string> => {
    const res = await server.t.app.inject(request);
    const headers = COMPARED_HEADERS.map((name) => `${name}: ${String(res.headers[name] ?? '')}`).join('\n');
    answers.set(label, `${res.statusCode}\n${headers}\n\n${res.body}`);
    return res.body;
  };
  for (const [audience, credential] of audiences) {
    const seen = new Set<string>();
    const queue = [...urls];
    for (let url = queue.shift(); url !== undefined; url = queue.shift()) {
      if (seen.has(url) || STORE_URLS.has(url)) continue;
      seen.add(url);
      for (const accept of ['text/html', 'text/markdown']) {
        const body = await ask(`${audience} GET ${url} ${accept}`, { method: 'GET', url, headers: { ...credential, accept } });
        for (const match of body.matchAll(LISTED_URL)) queue.push(match[1] as string);
      }
    }
    for (const query of queries) {
      const q = encodeURIComponent(query);
      await ask(`${audience} search ${query}`, { method: 'GET', url: `/api/search.json?q=${q}&limit=100`, headers: credential });
      await ask(`${audience} mcp search ${query}`, mcpCall(credential, 'search', { query }));
      for (const version of versions) {
        const url = `/api/search.json?q=${q}&limit=100&version=${encodeURIComponent(version)}`;
        await ask(`${audience} search ${query} in ${version}`, { method: 'GET', url, headers: credential });
        await ask(`${audience} mcp search ${query} in ${version}`, mcpCall(credential, 'search', { query, version }));
      }
    }
    for (const url of urls) await ask(`${audience} mcp fetch ${url}`, mcpCall(credential, 'fetch', { id: url }));
  }
  return answers;
}

/** An MCP `tools/call` request (Streamable HTTP, stateless). */
function mcpCall(credential: Record<string, string>, name: string, args: Record<string, unknown>): InjectOptions {
  return {
    method: 'POST' as const,
    url: '/mcp',
    headers: {
      ...credential,
      accept: 'application/json, text/event-stream',
      'content-type': 'application/json',
      'mcp-protocol-version': '2025-06-18',
    },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  };
}

/**
 * The answers of two servers over the same requests: the URLs and queries of both snapshots (so a
 * page one of them lacks shows as a difference).
 */
export async function bothAnswers(
  incremental: Served,
  scratch: Served,
  extraQueries: readonly string[] = [],
): Promise<{ incremental: Map<string, string>; scratch: Map<string, string> }> {
  const snapshots = [incremental.t.context.snapshot(), scratch.t.context.snapshot()];
  const urls = [...new Set(snapshots.flatMap(urlsOf))].sort();
  const queries = queriesOf(snapshots, extraQueries);
  const versions = [...new Set(snapshots.flatMap((snapshot) => snapshot.site.versions.map((version) => version.name)))];
  return {
    incremental: await answersOf(incremental, urls, queries, versions),
    scratch: await answersOf(scratch, urls, queries, versions),
  };
}

/** Small enough that /llms.txt is split into section files (src/discovery/llms.ts), so those are compared too. */
const LLMS_MAX_CHARS = 400;

/**
 * The snapshot builds a scene uses: the sources' (on this thread), or the compiled ones in dist/,
 * which alone have the build worker script (src/snapshot/parallel-build.ts).
 */
export interface Builds {
  loadSnapshot: typeof import('../src/snapshot/snapshot.js').loadSnapshot;
  ReadCache: typeof import('../src/snapshot/read-cache.js').ReadCache;
  /** Whether big sites are read on worker threads. */
  parallel: boolean;
}

/** One site, a server rebuilt from its read cache after each change and one rebuilt from scratch. */
export class Scene {
  readonly cache: InstanceType<Builds['ReadCache']>;
  private readonly options: SnapshotOptionsOfConfig;

  constructor(
    readonly site: ChangingSite,
    readonly incremental: Served,
    readonly scratch: Served,
    private readonly builds: Builds,
  ) {
    this.cache = new builds.ReadCache();
    const config = loadConfig({ contentDir: site.dir, baseUrl: TEST_BASE_URL, dataDir: path.join(site.dir, '..', 'no-data') }, {});
    this.options = { ...snapshotOptionsOf(config), llmsMaxChars: LLMS_MAX_CHARS, parallel: builds.parallel };
  }

  /** Rebuilds both servers' snapshots after a change, the watcher having heard `heard`; returns the incremental one. */
  rebuild(heard: readonly string[] = []): Snapshot {
    this.cache.report(heard);
    const next = this.builds.loadSnapshot(this.site.dir, { ...this.options, readCache: this.cache }).snapshot;
    this.incremental.t.context.swapSnapshot(next);
    this.scratch.t.context.swapSnapshot(this.builds.loadSnapshot(this.site.dir, this.options).snapshot);
    return next;
  }

  /** {@link Scene.rebuild}, and what the build did: whether it patched the last site (src/snapshot/assembly-patch.ts), the files read again. */
  rebuilt(heard: readonly string[]): { patched: boolean; filesRead: number } {
    const { filesRead } = this.rebuild(heard);
    return { patched: this.cache.assemblyPatched, filesRead };
  }

  /** Asserts that every answer of the two servers is the same, and the problems found; returns the requests compared. */
  async expectSameAnswers(extraQueries: readonly string[] = []): Promise<string[]> {
    const { incremental, scratch } = await bothAnswers(this.incremental, this.scratch, extraQueries);
    expect([...incremental.keys()]).toStrictEqual([...scratch.keys()]);
    const differing = [...scratch.keys()].filter((request) => incremental.get(request) !== scratch.get(request));
    expect(differing.map((request) => `${request}\n${incremental.get(request)}`)).toStrictEqual(
      differing.map((request) => `${request}\n${scratch.get(request)}`),
    );
    // What `check` and the log report too.
    expect(this.incremental.t.context.snapshot().site.problems).toStrictEqual(this.scratch.t.context.snapshot().site.problems);
    return [...scratch.keys()];
  }
}

/** The snapshot options of a test config (src/snapshot/snapshot.ts `snapshotOptionsOf`), with the scene's. */
type SnapshotOptionsOfConfig = ReturnType<typeof snapshotOptionsOf> & { llmsMaxChars: number; parallel: boolean };

/** A scene over a new site holding `files`; close it with {@link closeScene}. */
export async function sceneOf(files: Record<string, string>, builds: Builds): Promise<Scene> {
  const site = changingSite(files);
  return new Scene(site, await served(site.dir), await served(site.dir), builds);
}

/** Closes a scene's servers and removes its site. */
export async function closeScene(scene: Scene | undefined): Promise<void> {
  if (scene === undefined) return;
  await scene.incremental.t.app.close();
  await scene.scratch.t.app.close();
  removeSite(scene.site);
}

/**
 * For a test file whose tests each make one scene: registers its closing after each test, and
 * returns the function that makes a test's scene over `files`, built once.
 */
export function scenePerTest(builds: Builds): (files: Record<string, string>) => Promise<Scene> {
  let scene: Scene | undefined;
  afterEach(async () => {
    await closeScene(scene);
    scene = undefined;
  });
  return async (files) => {
    scene = await sceneOf(files, builds);
    scene.rebuild();
    return scene;
  };
}
