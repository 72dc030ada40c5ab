/** Command-line options of `npm run soak -- [options]`. */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import ms from 'ms';
import { MIN_SOAK_WINDOWS } from './soak-rss.js';

/** Everything a soak run is configured by. */
export interface SoakOptions {
  /** Seconds of load at the soak rate, after the capacity measurement. */
  durationSec: number;
  /** Seconds of unthrottled load that measure capacity. */
  capacitySec: number;
  /** Fraction of the measured capacity the soak runs at. */
  rateFraction: number;
  /** Seconds per measuring window (RSS sampled every second, a progress line after each); see soak-rss.ts. */
  windowSec: number;
  connections: number;
  /** Allowed change of the server's RSS from start to end, as a fraction (0.1 = 10 %). */
  rssTolerance: number;
  contentDir: string;
}

const DEFAULT_CONTENT_DIR = fileURLToPath(new URL('../../shared/corpora/docs-small/content', import.meta.url));

/** Usage text, printed by `--help` and on bad options. */
export const SOAK_USAGE = `Usage: npm run soak -- [options]

  --duration TIME     soak length after the capacity measurement: 10m, 90s, 1h or seconds (default 10m)
  --capacity TIME     unthrottled run that measures capacity (default 20s)
  --rate FRACTION     fraction of the measured capacity to soak at (default 0.8)
  --window TIME       measuring window: a progress line and an RSS median per window, RSS sampled
                      every second; the first is warm-up (default 30s; duration >= 3 windows)
  --connections N     concurrent connections (default 20)
  --rss-tolerance F   allowed RSS change from start to end, as a fraction (default 0.1)
  --content DIR       content folder (default ../shared/corpora/docs-small/content)
  --help              this text
`;

/** Seconds of a duration given as `10m`, `90s`, `1h` or bare seconds. */
function seconds(name: string, value: string): number {
  const parsed = /^\d+(\.\d+)?$/.test(value) ? Number(value) * 1000 : (ms(value as ms.StringValue) as number | undefined);
  if (parsed === undefined || !Number.isFinite(parsed) || parsed <= 0)
    throw new Error(`--${name} must be a duration such as 10m, 90s or 600, got "${value}"`);
  return parsed / 1000;
}

function fraction(name: string, value: string, max: number): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0 || number > max) throw new Error(`--${name} must be a number in (0, ${max}], got "${value}"`);
  return number;
}

/**
 * Parses the options, or returns `'help'` for `--help`.
 * @throws on unknown options and invalid values, naming the option, and when the duration holds
 *   fewer than {@link MIN_SOAK_WINDOWS} windows
 */
export function parseSoakOptions(args: string[]): SoakOptions | 'help' {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      duration: { type: 'string', default: '10m' },
      capacity: { type: 'string', default: '20s' },
      rate: { type: 'string', default: '0.8' },
      window: { type: 'string', default: '30s' },
      connections: { type: 'string', default: '20' },
      'rss-tolerance': { type: 'string', default: '0.1' },
      content: { type: 'string', default: DEFAULT_CONTENT_DIR },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return 'help';
  const connections = Number(values.connections);
  if (!Number.isInteger(connections) || connections <= 0)
    throw new Error(`--connections must be a positive integer, got "${values.connections}"`);
  const durationSec = seconds('duration', values.duration);
  const windowSec = seconds('window', values.window);
  if (durationSec < MIN_SOAK_WINDOWS * windowSec)
    throw new Error(
      `--duration must hold at least ${MIN_SOAK_WINDOWS} windows (warm-up, start, end): ${durationSec} s < ${MIN_SOAK_WINDOWS} × ${windowSec} s`,
    );
  return {
    durationSec,
    capacitySec: seconds('capacity', values.capacity),
    rateFraction: fraction('rate', values.rate, 1),
    windowSec,
    connections,
    rssTolerance: fraction('rss-tolerance', values['rss-tolerance'], 10),
    contentDir: path.resolve(values.content),
  };
}
