/**
 * Agent-readiness scorecard: AFDocs (the Agent-Friendly Documentation Spec checker behind Fern's
 * Agent Score, https://afdocs.dev) run through its programmatic API against the built CLI serving
 * docs-small, as an operator starts it (`sitegate serve <dir> --port <n>`). Every check must pass
 * except auth-alternative-access, which skips: docs-small has no auth-gated page (its pages are
 * all public; internal pages are what sitegate gates, and the corpus has none). Pages over the
 * page limit are served in parts, so the page-size checks pass too. No fail or warn is tolerated.
 * Each result is printed so it can be quoted.
 *
 * Sampling is deterministic so that two runs test the same pages; no delay between requests, as
 * the server is local. The suite runs after `npm run build` (`npm test`), which the CLI needs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runChecks, type CheckResult, type ReportResult } from 'afdocs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './free-port.js';
import { DOCS_SMALL, REPO_DIR } from './helpers.js';

const CLI = path.join(REPO_DIR, 'bin/sitegate.js');
/** How long the server may take to load docs-small and listen. */
const START_TIMEOUT_MS = 60_000;
/** How long the whole AFDocs run may take (about a minute here). */
const RUN_TIMEOUT_MS = 300_000;
/** How long the server may take to exit after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 10_000;

/** One line per check, as the lead quotes them: `PASS  llms-txt-exists: llms.txt found at …`. */
function describeResult(result: CheckResult): string {
  return `${result.status.toUpperCase().padEnd(5)} ${result.category} / ${result.id}: ${result.message}`;
}

/** Resolves when `child` exits, or after `ms`; true when it exited. */
async function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** Polls the health endpoint until it answers 200; throws with the server's output otherwise. */
async function waitUntilServing(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`sitegate serve exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/api/v1/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`sitegate serve did not answer within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

describe('AFDocs scorecard of sitegate serving docs-small', () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  let baseUrl: string;
  let output = '';

  // Shared, as a server process is slow to start: the scorecard only reads pages and indexes.
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-scorecard-'));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [CLI, 'serve', DOCS_SMALL, '--port', String(port), '--data-dir', dataDir, '--log-level', 'warn'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    await waitUntilServing(baseUrl, child, () => output);
  }, START_TIMEOUT_MS + 10_000);

  afterAll(
    async () => {
      if (child !== undefined) {
        child.kill('SIGTERM');
        if (!(await exited(child, STOP_TIMEOUT_MS))) {
          child.kill('SIGKILL');
          await exited(child, STOP_TIMEOUT_MS);
        }
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    2 * STOP_TIMEOUT_MS + 5_000,
  );

  it(
    'passes every check',
    async () => {
      const report: ReportResult = await runChecks(baseUrl, {
        samplingStrategy: 'deterministic',
        requestDelay: 0,
        maxConcurrency: 5,
        requestTimeout: 15_000, // ms, per request
      });
      const { pass, warn, fail, skip, error, total } = report.summary;
      console.log(
        [
          `AFDocs ${baseUrl} (${report.specUrl}), ${report.testedPages ?? 0} pages sampled (${report.samplingStrategy ?? 'unknown'})`,
          ...report.results.map(describeResult),
          `${pass} passed, ${warn} warnings, ${fail} failed, ${error} errors, ${skip} skipped (${total} total)`,
        ].join('\n'),
      );
      expect(report.results.map((result) => result.id)).toContain('llms-txt-exists');
      // A skip is a check that does not apply: auth-alternative-access, as docs-small has no
      // auth-gated page. Every other check must pass outright.
      const skipped = report.results.filter((result) => result.status === 'skip').map((result) => result.id);
      expect(skipped).toStrictEqual(['auth-alternative-access']);
      const notPassing = report.results.filter((result) => result.status !== 'pass' && result.status !== 'skip');
      expect(notPassing.map(describeResult)).toStrictEqual([]);
    },
    RUN_TIMEOUT_MS,
  );
});
