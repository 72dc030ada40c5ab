/**
 * The CLI for end-to-end tests, two ways: the built CLI (`node bin/sitegate.js`, so `npm test`
 * builds first) as a child process, where the process itself is under test (exit codes, signals,
 * a kill mid-write, `serve`); and the same `main` run inside the test's process
 * ({@link runInProcess}), for the logic of a command, without the second of CPU each spawn spends
 * loading the program. Output capture, bounded waits, and per-test cleanup of processes and folders.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, vi, type MockInstance, type TestContext } from 'vitest';
import { REPO_DIR } from './helpers.js';

export const BIN = path.join(REPO_DIR, 'bin/sitegate.js');
/** A CLI call takes about a second of CPU (it loads the whole program); the machine may be busy. */
export const CLI_TIMEOUT_MS = 45_000;

/** The environment without sitegate's own settings, so a developer's shell cannot leak in. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SITEGATE_') && !['PORT', 'DATABASE_URL', 'REDIS_URL'].includes(name)),
  );
}

/** What a finished `sitegate` run gave: its exit code and everything it wrote to stdout and stderr. */
export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The tail of the calls of {@link runInProcess}: each waits for the one before (they share the process). */
let inProcessQueue: Promise<unknown> = Promise.resolve();

/**
 * Runs `sitegate ARGS` inside this process: `main` of src/cli/main.ts, which bin/sitegate.js
 * calls, with the working folder `cwd`, `process.env` set to {@link cleanEnv} plus `env`, and what
 * it writes to `process.stdout` and `process.stderr` (the only way the CLI prints) captured. The
 * exit code is `main`'s return value, which bin/sitegate.js sets as the process's. Calls are run
 * one at a time, as they change process-wide state, which is restored after each.
 *
 * Not for `serve` (it listens and handles signals) nor where the process is what is tested.
 */
export function runInProcess(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<CliResult> {
  const turn = inProcessQueue.then(() => runNow(args, cwd, env));
  inProcessQueue = turn.catch(() => undefined);
  return turn;
}

async function runNow(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  const output = { stdout: '', stderr: '' };
  const capture = (stream: NodeJS.WriteStream, into: keyof typeof output): MockInstance =>
    vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array, ...rest: unknown[]) => {
      output[into] += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
      const callback = rest.find((arg) => typeof arg === 'function') as (() => void) | undefined;
      callback?.();
      return true;
    });
  const saved = { env: process.env, cwd: process.cwd() };
  process.env = { ...cleanEnv(), ...env };
  process.chdir(cwd);
  const spies = [capture(process.stdout, 'stdout'), capture(process.stderr, 'stderr')];
  try {
    // Loaded on first use, so the files that only spawn the CLI do not load it.
    const { main } = await import('../src/cli/main.js');
    const code = await main(['node', BIN, ...args]);
    return { code, ...output };
  } finally {
    for (const spy of spies) spy.mockRestore();
    process.chdir(saved.cwd);
    process.env = saved.env;
  }
}

/** A running `sitegate` process with its output so far. */
export class Cli {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /** Starts `sitegate ARGS` in `cwd`, with `env` added to {@link cleanEnv}. */
  constructor(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exit = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      // 'close', not 'exit': by then stdout and stderr are read to the end.
      this.child.once('close', (code, signal) => resolve({ code, signal }));
    });
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves with the first match of `pattern` on stdout. @throws after `timeoutMs` or when the process exits first */
  waitForStdout(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      const check = (): boolean => {
        const match = pattern.exec(this.stdout);
        if (match === null) return false;
        done();
        resolve(match);
        return true;
      };
      const onExit = (): void => {
        if (check()) return;
        done();
        reject(new Error(`exited before printing ${String(pattern)}; stdout: ${this.stdout}; stderr: ${this.stderr}`));
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${String(pattern)} within ${timeoutMs} ms; stdout: ${this.stdout}; stderr: ${this.stderr}`));
      }, timeoutMs);
      const done = (): void => {
        clearTimeout(timer);
        this.child.stdout?.off('data', check);
        this.child.off('close', onExit);
      };
      if (check()) return;
      this.child.stdout?.on('data', check);
      this.child.once('close', onExit);
    });
  }

  /** Resolves when the process has exited. @throws after `timeoutMs` */
  async exited(timeoutMs: number): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`still running after ${timeoutMs} ms; stderr: ${this.stderr}`)), timeoutMs);
    });
    try {
      return await Promise.race([this.exit, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }
}

/** Per-test process and folder helpers; see {@link cliProcesses}. */
export interface CliProcesses {
  /** A temporary folder, removed after the test. */
  tempDir: (context: TestContext, prefix: string) => string;
  /** Starts `sitegate ARGS` in `cwd`; the test's cleanup kills it. */
  start: (context: TestContext, args: string[], cwd: string, env?: NodeJS.ProcessEnv) => Cli;
  /** Runs `sitegate ARGS` as a process to the end (at most {@link CLI_TIMEOUT_MS}), with `env` added to {@link cleanEnv}. */
  run: (context: TestContext, args: string[], cwd: string, env?: NodeJS.ProcessEnv) => Promise<CliResult>;
  /** Runs `sitegate ARGS` inside the test's process ({@link runInProcess}); the context is the test's, for symmetry with `run`. */
  call: (context: TestContext, args: string[], cwd: string, env?: NodeJS.ProcessEnv) => Promise<CliResult>;
}

/**
 * Registers an `afterEach` that kills each test's processes (SIGKILL) and removes its folders,
 * keyed by test so concurrent tests do not share, and returns the helpers that record them.
 */
export function cliProcesses(): CliProcesses {
  const owned = new Map<string, { children: Cli[]; dirs: string[] }>();
  const resources = (context: TestContext): { children: Cli[]; dirs: string[] } => {
    let entry = owned.get(context.task.id);
    if (entry === undefined) owned.set(context.task.id, (entry = { children: [], dirs: [] }));
    return entry;
  };
  afterEach(async (context) => {
    const entry = owned.get(context.task.id);
    owned.delete(context.task.id);
    if (entry === undefined) return;
    for (const cli of entry.children) {
      if (!cli.running) continue;
      cli.child.kill('SIGKILL');
      await cli.exited(10_000);
    }
    for (const dir of entry.dirs) rmSync(dir, { recursive: true, force: true });
  });
  const start = (context: TestContext, args: string[], cwd: string, env?: NodeJS.ProcessEnv): Cli => {
    const cli = new Cli(args, cwd, env);
    resources(context).children.push(cli);
    return cli;
  };
  return {
    tempDir: (context, prefix) => {
      const dir = mkdtempSync(path.join(tmpdir(), prefix));
      resources(context).dirs.push(dir);
      return dir;
    },
    start,
    run: async (context, args, cwd, env) => {
      const cli = start(context, args, cwd, env);
      const { code } = await cli.exited(CLI_TIMEOUT_MS);
      return { code, stdout: cli.stdout, stderr: cli.stderr };
    },
    call: (_context, args, cwd, env) => runInProcess(args, cwd, env),
  };
}
