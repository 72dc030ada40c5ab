/**
 * `sitegate check` lists every include the rule refused (content/readable.ts), with the file and
 * the line of the include as written, as an error (exit 1): issue 28, done-when 5.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { removeDir, REPO_DIR, writeContent } from './helpers.js';

const CLI = path.join(REPO_DIR, 'bin/sitegate.js');
const RUN_TIMEOUT_MS = 20_000;

/** Runs the CLI to its end in a fresh working folder, with none of sitegate's variables set. */
function run(...args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sitegate-cwd-'));
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!/^(SITEGATE_|PORT$|DATABASE_URL$|REDIS_URL$)/.test(name)) env[name] = value;
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env, timeout: RUN_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  }).finally(() => removeDir(cwd));
}

beforeAll(() => {
  if (!existsSync(path.join(REPO_DIR, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
});

describe('check', () => {
  it('lists refused includes with the file and line of each, as errors', async () => {
    const dir = writeContent({
      'mkdocs.yml': 'site_name: Acme\n',
      'sitegate.json': '{}\n',
      '.sitegate/secret': 'mk-secret-never-printed\n',
      '.env': 'TOKEN=mk-env-never-printed\n',
      'docs/index.md':
        '---\ntitle: Home\n---\n# Home\n\n--8<-- ".sitegate/secret"\n\n--8<-- "../.env"\n\nText.\n\n--8<-- "sitegate.json"\n\n--8<-- "docs/private.md"\n',
      'docs/private.md': '---\naccess: private\n---\n# Private\n\nmk-private-never-printed\n',
    });
    const { status, stdout, stderr } = await run('check', path.join(dir, 'docs'), '--config', path.join(dir, 'sitegate.json')).finally(() =>
      removeDir(dir),
    );
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'conventions: mkdocs (../mkdocs.yml)\n' +
        'dialect features used (support, feature, pages, documentation):\n' +
        '  partial    mkdocs.snippets     1 page  https://facelessuser.github.io/pymdown-extensions/extensions/snippets/\n' +
        '             Files under `base_path` (in order) read through the include rule; URL snippets are not fetched (a `check` error).\n' +
        'include: 4 errors\n' +
        "  fix: Correct the include's path, anchor or region; includes read only files inside the content folder.\n" +
        '  index.md:6: error: --8<--: include refused: .sitegate/secret is inside a dotfile or dot-folder (.sitegate)\n' +
        // Issue 31: an mdBook `{{#include}}` is text on a MkDocs site (only the detected generator's dialect runs).
        '  index.md:8: error: --8<--: include refused: ../.env is outside the site folder\n' +
        "  index.md:12: error: --8<--: include refused: sitegate.json is sitegate's data folder, secret or config file\n" +
        '  index.md:14: error: --8<--: include refused: docs/private.md is not public (access) and cannot be included in a public page\n' +
        'access: 1 warning\n' +
        '  fix: Move the page under internal/, so that its URL answers the public as a missing page does.\n' +
        '  private.md: warning: access: internal outside internal/: its URL answers 401 to the public where a missing page answers 404, which shows that it exists; under internal/ every URL answers alike\n' +
        '2 pages, 4 errors, 1 warning\n',
    );
    expect(status).toBe(1);
  });
});
