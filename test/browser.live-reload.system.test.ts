/**
 * Issue 32, done-when 3: watch-mode reload in a real browser. `sitegate serve --watch` (the built
 * CLI) serves a page to Debian's chromium; once the page's live-reload stream is open, the page's
 * source file is edited on disk, and the page reloads by itself and shows the new text, with no
 * CSP violation or script error on the way. Then SIGTERM closes the server promptly although the
 * tab's stream is still open.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './browser-support.js';
import { CLI_TIMEOUT_MS, cliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';

const { tempDir, start } = cliProcesses();
/** How long the edit may take to show (debounce, rebuild, reload, on a busy machine). */
const RELOAD_TIMEOUT_MS = 30_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

describe('serve --watch in chromium', { timeout: 120_000 }, () => {
  it('an open page reloads itself after its file is edited and shows the new text', async (context) => {
    const site = tempDir(context, 'sitegate-live-');
    const cwd = tempDir(context, 'sitegate-live-cwd-');
    mkdirSync(path.join(site, 'guides'));
    writeFileSync(path.join(site, 'index.md'), '# Home\n\nWelcome.\n');
    writeFileSync(path.join(site, 'guides/setup.md'), '# Setup\n\nThe first draft of the setup.\n');
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const server = start(context, ['serve', site, '--watch', '--port', String(port), '--data-dir', path.join(cwd, 'data')], cwd);
    await server.waitForStdout(/"msg":"watching .+ for changes"/, CLI_TIMEOUT_MS);

    const page = await (await browser.newContext()).newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
    const isStream = (response: Response): boolean => response.url().startsWith(`${origin}/_sitegate/reload?since=`);
    let loads = 0;
    page.on('load', () => (loads += 1));
    // The stream's head comes once the script has run and the server holds the connection.
    const streamOpen = page.waitForResponse(isStream);
    await page.goto(`${origin}/guides/setup`, { waitUntil: 'load' });
    const stream = await streamOpen;
    expect([stream.status(), (await stream.allHeaders())['content-type']]).toStrictEqual([200, 'text/event-stream']);
    expect(await page.textContent('main p')).toBe('The first draft of the setup.');

    const reopened = page.waitForResponse(isStream, { timeout: RELOAD_TIMEOUT_MS });
    writeFileSync(path.join(site, 'guides/setup.md'), '# Setup\n\nThe second draft, reloaded without a click.\n');
    // Waited for from outside the page: its CSP (rightly) refuses the eval a waitForFunction needs.
    await page.locator('main p', { hasText: 'The second draft, reloaded without a click.' }).waitFor({ timeout: RELOAD_TIMEOUT_MS });
    expect(loads).toBe(2);
    expect(page.url()).toBe(`${origin}/guides/setup`);
    expect(problems).toStrictEqual([]);

    // The tab's stream is open again after the reload; SIGTERM must not wait on it.
    expect((await reopened).status()).toBe(200);
    const stopping = performance.now();
    server.child.kill('SIGTERM');
    expect(await server.exited(CLI_TIMEOUT_MS)).toStrictEqual({ code: 0, signal: null });
    expect(performance.now() - stopping).toBeLessThan(5000);
    await page.context().close();
  });
});
