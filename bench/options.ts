/** Command-line options of `npm run bench -- [options]`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { CompareOptions } from './compare.js';

/** Everything a bench run is configured by. */
export interface BenchOptions extends CompareOptions {
  /** Folder of markdown sitegate serves. */
  contentDir: string;
  /** Case-insensitive substrings; a scenario runs when its name contains one. Empty: all. */
  only: string[];
}

/** The corpus the issue names, relative to the repository. */
const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../shared/corpora/docs-small/content', import.meta.url));

/**
 * Twelve one-second rounds per row, over three starts of every server: with five rounds, one
 * disturbed round moved a median ratio by up to 0.1 (health read 0.87× and 0.99× in two runs of
 * the same code); and with one start, the draw of the processes moved a row by as much (page
 * markdown with a cached API key: sitegate 25.3 and 22.8 µs per request in two starts of one
 * build, CPU ratios 0.83× and 0.91× raw). The diagnostics table prints each row's spread of
 * rounds, so a reader sees how far to trust it.
 */
const DEFAULT_DURATION_SEC = 12;
const DEFAULT_ROUNDS = 12;
const DEFAULT_STARTS = 3;

/** Usage text, printed by `--help` and on bad options. */
export const USAGE = `Usage: npm run bench -- [options]
       npm run bench -- scale [PAGES...] [--keep-sites]
                           build, memory and search of synthetic sites (default 1000 10000 100000), generated
                           into the temp folder (it says where) and removed at the end unless --keep-sites

  --duration SEC      measured seconds per server and scenario (default 12)
  --rounds N          rounds the measured time is split into, servers alternating (default 12)
  --starts N          times every server is started afresh, the rounds spread over them (default 3, at most --rounds)
  --warmup SEC        unmeasured seconds per server, scenario and start before its rounds (default 1)
  --connections N     concurrent connections (default 50)
  --pipelining N      requests in flight per connection (default 1)
  --only NAMES        comma-separated scenario name filters, e.g. --only health,304
  --content DIR       content folder (default ../shared/corpora/docs-small/content)
  --help              this text
`;

function positiveNumber(name: string, value: string, integer: boolean): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || (integer && (!Number.isInteger(number) || number === 0))) {
    throw new Error(`--${name} must be a ${integer ? 'positive integer' : 'non-negative number'}, got "${value}"`);
  }
  return number;
}

/**
 * Parses the options, or returns `'help'` for `--help`.
 * @param args the arguments after the script name
 * @throws on unknown options and invalid values, naming the option
 */
export function parseBenchOptions(args: string[]): BenchOptions | 'help' {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      duration: { type: 'string', default: String(DEFAULT_DURATION_SEC) },
      rounds: { type: 'string', default: String(DEFAULT_ROUNDS) },
      starts: { type: 'string', default: String(DEFAULT_STARTS) },
      warmup: { type: 'string', default: '1' },
      connections: { type: 'string', default: '50' },
      pipelining: { type: 'string', default: '1' },
      only: { type: 'string', default: '' },
      content: { type: 'string', default: DEFAULT_CONTENT_DIR },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  const durationSec = positiveNumber('duration', values.duration, false);
  if (durationSec === 0) throw new Error('--duration must be more than 0');
  const rounds = positiveNumber('rounds', values.rounds, true);
  const starts = positiveNumber('starts', values.starts, true);
  if (starts > rounds) throw new Error(`--starts must be at most --rounds (${rounds}), got ${starts}`);
  return {
    durationSec,
    rounds,
    starts,
    warmupSec: positiveNumber('warmup', values.warmup, false),
    connections: positiveNumber('connections', values.connections, true),
    pipelining: positiveNumber('pipelining', values.pipelining, true),
    only: values.only
      .split(',')
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
    contentDir: path.resolve(values.content),
  };
}
