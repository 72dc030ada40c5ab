/**
 * Issue 28, item 5 ("One line of content stalls the server") and done-when 4: a site whose pages
 * were written to stall a parser, served by the built CLI (`sitegate serve`, the production
 * listener) in its own process. While each page renders on its first request, a health request
 * answers within 100 ms, and the page answers 200. Before the dialects read tags with linear
 * scanners, rendering the first page held the event loop for seconds (7.9 s at 27 attributes), so
 * health waited as long.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliProcesses } from './cli-process.js';
import { freePort } from './free-port.js';

const { tempDir, start } = cliProcesses();

/** Health must answer within this while a page renders (issue 28, done-when 4), beyond what it takes when nothing does. */
const HEALTH_BUDGET_MS = 100;
/** Time given to the server to read the page request and start rendering before health is asked. */
const RENDER_START_MS = 30;
/**
 * Copies of each page, each rendered on its first request: the best of these counts, so that a
 * pause of the shared machine (other processes, the collector) during one render does not fail
 * the test, while a render that stalls fails every copy.
 */
const ATTEMPTS = 3;

/**
 * The pathological pages, by file, each as one generator lays it out in a VitePress site (`.md`
 * pages, `.mdx` beside them): the issue's `<Ab` with 27 attributes, in `.md` (Vue components) and
 * in `.mdx`; self-closing tags on a line of an MDX page that does not parse (the line-by-line
 * reading); an unclosed run of Hugo shortcodes. Sizes are such that the old code took from a third
 * of a second (Hugo: quadratic) to seconds (tags: exponential) on each, the new code milliseconds.
 * Then two pages that stalled in libraries: an MDX page whose component sits under 3,000 levels of
 * blockquote (micromark took 0.4 s and the MDX rewrite overflowed the stack: the page failed), and
 * one 30,000-character run of `a`, whose token count (gpt-tokenizer's BPE, quadratic in a run) took
 * over half a second. (GitBook's tag regex, cubic on a run of spaces, is left to the property test.)
 */
const PAGES: readonly { file: string; url: string; title: string; text: string }[] = [
  { file: 'vue-attributes.md', url: '/vue-attributes', title: 'Vue attributes', text: `<Ab${' a="x"'.repeat(27)}\n` },
  { file: 'mdx-attributes.mdx', url: '/mdx-attributes', title: 'MDX attributes', text: `<Ab${' a="x"'.repeat(27)}\n` },
  { file: 'mdx-tags.mdx', url: '/mdx-tags', title: 'MDX tags', text: `${'<Ab a="x" />'.repeat(24)} x\n\n<Ab\n` },
  { file: 'hugo-calls.md', url: '/hugo-calls', title: 'Hugo calls', text: `${'{{< x '.repeat(2000)}\n` },
  { file: 'deep-quote.mdx', url: '/deep-quote', title: 'Deep quote', text: `${'> '.repeat(3000)}<Note>a</Note>\n` },
  { file: 'long-run.md', url: '/long-run', title: 'Long run', text: `${'a'.repeat(30_000)}\n` },
];

/** GET `url`; resolves with the status, the body and how long the answer took (ms). */
async function timedGet(url: string): Promise<{ status: number; body: string; ms: number }> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
  const body = await response.text();
  return { status: response.status, body, ms: performance.now() - started };
}

/** The file or URL of a page's `copy`-th copy: the first is the page itself, then `-2`, `-3`. */
function copyOf(fileOrUrl: string, copy: number): string {
  return copy === 0 ? fileOrUrl : fileOrUrl.replace(/(\.mdx?)?$/, `-${copy + 1}$1`);
}

describe('pathological content does not stall the server', () => {
  it('answers health within 100 ms while each page renders on its first request (best of 3 copies), and each page with 200', async (context) => {
    const site = tempDir(context, 'sitegate-adversarial-');
    writeFileSync(path.join(site, 'index.md'), '# Home\n\nThe pages of this site were written to stall a parser.\n');
    writeFileSync(path.join(site, 'plain-mdx.mdx'), '# Plain MDX\n\n<Note>A page that stalls nothing.</Note>\n');
    for (const page of PAGES) {
      for (let copy = 0; copy < ATTEMPTS; copy++)
        writeFileSync(path.join(site, copyOf(page.file, copy)), `# ${page.title}\n\n${page.text}`);
    }
    mkdirSync(path.join(site, '.vitepress'));
    writeFileSync(path.join(site, '.vitepress/config.mts'), "export default { title: 'Adversarial' }\n");
    const dataDir = tempDir(context, 'sitegate-adversarial-data-');
    const port = await freePort();
    const server = start(context, ['serve', site, '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'], site);
    const baseUrl = (await server.waitForStdout(/listening on (http:\/\/[^\s"]+)/, 45_000))[1] ?? '';
    // Warm up: the first pages of a process pay for loading the renderers (markdown, MDX), which is not what is measured.
    for (const url of ['/api/v1/health', '/', '/plain-mdx']) expect((await timedGet(baseUrl + url)).status).toBe(200);

    const timings: string[] = [];
    const results: { url: string; status: number; healthStatus: number; healthWithinBudget: boolean; titled: boolean }[] = [];
    for (const page of PAGES) {
      let best: { status: number; healthStatus: number; overMs: number; titled: boolean } | undefined;
      for (let copy = 0; copy < ATTEMPTS && (best === undefined || best.overMs >= HEALTH_BUDGET_MS); copy++) {
        // What health takes on this (shared, busy) machine when nothing renders: the budget is on top.
        const idle = await timedGet(`${baseUrl}/api/v1/health`);
        const rendering = timedGet(baseUrl + copyOf(page.url, copy));
        await new Promise((resolve) => setTimeout(resolve, RENDER_START_MS));
        const health = await timedGet(`${baseUrl}/api/v1/health`);
        const answer = await rendering;
        timings.push(
          `${copyOf(page.url, copy)}: health ${Math.round(health.ms)} ms (idle ${Math.round(idle.ms)} ms), page ${Math.round(answer.ms)} ms`,
        );
        const titled = answer.body.includes(`<h1 id="${page.title.toLowerCase().replace(/ /g, '-')}"`);
        const tried = { status: answer.status, healthStatus: health.status, overMs: health.ms - idle.ms, titled };
        if (best === undefined || tried.overMs < best.overMs) best = tried;
      }
      results.push({
        url: page.url,
        status: best?.status ?? 0,
        healthStatus: best?.healthStatus ?? 0,
        healthWithinBudget: best !== undefined && best.overMs < HEALTH_BUDGET_MS,
        titled: best?.titled ?? false,
      });
    }
    expect(results, timings.join('; ')).toStrictEqual(
      PAGES.map((page) => ({ url: page.url, status: 200, healthStatus: 200, healthWithinBudget: true, titled: true })),
    );
  });
});
