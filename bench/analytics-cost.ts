/**
 * What agent analytics adds to a request, in ns, measured in-process: the production listener
 * (src/http/listener.ts) of one server context driven in a loop with a minimal request and
 * response, once without observers and once with the context's (the analytics recorder, as
 * `serve` installs it with metrics off). Both listeners share the snapshot, writer plans and
 * caches, so the difference is the observing alone. Batches of the two alternate (A/B/A/B), each
 * timed by this process's CPU time, and the median of the per-round differences is reported,
 * which holds well even while other processes share the machine.
 *
 *   npx tsx bench/analytics-cost.ts [--content DIR] [--rounds N] [--batch N] [--only NAME] [--prof]
 *
 * `--only` keeps the request kinds whose name contains NAME. With `--prof` only the analytics-on
 * listener runs (for `node --cpu-prof --import tsx bench/analytics-cost.ts --prof`).
 * Prints one line per request kind and a closing line; exits 1 when a response is not the expected one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/config.js';
import { createContext } from '../src/context.js';
import { createListener } from '../src/http/listener.js';
import { loadSnapshot, snapshotOptionsOf } from '../src/snapshot/snapshot.js';

const DEFAULT_CONTENT = path.resolve(import.meta.dirname, '../../shared/corpora/docs-small/content');
/** The page the throughput bench uses (scenarios.ts). */
const PAGE = '/concepts/acme-orders-challenges';
const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** One kind of request of the hot precomputed path. */
interface Case {
  name: string;
  url: string;
  headers: Record<string, string>;
  status: number;
}

/** The minimal response the listener and the writer use: writeHead, end, and what observers read. */
class SinkResponse {
  statusCode = 200;
  headersSent = false;
  bytes = 0;
  writeHead(status: number): this {
    this.statusCode = status;
    this.headersSent = true;
    return this;
  }
  end(payload?: Buffer): this {
    this.bytes += payload?.length ?? 0;
    return this;
  }
  destroy(): this {
    throw new Error('the listener destroyed a benchmark response');
  }
}

const SOCKET = { remoteAddress: '127.0.0.1' };

/**
 * Sends `count` requests of a case through a listener; returns the CPU time of this process per
 * request (ns), which time spent waiting for the core while other processes run does not inflate.
 */
function drive(listener: RequestListener, c: Case, count: number): number {
  const started = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    // node:http gives every request fresh objects; so does the loop (the allocation is on both sides).
    const request = { url: c.url, method: 'GET', headers: { ...c.headers }, socket: SOCKET };
    const response = new SinkResponse();
    listener(request as unknown as IncomingMessage, response as unknown as ServerResponse);
    if (response.statusCode !== c.status) throw new Error(`${c.name}: status ${response.statusCode}, expected ${c.status}`);
  }
  const used = process.cpuUsage(started);
  return ((used.user + used.system) * 1000) / count;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      content: { type: 'string', default: DEFAULT_CONTENT },
      rounds: { type: 'string', default: '41' },
      batch: { type: 'string', default: '10000' },
      only: { type: 'string', default: '' },
      prof: { type: 'boolean', default: false },
    },
  });
  const rounds = Number(values.rounds);
  const batch = Number(values.batch);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sitegate-analytics-cost-'));
  try {
    const config = loadConfig({ contentDir: values.content, dataDir }, {}, { analytics: { enabled: true, flushSec: 3600 } });
    const loaded = loadSnapshot(config.contentDir, snapshotOptionsOf(config));
    const ctx = await createContext(config, loaded.snapshot);
    const off = createListener(ctx);
    const on = createListener(ctx, { observers: ctx.observers });

    const etagProbe = new SinkResponse();
    const fields: string[] = [];
    etagProbe.writeHead = (status: number, list?: unknown): SinkResponse => {
      etagProbe.statusCode = status;
      fields.push(...(list as string[]));
      return etagProbe;
    };
    off({ url: PAGE, method: 'GET', headers: {}, socket: SOCKET } as unknown as IncomingMessage, etagProbe as unknown as ServerResponse);
    const etag = fields[fields.indexOf('etag') + 1];
    if (etag === undefined) throw new Error(`${PAGE} has no ETag`);

    const all: Case[] = [
      { name: 'health', url: '/api/v1/health', headers: { 'user-agent': 'autocannon' }, status: 200 },
      { name: 'page markdown GPTBot', url: PAGE, headers: { accept: 'text/markdown', 'user-agent': GPTBOT }, status: 200 },
      { name: 'page 304 Chrome', url: PAGE, headers: { accept: 'text/html', 'if-none-match': etag, 'user-agent': CHROME }, status: 304 },
    ];
    const cases = all.filter((c) => c.name.includes(values.only));
    if (cases.length === 0) throw new Error(`--only ${values.only} matches none of: ${all.map((c) => c.name).join(', ')}`);
    if (values.prof) {
      for (let round = 0; round < rounds; round++) for (const c of cases) drive(on, c, batch);
      await ctx.close();
      return;
    }
    // Warm both listeners on every case before measuring, so the JIT has seen them all.
    for (const c of cases) for (const listener of [off, on]) drive(listener, c, batch);
    const lines: string[] = [];
    const costs: number[] = [];
    for (const c of cases) {
      const offNs: number[] = [];
      const onNs: number[] = [];
      for (let round = 0; round < rounds; round++) {
        // A/B, then B/A: a burst of other work hits both sides alike.
        const order = round % 2 === 0 ? [off, on] : [on, off];
        for (const listener of order) (listener === off ? offNs : onNs).push(drive(listener, c, batch));
      }
      const cost = median(onNs.map((ns, i) => ns - offNs[i]!));
      costs.push(cost);
      lines.push(
        `${c.name.padEnd(22)} off ${median(offNs).toFixed(0).padStart(6)} ns  on ${median(onNs).toFixed(0).padStart(6)} ns  ` +
          `analytics +${cost.toFixed(0)} ns/request`,
      );
    }
    process.stdout.write(
      `analytics cost, in-process listener, CPU time, ${rounds} interleaved rounds of ${batch} requests (median of per-round differences)\n` +
        `${lines.join('\n')}\nlargest: ${Math.max(...costs).toFixed(0)} ns per request\n`,
    );
    await ctx.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`analytics-cost: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
