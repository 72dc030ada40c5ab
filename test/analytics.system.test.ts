/**
 * Agent analytics end to end (issue 17): a real `sitegate serve` on the example site, requests
 * with real crawler, browser and curl User-Agents, an API key and a bearer token, then SIGTERM
 * (counts are written at shutdown), then `sitegate stats --json` reports them exactly and
 * `sitegate stats --html FILE` opens in chromium without errors (screenshot in test-artifacts/).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { USER_AGENTS } from './user-agents.js';
import type { StatsReport } from '../src/analytics/report.js';
import { cliProcesses } from './cli-process.js';
import { EXAMPLE_SITE, REPO_DIR } from './helpers.js';
import { freePort } from './free-port.js';
import { TOKEN_PATH } from './auth-fixtures.js';

const { tempDir, start, run } = cliProcesses();
const SLOW_TEST_MS = 180_000;
const ARTIFACTS_DIR = path.join(REPO_DIR, 'test-artifacts');

/** One request: who sends it, where, and what the server must answer. */
interface Call {
  agent: keyof typeof USER_AGENTS;
  path: string;
  status: number;
  accept?: string;
  credential?: 'key' | 'token';
  method?: 'POST';
  body?: unknown;
}

describe('sitegate stats after real traffic', { timeout: SLOW_TEST_MS }, () => {
  it('counts each request by agent, format, status, page and key, and the searches that found nothing', async (context) => {
    const dataDir = path.join(tempDir(context, 'sitegate-analytics-'), 'data');
    const cwd = tempDir(context, 'sitegate-analytics-cwd-');
    const created = await run(
      context,
      ['keys', 'create', '--name', 'crawler', '--scopes', 'search:read,content:read', '--json', '--data-dir', dataDir],
      cwd,
    );
    expect(created.code).toBe(0);
    const key = JSON.parse(created.stdout) as { client_id: string; client_secret: string; api_key: string };

    const port = await freePort();
    const server = start(context, ['serve', EXAMPLE_SITE, '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'], cwd);
    const baseUrl = (await server.waitForStdout(/listening on (http:\/\/[^\s"]+)/, 45_000))[1] ?? '';

    const tokenResponse = await fetch(`${baseUrl}${TOKEN_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENTS.curl },
      body: JSON.stringify({ grant_type: 'client_credentials', client_id: key.client_id, client_secret: key.client_secret }),
    });
    expect(tokenResponse.status).toBe(200);
    const { access_token: token } = (await tokenResponse.json()) as { access_token: string };

    const markdown = 'text/markdown';
    const calls: Call[] = [
      { agent: 'GPTBot', path: '/llms.txt', status: 200 },
      { agent: 'GPTBot', path: '/guides/getting-started', accept: markdown, status: 200 },
      { agent: 'ClaudeBot', path: '/guides/getting-started.md', status: 200 },
      { agent: 'ClaudeBot', path: '/guides/configuration.md', status: 200 },
      { agent: 'PerplexityBot', path: '/api/search.json?q=zzyzx', status: 200 },
      { agent: 'PerplexityBot', path: '/guides/troubleshooting', accept: markdown, status: 200 },
      { agent: 'Googlebot', path: '/guides/getting-started', status: 200 },
      { agent: 'Googlebot', path: '/sitemap.xml', status: 200 },
      { agent: 'bingbot', path: '/guides/configuration', status: 200 },
      { agent: 'curl', path: '/robots.txt', status: 200 },
      { agent: 'curl', path: '/api/search.json?q=Qwxzv', credential: 'key', status: 200 },
      { agent: 'curl', path: '/guides/getting-started', accept: markdown, credential: 'token', status: 200 },
      {
        agent: 'curl',
        path: '/mcp',
        method: 'POST',
        credential: 'key',
        accept: 'application/json, text/event-stream',
        body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search', arguments: { query: 'zzyzx' } } },
        status: 200,
      },
      { agent: 'Chrome', path: '/', status: 200 },
      { agent: 'Chrome', path: '/no/such/page', status: 404 },
    ];
    for (const call of calls) {
      const headers: Record<string, string> = { 'user-agent': USER_AGENTS[call.agent] };
      if (call.accept !== undefined) headers.accept = call.accept;
      if (call.credential === 'key') headers['x-api-key'] = key.api_key;
      if (call.credential === 'token') headers.authorization = `Bearer ${token}`;
      if (call.body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${baseUrl}${call.path}`, {
        method: call.method ?? 'GET',
        headers,
        ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      });
      await response.arrayBuffer();
      expect([call.path, response.status]).toStrictEqual([call.path, call.status]);
    }
    server.child.kill('SIGTERM');
    expect(await server.exited(20_000)).toStrictEqual({ code: 0, signal: null });

    const stats = await run(context, ['stats', '--json', '--data-dir', dataDir], cwd);
    expect([stats.code, stats.stderr]).toStrictEqual([0, '']);
    const report = JSON.parse(stats.stdout) as StatsReport;
    const { since, until, agentsOverTime, ...counted } = report;
    expect(Date.parse(until) - Date.parse(since)).toBeGreaterThanOrEqual(7 * 86_400_000);
    const overTime: Record<string, number> = {};
    for (const point of agentsOverTime) for (const [agent, n] of Object.entries(point.agents)) overTime[agent] = (overTime[agent] ?? 0) + n;
    // The made-up path is counted outside the site, its agent merged into (other), its category kept.
    expect(overTime).toStrictEqual({
      '(other)': 1,
      Chrome: 1,
      ClaudeBot: 2,
      GPTBot: 2,
      Googlebot: 2,
      PerplexityBot: 2,
      bingbot: 1,
      curl: 5,
    });
    expect(counted).toStrictEqual({
      granularity: 'hour',
      series: 'day',
      requests: 16,
      categories: [
        { category: 'ai-crawler', requests: 6 },
        { category: 'api-client', requests: 3 },
        { category: 'search-engine', requests: 3 },
        { category: 'bot', requests: 2 },
        { category: 'browser', requests: 2 },
      ],
      agents: [
        { category: 'api-client', agent: 'curl', requests: 3, formats: { json: 1, markdown: 1, mcp: 1 } },
        { category: 'ai-crawler', agent: 'ClaudeBot', requests: 2, formats: { markdown: 2 } },
        { category: 'ai-crawler', agent: 'GPTBot', requests: 2, formats: { llms: 1, markdown: 1 } },
        { category: 'search-engine', agent: 'Googlebot', requests: 2, formats: { html: 1, other: 1 } },
        { category: 'ai-crawler', agent: 'PerplexityBot', requests: 2, formats: { json: 1, markdown: 1 } },
        { category: 'bot', agent: 'curl', requests: 2, formats: { json: 1, other: 1 } },
        { category: 'browser', agent: '(other)', requests: 1, formats: { other: 1 } },
        { category: 'browser', agent: 'Chrome', requests: 1, formats: { html: 1 } },
        { category: 'search-engine', agent: 'bingbot', requests: 1, formats: { html: 1 } },
      ],
      topPages: [
        { path: '/guides/getting-started', requests: 3, agents: { GPTBot: 1, Googlebot: 1, curl: 1 } },
        { path: '/', requests: 1, agents: { Chrome: 1 } },
        { path: '/guides/configuration', requests: 1, agents: { bingbot: 1 } },
        { path: '/guides/configuration.md', requests: 1, agents: { ClaudeBot: 1 } },
        { path: '/guides/getting-started.md', requests: 1, agents: { ClaudeBot: 1 } },
        { path: '/guides/troubleshooting', requests: 1, agents: { PerplexityBot: 1 } },
      ],
      markdownShare: [
        { category: 'all', html: 3, markdown: 5, share: 0.625 },
        { category: 'ai-crawler', html: 0, markdown: 4, share: 1 },
        { category: 'search-engine', html: 2, markdown: 0, share: 0 },
        { category: 'api-client', html: 0, markdown: 1, share: 1 },
        { category: 'browser', html: 1, markdown: 0, share: 0 },
      ],
      statuses: [
        { status: 200, requests: 15 },
        { status: 404, requests: 1 },
      ],
      // The one made-up path is counted outside the site, under (other), not as a page of its own.
      outsideSite: [{ status: 404, requests: 1 }],
      overflowRequests: 0,
      zeroResultQueries: [
        { query: 'zzyzx', count: 2 },
        { query: 'qwxzv', count: 1 },
      ],
      keys: [{ client_id: key.client_id, name: 'crawler', requests: 3, formats: { json: 1, markdown: 1, mcp: 1 } }],
    });

    // The tables name the same counts.
    const tables = await run(context, ['stats', '--data-dir', dataDir], cwd);
    expect(tables.code).toBe(0);
    expect(tables.stdout).toMatch(
      /^16 requests from \S+ to \S+ \(hour counts\)\n\nAgents\nAGENT +CATEGORY +REQUESTS +FORMATS\ncurl +api-client +3 +json 1, markdown 1, mcp 1\n/,
    );
    expect(tables.stdout).toContain('\nSearches that found nothing\nQUERY  SEARCHES\nzzyzx  2\nqwxzv  1\n');
    expect(tables.stdout).toContain('\nOutside the site (no page, asset or route: counted as (other))\nSTATUS  REQUESTS\n404     1\n');

    // The HTML report: self-contained, opens without a console error or a request.
    const file = path.join(cwd, 'report.html');
    const html = await run(context, ['stats', '--html', file, '--data-dir', dataDir], cwd);
    expect([html.code, html.stderr]).toStrictEqual([0, `sitegate: wrote the HTML report to ${file}\n`]);
    expect(readFileSync(file, 'utf8')).not.toMatch(/(src|href)="?https?:/);
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-background-networking'],
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('request', (request) => {
        if (!request.url().startsWith('file:')) problems.push(`request ${request.url()}`);
      });
      await page.goto(pathToFileURL(file).href);
      expect(await page.locator('h1').textContent()).toBe('What agents do');
      expect(await page.locator('svg').count()).toBe(4);
      expect(await page.locator('svg[aria-label="Requests per day by agent"] rect').count()).toBeGreaterThan(0);
      expect(await page.locator('table').nth(3).locator('tbody td').first().textContent()).toBe('zzyzx');
      expect(await page.locator('h2:has-text("Outside the site") + p + table tbody td').allTextContents()).toStrictEqual(['404', '1']);
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'analytics-report.png'), fullPage: true });
      expect(problems).toStrictEqual([]);
    } finally {
      await browser.close();
    }
  });

  it('refuses to make a data folder, and names a bad --since', async (context) => {
    const cwd = tempDir(context, 'sitegate-analytics-empty-');
    const missing = await run(context, ['stats', '--data-dir', path.join(cwd, 'nowhere')], cwd);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      `sitegate: no data folder at ${path.join(cwd, 'nowhere')} (from --data-dir); run this where the site's sitegate.json is, or give --config, --data-dir or SITEGATE_DATA_DIR\n`,
    );
    const bad = await run(context, ['stats', '--since', 'soon', '--data-dir', cwd], cwd);
    expect([bad.code, bad.stderr]).toStrictEqual([2, 'sitegate: --since: "soon" is not a duration (examples: 90d, 24h, 30m)\n']);
  });
});
