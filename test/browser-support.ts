/**
 * What the browser tests share: Debian's chromium launched headless through playwright-core, the two
 * viewports the issue names, the screenshot folder and axe-core run inside a page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_DIR } from './helpers.js';

/** Where the UI tests put their screenshots (kept by CI as artifacts). */
export const UI_ARTIFACTS_DIR = path.join(REPO_DIR, 'test-artifacts/ui');

/** A phone (390×844) and a desktop (1280×800) viewport, in CSS pixels. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

const AXE_SOURCE = readFileSync(path.join(REPO_DIR, 'node_modules/axe-core/axe.min.js'), 'utf8');

/** Launches Debian's chromium (`/usr/bin/chromium`) headless, without sandbox or background traffic. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-background-networking'],
  });
}

/** One axe-core finding: its rule id, impact and the CSS selectors of the nodes that fail it. */
export interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: string[];
}

/** Runs axe-core (WCAG 2.x A and AA and best practices) in the page and returns every violation. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated over the DevTools protocol: the page's CSP (rightly) refuses inline scripts.
  await page.evaluate(AXE_SOURCE);
  // Browser code as a string: this project's TypeScript has no DOM types (it is server code).
  return page.evaluate<AxeViolation[]>(`axe.run(document).then((result) => result.violations.map(({ id, impact, nodes }) =>
    ({ id, impact, nodes: nodes.map((node) => node.target.join(' ')) })))`);
}

/**
 * Launches Debian's chromium as {@link launchBrowser} does (headless, no sandbox, no background
 * traffic), resolving each of `hostnames` to 127.0.0.1 (Chromium's `--host-resolver-rules`), so a
 * site served on loopback can have a name of its own, e.g. `docs.test` (the sign-in tests: the
 * provider and the site are different sites, as a company's provider and its docs are).
 */
export function launchBrowserResolving(hostnames: readonly string[]): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      `--host-resolver-rules=${hostnames.map((host) => `MAP ${host} 127.0.0.1`).join(', ')}`,
    ],
  });
}
