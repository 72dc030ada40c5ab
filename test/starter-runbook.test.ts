/**
 * What the starter site tells an operator is right (issue 32): the `keys create` command its private
 * runbook recommends, run as written, makes a key that reads what the runbook says it reads: a public
 * page, the internal runbook itself, and search (which then finds the internal page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp, REPO_DIR } from './helpers.js';
import { cliProcesses } from './cli-process.js';

const STARTER = path.join(REPO_DIR, 'examples/starter/content');
const RUNBOOK = path.join(STARTER, 'internal/runbook.md');

const { tempDir, run } = cliProcesses();

/** The runbook's recommended command, as argv after `sitegate`. */
function recommendedCommand(): string[] {
  const line = readFileSync(RUNBOOK, 'utf8')
    .split('\n')
    .map((text) => text.trim())
    .find((text) => text.startsWith('sitegate keys create '));
  if (line === undefined) throw new Error(`${RUNBOOK} recommends no \`sitegate keys create\` command`);
  return line.split(/\s+/).slice(1);
}

describe('the starter runbook', () => {
  it('recommends a key that reads a public page, the internal runbook and search', { timeout: 60_000 }, async (context) => {
    const dataDir = path.join(tempDir(context, 'sitegate-runbook-'), 'data');
    const created = await run(context, [...recommendedCommand(), '--data-dir', dataDir], REPO_DIR);
    expect(created).toMatchObject({ code: 0 });
    expect(created.stdout).toContain('"on-call" (scopes: search:read content:read internal:read; expires: -)');
    const apiKey = /^ {2}X-API-Key: +(\S+)$/m.exec(created.stdout)?.[1] ?? '';

    const { app } = await buildTestApp(STARTER, { dataDir });
    try {
      const headers = { 'x-api-key': apiKey, accept: 'text/markdown' };
      const publicPage = await app.inject({ url: '/guides/getting-started', headers });
      expect(publicPage.statusCode).toBe(200);
      expect(publicPage.body).toContain('# Getting started');
      const runbook = await app.inject({ url: '/internal/runbook', headers });
      expect(runbook.statusCode).toBe(200);
      expect(runbook.body).toContain('# Runbook');
      const search = await app.inject({ url: '/api/search.json?q=runbook', headers: { 'x-api-key': apiKey } });
      expect(search.statusCode).toBe(200);
      expect((JSON.parse(search.body) as { path: string }[]).map((hit) => hit.path)).toContain('/internal/runbook');
    } finally {
      await app.close();
    }
  });
});
