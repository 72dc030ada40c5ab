/**
 * `npm run lighthouse`: Lighthouse (the npm `lighthouse` package, driving Debian's chromium through
 * chrome-launcher) on a deep content page, the developer portal and the search page of a sitegate
 * serving docs-small on 127.0.0.1, with the mobile (default) and desktop presets. Prints the
 * performance, accessibility, best-practices and SEO scores per URL and preset, with the audits
 * that cost points, and writes each report as JSON and HTML to test-artifacts/lighthouse/.
 * Targets (issue 15): ≥ 90 performance, ≥ 95 for the other three. Exits 0 when every run
 * completed, whatever the scores (the table says MISS); 1 when a run fails.
 *
 * Options: --content <dir> (default: the shared docs-small corpus), --page <path> (the deep page),
 * --query <words> (for /search?q=). A page that answers 404 (/search before it exists) is still
 * audited and reported.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Flags } from 'lighthouse';
import { loadConfig } from '../src/config/config.js';
import { createContext } from '../src/context.js';
import { buildApp } from '../src/http/app.js';
import { loadSnapshot, snapshotOptionsOf } from '../src/snapshot/snapshot.js';
import { freePort } from '../test/free-port.js';

const REPO_DIR = fileURLToPath(new URL('..', import.meta.url));
const REPORT_DIR = path.join(REPO_DIR, 'test-artifacts/lighthouse');
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Lowest acceptable score (0–100) per category (issue 15, done-when 2). */
const TARGETS: Record<(typeof CATEGORIES)[number], number> = { performance: 90, accessibility: 95, 'best-practices': 95, seo: 95 };
const PRESETS: Record<'mobile' | 'desktop', Config | undefined> = { mobile: undefined, desktop: desktopConfig };
/** Chromium flags (house rules): new headless, no sandbox in the container, no background traffic. */
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-background-networking'];

const { values } = parseArgs({
  options: {
    content: { type: 'string', default: path.resolve(REPO_DIR, '../shared/corpora/docs-small/content') },
    page: { type: 'string', default: '/configuration/acme/dns01/route53' },
    query: { type: 'string', default: 'certificate' },
  },
});

/** One audited URL under one preset. */
interface Run {
  name: string;
  preset: keyof typeof PRESETS;
  url: string;
  status: number | undefined;
  /** Score 0–100 per category; null when Lighthouse could not score it (e.g. a 404 page). */
  scores: Record<string, number | null>;
  /** Titles of the scored audits below 100, with their score. */
  losses: string[];
  runtimeError: string | undefined;
}

/** Runs Lighthouse once and saves its JSON and HTML reports. */
async function audit(port: number, name: string, url: string, preset: keyof typeof PRESETS): Promise<Run> {
  const flags: Flags = { port, output: ['json', 'html'], logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, PRESETS[preset]);
  if (result === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  const [json, html] = result.report as string[];
  writeFileSync(path.join(REPORT_DIR, `${name}-${preset}.json`), json ?? '');
  writeFileSync(path.join(REPORT_DIR, `${name}-${preset}.html`), html ?? '');
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, score === null || score === undefined ? null : Math.round(score * 100)];
    }),
  );
  const losses = CATEGORIES.flatMap((id) =>
    (lhr.categories[id]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((one) => one !== undefined && one.score !== null && one.score < 1)
      .map((one) => `${id}: ${one?.id} (${Math.round((one?.score ?? 0) * 100)})`),
  );
  const status = (lhr.audits['http-status-code']?.details as { items?: { statusCode?: number }[] } | undefined)?.items?.[0]?.statusCode;
  return { name, preset, url, status, scores, losses, runtimeError: lhr.runtimeError?.message };
}

/** The scores as a markdown table, MISS beside a score under its target. */
function table(runs: readonly Run[]): string {
  const cell = (run: Run, id: (typeof CATEGORIES)[number]): string => {
    const score = run.scores[id];
    return score === null || score === undefined ? 'n/a' : score >= TARGETS[id] ? String(score) : `${score} MISS`;
  };
  return [
    `| page | preset | ${CATEGORIES.join(' | ')} |`,
    `|---|---|${CATEGORIES.map(() => '---').join('|')}|`,
    ...runs.map(
      (run) =>
        `| ${run.name} (${new URL(run.url).pathname}${new URL(run.url).search}) | ${run.preset} | ${CATEGORIES.map((id) => cell(run, id)).join(' | ')} |`,
    ),
  ].join('\n');
}

async function main(): Promise<void> {
  mkdirSync(REPORT_DIR, { recursive: true });
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-lighthouse-'));
  const config = loadConfig({ contentDir: values.content, baseUrl: origin, dataDir }, {}, {});
  const context = await createContext(config, loadSnapshot(config.contentDir, snapshotOptionsOf(config)).snapshot);
  const app = buildApp(context);
  await app.listen({ port, host: '127.0.0.1' });
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS });
  const pages: [string, string][] = [
    ['page', `${origin}${values.page}`],
    ['portal', `${origin}/developers`],
    ['search', `${origin}/search?q=${encodeURIComponent(values.query)}`],
  ];
  const runs: Run[] = [];
  try {
    for (const [name, url] of pages)
      for (const preset of Object.keys(PRESETS) as (keyof typeof PRESETS)[]) runs.push(await audit(chrome.port, name, url, preset));
  } finally {
    chrome.kill();
    await app.close();
    await context.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Lighthouse on ${values.content}; targets: ${CATEGORIES.map((id) => `${id} ≥ ${TARGETS[id]}`).join(', ')}\n`);
  console.log(table(runs));
  for (const run of runs) {
    const notes = [
      run.status === undefined || run.status === 200 ? '' : `HTTP ${run.status}`,
      run.runtimeError ?? '',
      ...run.losses,
    ].filter((note) => note !== '');
    if (notes.length > 0) console.log(`\n${run.name} ${run.preset}:\n  ${notes.join('\n  ')}`);
  }
  console.log(`\nReports: ${path.relative(process.cwd(), REPORT_DIR)}/<page>-<preset>.{json,html}`);
}

await main();
