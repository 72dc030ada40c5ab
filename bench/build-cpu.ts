/**
 * Build cost of a checkout against another (issue 31, done-when 4): CPU time, wall time and peak
 * RSS of `loadSnapshot` on a content folder, each build in a fresh process.
 *
 *   npx tsx bench/build-cpu.ts --base /work/wt-base --after . [--runs 3] CONTENT_DIR...
 *
 * Each checkout must be built (`npm run build`): the child imports its compiled
 * `dist/snapshot/snapshot.js`, as `sitegate serve` runs it, so the build workers of big sites
 * (snapshot/parallel-build.ts) run in both. Runs alternate base and after, so load on a shared
 * machine falls on both alike; the table gives the median of each and the spread (max − min over
 * the median). CPU is `process.cpuUsage()` (getrusage(RUSAGE_SELF): every thread of the process,
 * workers included, whether or not they have ended); peak RSS is `process.resourceUsage().maxRSS`.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { parseArgs } from 'node:util';

/** One build measured in a fresh process. */
export interface BuildCost {
  /** User + system CPU of loadSnapshot, ms, every thread of the process. */
  cpuMs: number;
  /** Wall-clock time of loadSnapshot, ms. */
  wallMs: number;
  /** Peak resident set size of the process, KB (getrusage ru_maxrss). */
  maxRssKb: number;
  /** Pages in the built site. */
  pages: number;
}

/**
 * The child, plain JavaScript run by `node --input-type=module`: no TypeScript loader in the
 * measured process, so its peak RSS is the build's and the server's own. argv: checkout, content folder.
 */
const CHILD_SOURCE = `
const [checkout, contentDir] = process.argv.slice(1);
const { pathToFileURL } = await import('node:url');
const { loadSnapshot } = await import(pathToFileURL(checkout + '/dist/snapshot/snapshot.js').href);
const started = performance.now();
const cpu = process.cpuUsage();
const { snapshot } = loadSnapshot(contentDir, { baseUrl: 'http://127.0.0.1:8080' });
const used = process.cpuUsage(cpu);
const cost = {
  cpuMs: (used.user + used.system) / 1000,
  wallMs: performance.now() - started,
  maxRssKb: process.resourceUsage().maxRSS,
  pages: snapshot.site.pages.size,
};
process.stdout.write(JSON.stringify(cost) + '\\n');
process.exit(0);
`;

function measure(checkout: string, contentDir: string): BuildCost {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', CHILD_SOURCE, checkout, contentDir], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '') as BuildCost;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Spread of a sample as a fraction of its median: (max − min) / median. */
function spread(values: readonly number[]): number {
  return (Math.max(...values) - Math.min(...values)) / median(values);
}

function row(name: string, base: readonly BuildCost[], after: readonly BuildCost[]): string {
  const cpu = (runs: readonly BuildCost[]): number => median(runs.map((r) => r.cpuMs));
  const rss = (runs: readonly BuildCost[]): number => median(runs.map((r) => r.maxRssKb)) / 1024;
  const wall = (runs: readonly BuildCost[]): number => median(runs.map((r) => r.wallMs));
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  return [
    name,
    cpu(base).toFixed(0),
    cpu(after).toFixed(0),
    `${(cpu(after) / cpu(base)).toFixed(2)}×`,
    `${pct(spread(base.map((r) => r.cpuMs)))} / ${pct(spread(after.map((r) => r.cpuMs)))}`,
    `${wall(base).toFixed(0)} / ${wall(after).toFixed(0)}`,
    rss(base).toFixed(0),
    rss(after).toFixed(0),
    `${(rss(after) / rss(base)).toFixed(2)}×`,
  ].join(' | ');
}

/** A corpus's name: its folder's, or its parent's for a `content/` folder (`real/hugo/content` → `hugo`). */
function corpusName(contentDir: string): string {
  const name = path.basename(path.resolve(contentDir));
  return name === 'content' ? path.basename(path.dirname(path.resolve(contentDir))) : name;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { base: { type: 'string' }, after: { type: 'string' }, runs: { type: 'string', default: '3' } },
  });
  if (values.base === undefined || values.after === undefined || positionals.length === 0) {
    throw new Error('usage: build-cpu.ts --base CHECKOUT --after CHECKOUT [--runs N] CONTENT_DIR...');
  }
  const runs = Number(values.runs);
  process.stdout.write(
    '| corpus | base CPU ms | after CPU ms | ratio | CPU spread base / after | wall ms base / after | base RSS MB | after RSS MB | RSS ratio |\n',
  );
  process.stdout.write('|---|---|---|---|---|---|---|---|---|\n');
  for (const contentDir of positionals) {
    const base: BuildCost[] = [];
    const after: BuildCost[] = [];
    for (let run = 0; run < runs; run++) {
      // Alternate which side goes first, so a trend in the machine's load falls on both.
      const order = run % 2 === 0 ? (['base', 'after'] as const) : (['after', 'base'] as const);
      for (const side of order) {
        const cost = measure(path.resolve(side === 'base' ? values.base : values.after), path.resolve(contentDir));
        (side === 'base' ? base : after).push(cost);
        process.stderr.write(`${corpusName(contentDir)} ${side}: ${JSON.stringify(cost)}\n`);
      }
    }
    process.stdout.write(`| ${row(corpusName(contentDir), base, after)} |\n`);
  }
}

main();
