/**
 * Shared test fixtures: build a snapshot and app from a content folder, or from files written to
 * a fresh temporary folder. Every test builds its own app (STYLE.md habit 9).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config/config.js';
import { createContext, type ServerContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';
import { loadSnapshot, type LoadedSnapshot } from '../src/snapshot/snapshot.js';

/** Root of the repository. */
export const REPO_DIR = fileURLToPath(new URL('..', import.meta.url));
/** The shared corpora beside the repository. */
export const CORPORA_DIR = path.resolve(REPO_DIR, '../shared/corpora');
export const DOCS_SMALL = path.join(CORPORA_DIR, 'docs-small/content');
export const DOCS_LARGE = path.join(CORPORA_DIR, 'docs-large/content');
export const EXAMPLE_SITE = path.join(REPO_DIR, 'examples/site');

/** Base URL the test apps describe themselves with. */
export const TEST_BASE_URL = 'http://sitegate.test';

/** A built app with its context and snapshot. */
export interface TestApp {
  app: FastifyInstance;
  context: ServerContext;
  loaded: LoadedSnapshot;
}

/** Builds an app (not listening; use `app.inject`) over a content folder. */
export async function buildTestApp(contentDir: string, baseUrl = TEST_BASE_URL): Promise<TestApp> {
  const config = loadConfig({ contentDir, baseUrl, dataDir: mkdtempSync(path.join(tmpdir(), 'sitegate-data-')) }, {});
  const loaded = loadSnapshot(config.contentDir, { baseUrl: config.baseUrl });
  const context = await createContext(config, loaded.snapshot);
  const app = buildApp(context);
  app.addHook('onClose', () => context.close());
  await app.ready();
  return { app, context, loaded };
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
