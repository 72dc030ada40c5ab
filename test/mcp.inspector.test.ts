/**
 * Issue 30, done-when 4: MCP Inspector's CLI (`mcp-inspector --cli`, 2.12, the official debugging
 * client) lists the tools of a running sitegate and calls `search`, in both protocol eras it
 * speaks: `legacy` (the 2025 `initialize` handshake) and `modern` (2026-07-28: `server/discover`,
 * then stateless requests with `_meta`). Anonymous, against the example site.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_JSON } from './package-json.js';
import { freePort } from './free-port.js';
import { buildTestApp, EXAMPLE_SITE, removeDir, REPO_DIR, type TestApp } from './helpers.js';

const run = promisify(execFile);
const INSPECTOR = path.join(REPO_DIR, 'node_modules/.bin/mcp-inspector');
/** Bound of one Inspector run (a Node start, a connect and one request). */
const INSPECTOR_TIMEOUT_MS = 30_000;

const servers: TestApp[] = [];
const homes: string[] = [];
afterEach(async () => {
  for (const t of servers.splice(0)) await t.app.close();
  for (const home of homes.splice(0)) removeDir(home);
});

async function startServer(): Promise<string> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await buildTestApp(EXAMPLE_SITE, { baseUrl });
  servers.push(t);
  await t.app.listen({ port, host: '127.0.0.1' });
  return baseUrl;
}

/**
 * Runs `mcp-inspector --cli <baseUrl>/mcp --protocol-era <era> --format json -q …args` with a
 * home folder of its own (its catalog and client config are written there, never in the user's),
 * and returns the result it prints (`{"result": …}` on stdout).
 */
async function inspect(baseUrl: string, era: 'legacy' | 'modern', args: string[]): Promise<unknown> {
  const home = mkdtempSync(path.join(tmpdir(), 'sitegate-inspector-'));
  homes.push(home);
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    MCP_CATALOG_PATH: path.join(home, 'mcp.json'),
    MCP_CLIENT_CONFIG_PATH: path.join(home, 'client.json'),
  };
  const { stdout } = await run(INSPECTOR, ['--cli', `${baseUrl}/mcp`, '--protocol-era', era, '--format', 'json', '-q', ...args], {
    env,
    timeout: INSPECTOR_TIMEOUT_MS,
  });
  return (JSON.parse(stdout) as { result: unknown }).result;
}

interface Listed {
  tools: { name: string; annotations?: unknown }[];
}

interface Called {
  content: { type: string; text: string }[];
  isError?: boolean;
  _meta?: unknown;
}

/**
 * The `_meta` of a result in each era: on 2026-07-28 the server names itself on every result
 * (`io.modelcontextprotocol/serverInfo`), which no 2025 result carries, so it tells which revision
 * the Inspector spoke.
 */
const RESULT_META = {
  legacy: undefined,
  modern: { 'io.modelcontextprotocol/serverInfo': { name: 'sitegate', title: 'Acme Widgets (sitegate)', version: PACKAGE_JSON.version } },
};

describe.each(['legacy', 'modern'] as const)('MCP Inspector --cli, protocol era %s', (era) => {
  it('lists search and fetch', async () => {
    const baseUrl = await startServer();
    const listed = (await inspect(baseUrl, era, ['--method', 'tools/list'])) as Listed;
    expect(listed.tools.map((tool) => [tool.name, tool.annotations])).toStrictEqual([
      ['search', { readOnlyHint: true, openWorldHint: false }],
      ['fetch', { readOnlyHint: true, openWorldHint: false }],
    ]);
  });

  it('calls search and gets the JSON results of the example site', async () => {
    const baseUrl = await startServer();
    const called = (await inspect(baseUrl, era, [
      '--method',
      'tools/call',
      '--tool-name',
      'search',
      '--tool-arg',
      'query=install',
    ])) as Called;
    expect(called.isError ?? false).toBe(false);
    expect(called._meta).toStrictEqual(RESULT_META[era]);
    expect(called.content).toHaveLength(1);
    const { results } = JSON.parse(called.content[0]?.text ?? '') as { results: { id: string; url: string }[] };
    expect(results.map((hit) => [hit.id, hit.url])).toStrictEqual([
      ['/guides/getting-started', `${baseUrl}/guides/getting-started`],
      ['/guides/', `${baseUrl}/guides/`],
    ]);
  });
});
