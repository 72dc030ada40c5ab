/**
 * The `shared` project of vitest.config.ts runs many test files in one worker that keeps its module
 * cache (`isolate: false`), so a file must leave no trace for the next (docs/testing.md, "Isolation").
 * Two ways a file could, each caught here: replacing a module or a global for the whole file
 * (`vi.mock`, `vi.stubGlobal`, …), which only the `isolated` project's fresh fork per file undoes;
 * and a support module that registers a hook when it loads, which then runs for the first file
 * that imports it only (a hook per call instead: test/url-sites.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from './helpers.js';
import { ISOLATED } from '../vitest.config.js';

/** This file, which names what it looks for. */
const SELF = 'test/suite-isolation.test.ts';
/** A call that replaces a module, a global or the environment until the file ends (vitest.dev/api/vi). */
const FILE_WIDE_STUB = /\bvi\s*\.\s*(?:mock|doMock|stubGlobal|stubEnv|resetModules)\s*\(/;
/** A hook registered at the top level of a module, when the module is evaluated. */
const TOP_LEVEL_HOOK = /^(?:beforeAll|beforeEach|afterAll|afterEach)\s*\(/m;

/** Every TypeScript file below `src/` and `test/` but fixtures, repository-relative with `/`. */
function sourceFiles(): string[] {
  return ['src', 'test'].flatMap((top) =>
    readdirSync(path.join(REPO_DIR, top), { recursive: true, encoding: 'utf8' })
      .map((name) => path.posix.join(top, name.split(path.sep).join('/')))
      .filter((name) => name.endsWith('.ts') && !name.startsWith('test/fixtures/')),
  );
}

/** Whether `file` is a test file of `npm test` (vitest.config.ts: not corpora, not deploy). */
const inNpmTest = (file: string): boolean => file.endsWith('.test.ts') && !/\.(?:corpora|deploy)\.test\.ts$/.test(file);

const read = (file: string): string => readFileSync(path.join(REPO_DIR, file), 'utf8');

describe('test isolation in npm test', () => {
  const files = sourceFiles();

  it('the isolated project lists exactly the files that stub a module, a global or the environment', () => {
    const stubbing = files.filter((file) => file !== SELF && inNpmTest(file) && FILE_WIDE_STUB.test(read(file)));
    expect([...ISOLATED].sort()).toStrictEqual(stubbing.sort());
    // The pattern finds a module mock as written in a test file (joined, so this file holds none).
    expect(FILE_WIDE_STUB.test(['vi', "mock('node:crypto', async () => ({}))"].join('.'))).toBe(true);
  });

  it('no support module registers a hook when it loads', () => {
    const hooking = files.filter((file) => file !== SELF && !file.endsWith('.test.ts') && TOP_LEVEL_HOOK.test(read(file)));
    // The setup file is the one exception: vitest evaluates setup files again before every file.
    expect(hooking).toStrictEqual(['test/isolated-data-home.ts']);
    expect(TOP_LEVEL_HOOK.test(['import { afterAll } from "vitest";', 'afterAll(() => undefined);'].join('\n'))).toBe(true);
    expect(TOP_LEVEL_HOOK.test('  afterAll(() => undefined);')).toBe(false);
  });
});
