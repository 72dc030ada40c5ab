/**
 * A bounded load generator for end-to-end tests: concurrent workers, each on its own keep-alive
 * connection (node:http Agent), sending requests one after another and recording every outcome.
 */
import { writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import path from 'node:path';

/**
 * Writes `<cwd>/sitegate.json` lifting the anonymous search limit (1,200 a minute per address by
 * default): on a fast machine a load easily passes it within seconds, and a test about reloading or
 * shutting down must not fail on 429s. Start the server with `cwd` as its working folder.
 */
export function liftSearchLimit(cwd: string): void {
  writeFileSync(path.join(cwd, 'sitegate.json'), JSON.stringify({ rateLimits: { search: { points: 1_000_000_000 } } }));
}

/** One request of the mix. */
export interface LoadRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Statuses that count as success (default [200]). */
  ok?: number[];
}

/** What happened to one request. */
export interface Outcome {
  path: string;
  /** Response status, or undefined when the request failed. */
  status?: number;
  /** The error code (ECONNREFUSED, ECONNRESET…) or message when it failed. */
  error?: string;
  /** Whether the status is one the request accepts. */
  ok: boolean;
  /** The response carried `Connection: close`. */
  connectionClose: boolean;
  /** When the response completed (ms, performance.now()). */
  atMs: number;
}

/** A running load. */
export interface Load {
  /** Every outcome so far. */
  outcomes: Outcome[];
  /** Stops the workers after their current request and resolves when all have stopped. */
  stop(): Promise<void>;
  /** Resolves once every worker has stopped by itself (see `until`). */
  finished: Promise<void>;
}

/**
 * Starts `concurrency` workers cycling through `mix` against `baseUrl`.
 * @param until a worker stops after an outcome for which this returns true (e.g. ECONNREFUSED)
 */
export function startLoad(
  baseUrl: string,
  mix: readonly LoadRequest[],
  concurrency: number,
  until: (outcome: Outcome) => boolean = () => false,
): Load {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const url = new URL(baseUrl);
  const outcomes: Outcome[] = [];
  let stopped = false;
  const one = (spec: LoadRequest): Promise<Outcome> =>
    new Promise((resolve) => {
      const done = (fields: Omit<Outcome, 'path' | 'atMs'>): void => resolve({ path: spec.path, atMs: performance.now(), ...fields });
      const outgoing = request(
        { agent, host: url.hostname, port: url.port, path: spec.path, method: spec.method ?? 'GET', headers: spec.headers },
        (response) => {
          response.resume();
          response.once('error', (error: NodeJS.ErrnoException) =>
            done({ error: error.code ?? error.message, ok: false, connectionClose: false }),
          );
          response.once('end', () => {
            if (!response.complete) {
              done({ error: 'incomplete body', ok: false, connectionClose: false });
              return;
            }
            const status = response.statusCode ?? 0;
            done({ status, ok: (spec.ok ?? [200]).includes(status), connectionClose: response.headers.connection === 'close' });
          });
        },
      );
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('timeout')));
      outgoing.once('error', (error: NodeJS.ErrnoException) =>
        done({ error: error.code ?? error.message, ok: false, connectionClose: false }),
      );
      outgoing.end(spec.body);
    });
  const worker = async (index: number): Promise<void> => {
    for (let i = index; !stopped; i++) {
      const spec = mix[i % mix.length];
      if (spec === undefined) return;
      const outcome = await one(spec);
      outcomes.push(outcome);
      if (until(outcome)) return;
    }
  };
  const finished = Promise.all(Array.from({ length: concurrency }, (_, index) => worker(index))).then(() => agent.destroy());
  return {
    outcomes,
    finished,
    async stop() {
      stopped = true;
      await finished;
    },
  };
}
