/**
 * What an operator is told about the API is right (issue 32): the served `/openapi.json` lists every
 * route the route table answers (and nothing it does not), and Redocly's `recommended` ruleset finds
 * nothing in it: no error, no warning. Both for a site at the root of its host and for one under a
 * path, whose RFC 8414 / RFC 9728 documents are also served at the host's root.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PAGE_PATH_TEMPLATE } from '../src/api/site-operations.js';
import { buildRouteTable, PAGE_PATH } from '../src/http/route-table.js';
import { buildTestApp, EXAMPLE_SITE, REPO_DIR, TEST_BASE_URL } from './helpers.js';

const exec = promisify(execFile);
const REDOCLY = path.join(REPO_DIR, 'node_modules/.bin/redocly');
const LINT_TIMEOUT_MS = 60_000;

interface PathItem {
  servers?: { url: string }[];
  [method: string]: unknown;
}

/** The served description and the route table of an app over the example site at `baseUrl`. */
async function servedAndRouted(baseUrl: string): Promise<{ document: { paths: Record<string, PathItem> }; routes: string[] }> {
  const { app, context } = await buildTestApp(EXAMPLE_SITE, { baseUrl });
  try {
    const reply = await app.inject({ url: '/openapi.json' });
    expect(reply.statusCode).toBe(200);
    const routes = buildRouteTable(context).routes.map(
      (route) => `${route.method} ${route.path === PAGE_PATH ? PAGE_PATH_TEMPLATE : route.path} ${route.operationId}`,
    );
    return { document: JSON.parse(reply.body) as { paths: Record<string, PathItem> }, routes };
  } finally {
    await app.close();
  }
}

/** `METHOD path operationId` of every operation of a description; host-root aliases under their route's id. */
function described(document: { paths: Record<string, PathItem> }): string[] {
  return Object.entries(document.paths).flatMap(([pathName, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post'].includes(method))
      .map(([method, operation]) => {
        const id = (operation as { operationId: string }).operationId.replace(/AtHostRoot$/, '');
        return `${method.toUpperCase()} ${pathName} ${id}`;
      }),
  );
}

const BASE_URLS = [TEST_BASE_URL, `${TEST_BASE_URL}/docs`];

describe('/openapi.json and the route table', () => {
  it.each(BASE_URLS)('at %s, lists exactly the routes the router answers', async (baseUrl) => {
    const { document, routes } = await servedAndRouted(baseUrl);
    expect(described(document).sort()).toStrictEqual([...routes].sort());
    expect(routes).toContain(`GET ${PAGE_PATH_TEMPLATE} getPage`);
    expect(routes).toContain('POST /mcp mcp');
  });

  it('gives the host-root locations of a site under a path the origin as their server', async () => {
    const { document } = await servedAndRouted(`${TEST_BASE_URL}/docs`);
    const aliases = Object.entries(document.paths).filter(([, item]) => item.servers !== undefined);
    expect(aliases.map(([pathName, item]) => [pathName, item.servers])).toStrictEqual(
      [
        '/.well-known/oauth-authorization-server/docs',
        '/.well-known/openid-configuration/docs',
        '/.well-known/oauth-protected-resource/docs',
        '/.well-known/oauth-protected-resource/docs/mcp',
      ].map((pathName) => [pathName, [{ url: TEST_BASE_URL }]]),
    );
  });
});

describe('redocly lint --extends recommended', () => {
  it.each(BASE_URLS)('finds no error and no warning in /openapi.json at %s', { timeout: LINT_TIMEOUT_MS }, async (baseUrl) => {
    const { document } = await servedAndRouted(baseUrl);
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const { stdout } = await exec(REDOCLY, ['lint', '--extends', 'recommended', '--format', 'json', file], {
        cwd: dir,
        timeout: LINT_TIMEOUT_MS,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(stdout) as { totals: Record<string, number>; problems: { ruleId: string; message: string }[] };
      expect(report.problems.map((problem) => `${problem.ruleId}: ${problem.message}`)).toStrictEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
