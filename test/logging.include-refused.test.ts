/**
 * A refused include is told in the log of `serve` (issue 28: refusals "render as a visible 'include
 * refused' note for `check` and the log, never as the file"): the page that includes `.env`, when
 * first served, logs one warning with the page, the line and `check`'s message, and never a byte
 * of the file. The snapshot and the logger are built as `serve` builds them (cli/serve.ts).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_REDACT_PATHS, snapshotBuilder } from '../src/cli/serve.js';
import { runSteps } from '../src/build-steps.js';
import { loadConfig } from '../src/config/config.js';
import { createContext } from '../src/context.js';
import { buildInjectableApp, type InjectableApp } from './app.js';
import { createLoggers } from '../src/log.js';
import { removeDir, TEST_BASE_URL, writeContent } from './helpers.js';

/** Planted in `.env`: no log line may hold it. */
const MARKER = 'env-marker-never-logged-5d1c';

let site: string;
let dataDir: string;
let app: InjectableApp;
const chunks: string[] = [];

/** Every log line so far, parsed (pino's JSON lines). */
function logLines(): Record<string, unknown>[] {
  return chunks
    .join('')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

beforeAll(async () => {
  site = writeContent({
    'mkdocs.yml': 'site_name: Acme\n',
    '.env': `TOKEN=${MARKER}\n`,
    // MkDocs' own include (pymdownx.snippets, read from the folder of mkdocs.yml): an mdBook `{{#include}}` is text here.
    'docs/index.md': '# Home\n\nBefore.\n\n--8<-- ".env"\n\nAfter.\n',
    'docs/other.md': '# Other\n\nNothing included.\n',
  });
  dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-data-'));
  const config = loadConfig({ contentDir: path.join(site, 'docs'), baseUrl: TEST_BASE_URL, dataDir }, {}, {});
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, callback) {
      chunks.push(chunk.toString());
      callback();
    },
  });
  const { logger } = createLoggers(config.logLevel, 'json', LOG_REDACT_PATHS, stream);
  const loaded = runSteps(snapshotBuilder(config, logger)());
  const context = await createContext(config, loaded.snapshot, { log: logger });
  app = buildInjectableApp(context, { logger });
  app.onClose(() => context.close());
});
afterAll(async () => {
  await app.close();
  removeDir(site);
  removeDir(dataDir);
});

describe('serve logs refused includes', () => {
  it('logs one warning per refused include when the page is first served, with none of the file', async () => {
    const html = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    expect(html.statusCode).toBe(200);
    expect(html.body).toContain('<p>(include refused: <code>.env</code>)</p>');
    // The page is cached: serving it again, in either form, and serving another page logs nothing more.
    const markdown = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/markdown' } });
    expect(markdown.statusCode).toBe(200);
    const other = await app.inject({ method: 'GET', url: '/other', headers: { accept: 'text/html' } });
    expect(other.statusCode).toBe(200);

    const lines = logLines();
    const refused = lines.filter((line) => line.msg === 'include refused');
    expect(refused.map(({ level, page, line, message }) => ({ level, page, line, message }))).toStrictEqual([
      {
        level: 40,
        page: 'index.md',
        line: 5,
        message: '--8<--: include refused: .env is inside a dotfile or dot-folder (.env)',
      },
    ]);
    expect(chunks.join('')).not.toContain(MARKER);
  });
});
