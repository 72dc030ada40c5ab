/**
 * Shared test fixtures: build a snapshot and app from a content folder, or from files written to
 * a fresh temporary folder. Every test builds its own app (STYLE.md habit 9).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InjectableApp } from './app.js';
import type { Scope } from '../src/errors.js';
import { loadConfig, type ConfigInput } from '../src/config/config.js';
import { createContext, type ServerContext } from '../src/context.js';
import { buildInjectableApp } from './app.js';
import { loadSnapshot, snapshotOptionsOf, type LoadedSnapshot } from '../src/snapshot/snapshot.js';

/** Root of the repository. */
export const REPO_DIR = fileURLToPath(new URL('..', import.meta.url));
/** Fixtures inside the repository, which `npm test` reads (test/fixtures/README.md: sources, licences). */
export const FIXTURES_DIR = path.join(REPO_DIR, 'test/fixtures');
/** docs-small (cert-manager's docs, 201 pages), a copy of the shared corpus kept whole in the repository. */
export const DOCS_SMALL = path.join(FIXTURES_DIR, 'docs-small/content');
/** The sitemaps.org 0.9 sitemap schema (test/fixtures/schemas/SOURCE.md). */
export const SITEMAP_XSD = path.join(FIXTURES_DIR, 'schemas/sitemap.xsd');
/**
 * The shared corpora beside the repository (docs-large, real/*): only `*.corpora.test.ts` files may
 * read them, as `npm run test:corpora` fails (test/require-shared.ts) when they are missing.
 */
export const CORPORA_DIR = path.resolve(REPO_DIR, '../shared/corpora');
/** docs-large (tldr-pages, 7,425 pages): for `*.corpora.test.ts` only. */
export const DOCS_LARGE = path.join(CORPORA_DIR, 'docs-large/content');
export const EXAMPLE_SITE = path.join(REPO_DIR, 'examples/site');

/** Base URL the test apps describe themselves with. */
export const TEST_BASE_URL = 'http://sitegate.test';

/** A built app with its context and snapshot. */
export interface TestApp {
  app: InjectableApp;
  context: ServerContext;
  loaded: LoadedSnapshot;
}

/** Options of {@link buildTestApp}. */
export interface TestAppOptions {
  baseUrl?: string;
  /** Data folder (default: a new temporary one), e.g. to reopen the same store. */
  dataDir?: string;
  /** Settings as sitegate.json would give them (tokenTtl, rateLimits…). */
  settings?: ConfigInput;
  /** Clock for keys and tokens. */
  now?: () => Date;
}

/**
 * Builds an app (not listening; `app.inject` goes through the production listener) over a content
 * folder, with a fresh SQLite store.
 */
export async function buildTestApp(contentDir: string, options: TestAppOptions | string = {}): Promise<TestApp> {
  const opts = typeof options === 'string' ? { baseUrl: options } : options;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'sitegate-data-'));
  const config = loadConfig({ contentDir, baseUrl: opts.baseUrl ?? TEST_BASE_URL, dataDir }, {}, opts.settings ?? {});
  const loaded = loadSnapshot(config.contentDir, snapshotOptionsOf(config));
  const context = await createContext(config, loaded.snapshot, { now: opts.now });
  const app = buildInjectableApp(context);
  app.onClose(async () => {
    await context.close();
    // Only a data folder this helper made is removed; a given one belongs to the test.
    if (opts.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true });
  });
  return { app, context, loaded };
}

/**
 * Issues a key through the app's key service.
 * @returns the X-API-Key value, client_id and client_secret
 */
export async function issueKey(
  context: ServerContext,
  scopes: Scope[],
  options: { name?: string; expiresAt?: Date | null } = {},
): Promise<{ apiKey: string; clientId: string; clientSecret: string }> {
  const { credential } = await context.auth.keys.create({ name: options.name ?? 'test', scopes, expiresAt: options.expiresAt ?? null });
  return credential;
}

/**
 * Writes files into a new temporary folder and returns its path.
 * @param files relative path → content
 */
export function writeContent(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-content-'));
  for (const [relPath, text] of Object.entries(files)) {
    const full = path.join(dir, relPath);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return dir;
}

/** Removes a folder made by {@link writeContent}. */
export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
