/**
 * The table of benchmarked requests. Each row is measured against sitegate and against a baseline
 * serving the same response; add a row to benchmark another endpoint.
 */
import { headerOf, type CapturedReply, type RequestSpec } from './http-client.js';

/** Services a scenario can use to compute its request headers before the run. */
export interface ScenarioSetup {
  /** Sends one request to the running sitegate (e.g. to learn a page's ETag). */
  probe(path: string, spec?: Partial<RequestSpec>): Promise<CapturedReply>;
}

/**
 * What a row is compared with. `raw` replays sitegate's captured response from a minimal
 * `node:http` server (see raw-server.ts); other baselines (e.g. a reference OAuth server for the
 * token endpoint) are added as new members of this union.
 */
export type BaselineKind = 'raw';

/** One benchmarked request. */
export interface BenchScenario {
  /** Short name shown in the table and matched by `--only`. */
  name: string;
  /** Default GET. */
  method?: 'GET' | 'POST';
  /** Request target: path and query string. */
  path: string;
  /** Request headers, fixed or computed once from the running server. */
  headers?: Record<string, string> | ((setup: ScenarioSetup) => Promise<Record<string, string>>);
  /** Request body (POST). */
  body?: string;
  /** Status every response must have; any other status fails the run. */
  expectedStatus: number;
  /** Content-Type the sitegate response must have (304s have none). */
  expectedContentType?: string;
  /**
   * Whether sitegate answers from precomputed bytes. Only those rows are held to the
   * {@link THROUGHPUT_TARGET}; the others are measured for information.
   */
  precomputed: boolean;
  /** Default `raw`. */
  baseline?: BaselineKind;
}

/** Minimum sitegate/raw throughput ratio for precomputed bodies (issue "done when" #5). */
export const THROUGHPUT_TARGET = 0.9;

/** A page of median size in docs-small (about 5 KB of markdown). */
const PAGE = '/concepts/acme-orders-challenges';
/** What a browser sends for a page. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** The scenarios `npm run bench` runs, in this order. */
export const SCENARIOS: readonly BenchScenario[] = [
  {
    name: 'health',
    path: '/api/v1/health',
    expectedStatus: 200,
    expectedContentType: 'application/json; charset=utf-8',
    precomputed: true,
  },
  { name: 'llms.txt', path: '/llms.txt', expectedStatus: 200, expectedContentType: 'text/plain; charset=utf-8', precomputed: true },
  { name: 'sitemap.xml', path: '/sitemap.xml', expectedStatus: 200, expectedContentType: 'application/xml', precomputed: true },
  {
    name: 'search.json',
    path: '/api/search.json',
    expectedStatus: 200,
    expectedContentType: 'application/json; charset=utf-8',
    precomputed: true,
  },
  {
    name: 'search?q',
    path: '/api/search.json?q=certificate',
    expectedStatus: 200,
    expectedContentType: 'application/json; charset=utf-8',
    precomputed: false,
  },
  {
    name: 'page html',
    path: PAGE,
    headers: { accept: BROWSER_ACCEPT },
    expectedStatus: 200,
    expectedContentType: 'text/html; charset=utf-8',
    precomputed: true,
  },
  {
    name: 'page markdown',
    path: PAGE,
    headers: { accept: 'text/markdown' },
    expectedStatus: 200,
    expectedContentType: 'text/markdown; charset=utf-8',
    precomputed: true,
  },
  {
    name: 'page 304',
    path: PAGE,
    headers: async function ifNoneMatchPage(setup) {
      const etag = headerOf(await setup.probe(PAGE, { headers: { accept: BROWSER_ACCEPT } }), 'etag');
      if (etag === undefined) throw new Error(`${PAGE} has no ETag`);
      return { accept: BROWSER_ACCEPT, 'if-none-match': etag };
    },
    expectedStatus: 304,
    precomputed: true,
  },
];
