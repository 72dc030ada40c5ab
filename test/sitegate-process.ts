/**
 * A `sitegate` child process (the built CLI, `node bin/sitegate.js`, so `npm test` builds first)
 * with its output so far, for tests that run the real program. Every wait is bounded.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { REPO_DIR } from './helpers.js';

/** The CLI entry point. */
export const BIN = path.join(REPO_DIR, 'bin/sitegate.js');

/** The environment without sitegate's own settings, so a developer's shell cannot leak in. */
export function cleanEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SITEGATE_') && !['PORT', 'DATABASE_URL', 'REDIS_URL'].includes(name)),
  );
}

/** A running `sitegate` process with its output so far. */
export class SitegateProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  /**
   * Starts `node bin/sitegate.js ARGS` in `cwd`.
   * @param env variables added to {@link cleanEnv}'s, e.g. `DATABASE_URL`
   */
  constructor(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
    this.child = spawn(process.execPath, [BIN, ...args], { cwd, env: { ...cleanEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (this.stdout += chunk));
    this.child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (this.stderr += chunk));
    this.exit = new Promise((resolve, reject) => {
      this.child.once('error', reject);
      this.child.once('exit', (code, signal) => resolve({ code, signal }));
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
        this.child.off('exit', onExit);
      };
      if (check()) return;
      this.child.stdout?.on('data', check);
      this.child.once('exit', onExit);
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
