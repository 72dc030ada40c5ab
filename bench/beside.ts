/**
 * The servers measured beside rows (scenarios.ts `beside`), started afresh with every start of the
 * bench's servers, and checked before any load: nginx must send the very body sitegate sent for
 * the row's request, so both serve the same bytes of the same build folder.
 */
import { KEEP_ALIVE_TIMEOUT_MS, type ServerProcess } from './children.js';
import type { Servers } from './compare.js';
import { sendRequest } from './http-client.js';
import { NGINX_BIN, nginxVersion, startNginx } from './nginx.js';
import type { PreparedScenario } from './prepare.js';
import type { BenchScenario } from './scenarios.js';
import type { GeneratedSites } from './sites.js';

/** The header line that says how the built-page rows and their nginx run, or undefined when no row has them. */
export function besideHeader(scenarios: readonly BenchScenario[]): string | undefined {
  const built = scenarios.filter((s) => s.htmlBuild === true);
  if (built.length === 0) return undefined;
  const nginx = built.some((s) => s.beside === 'nginx')
    ? `; ${nginxVersion()} (${NGINX_BIN}) serves the same folder beside them, started by the bench with a generated configuration ` +
      "(bench/nginx.ts: one worker, sendfile, no access log, no open_file_cache), pinned with the servers, its worker's CPU measured " +
      'in the same rounds (the table after the diagnostics)'
    : '';
  return (
    `built-page rows (${built.map((s) => s.name).join(', ')}): a sitegate of their own started with --html over \`sitegate export\` ` +
    `of the content, written into the temp folder once per run${nginx}`
  );
}

/**
 * Starts the beside servers the rows name. One that cannot start is recorded as its failure (the
 * report fails its column and the run exits 1) and said on stderr at once, never skipped.
 * @throws when rows beside nginx name different build folders, or nginx answers a row otherwise than sitegate did
 */
export async function startBesides(prepared: readonly PreparedScenario[], sites: GeneratedSites): Promise<NonNullable<Servers['beside']>> {
  const rows = prepared.filter((p) => p.scenario.beside === 'nginx');
  if (rows.length === 0) return {};
  const roots = new Set(rows.map((p) => sites.htmlDirOf(p.scenario)));
  const [root] = roots;
  if (roots.size !== 1 || root === undefined) throw new Error('the rows beside nginx must share one build folder (scenarios.ts htmlBuild)');
  let nginx: ServerProcess;
  try {
    nginx = await startNginx(root, KEEP_ALIVE_TIMEOUT_MS);
  } catch (error) {
    const failure = `nginx could not be started (${NGINX_BIN}): ${(error as Error).message}`;
    process.stderr.write(`bench: ${failure}; the nginx column fails\n`);
    return { nginx: { failure } };
  }
  for (const { scenario, request, capture } of rows) {
    const reply = await sendRequest(nginx.baseUrl + scenario.path, { method: capture.method, ...request });
    if (reply.status !== capture.reply.status || !reply.body.equals(capture.reply.body))
      throw new Error(
        `${scenario.name}: nginx answered ${reply.status} with ${reply.body.length} bytes, sitegate ${capture.reply.status} with ` +
          `${capture.reply.body.length}: they do not serve the same file`,
      );
  }
  return { nginx };
}
