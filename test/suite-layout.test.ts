/**
 * The suites stay apart (docs/testing.md): `npm test` reads nothing beside the repository, so
 * no test file it runs — nor any module such a file imports, followed through relative imports —
 * names the shared corpora (`CORPORA_DIR`, `DOCS_LARGE`, a `../shared` path); those belong in
 * `*.corpora.test.ts`, whose run fails without ../shared (test/require-shared.ts). And no test in
 * any suite skips itself (`skip`, `skipIf`, `runIf`): a missing folder or tool fails the run. Nor
 * does `npm test` drive chromium, PostgreSQL or Redis: files that do are `*.system.test.ts`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MOCKING_UNIT_TESTS } from '../vitest.config.js';
import { REPO_DIR } from './helpers.js';

/** The module that defines the corpus paths, for the corpora suites to import. */
const HELPERS = 'test/helpers.ts';
/** This file, which names what it looks for. */
const SELF = 'test/suite-layout.test.ts';
/** What names the shared corpora in a module of the stand-alone suite. */
const SHARED_REFERENCE = /\bCORPORA_DIR\b|\bDOCS_LARGE\b|\.\.\/shared\b/;
/** A test that skips itself, whatever the reason. */
const SELF_SKIP = /\b(?:describe|it|test|suite|ctx|context)\s*\.\s*(?:skip|skipIf|runIf)\b/;
/** A relative import or re-export of a module of this repository (`./x.js`, `../src/y.js`). */
const RELATIVE_IMPORT = /(?:\bfrom\s+|\bimport\s*\(\s*)'(\.{1,2}\/[^']+)\.js'/g;

/** Every `*.test.ts` below `src/` and `test/`, repository-relative with `/`. */
function testFiles(): string[] {
  return ['src', 'test'].flatMap((top) =>
    readdirSync(path.join(REPO_DIR, top), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.test.ts'))
      .map((name) => path.posix.join(top, name.split(path.sep).join('/'))),
  );
}

/** Which suite runs a test file, by the naming rule of the four vitest configs. */
function suiteOf(file: string): 'test' | 'corpora' | 'system' | 'deploy' {
  if (file.endsWith('.corpora.test.ts')) return 'corpora';
  if (file.endsWith('.system.test.ts')) return 'system';
  if (file.endsWith('.deploy.test.ts')) return 'deploy';
  return 'test';
}

/** What drives something beside Node: chromium (playwright-core), PostgreSQL or Redis (their clients, test/services.ts). */
const SYSTEM_REFERENCE = /from '(?:playwright-core|pg|ioredis|\.\/services\.js)'/;

/**
 * `file` and every test support module (under `test/`) it reaches through relative imports,
 * repository-relative. Modules of `src/` are not followed: production code names no test corpus.
 */
function withImports(file: string): string[] {
  const seen = new Set<string>();
  const queue = [file];
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    if (seen.has(next) || (next !== file && !next.startsWith('test/'))) continue;
    seen.add(next);
    const text = readFileSync(path.join(REPO_DIR, next), 'utf8');
    for (const match of text.matchAll(RELATIVE_IMPORT)) {
      queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(next), `${match[1] ?? ''}.ts`)));
    }
  }
  return [...seen];
}

describe('the suite layout', () => {
  const files = testFiles();

  it('finds the test files of each suite', () => {
    expect(files).toContain('test/suite-layout.test.ts');
    expect(files.filter((file) => suiteOf(file) === 'corpora')).toContain('test/docs-large.corpora.test.ts');
  });

  it('npm test reads nothing beside the repository: no module it runs names ../shared, CORPORA_DIR or DOCS_LARGE', () => {
    const offenders: string[] = [];
    for (const file of files.filter((one) => suiteOf(one) === 'test' && one !== SELF)) {
      for (const module of withImports(file)) {
        if (module === HELPERS) continue;
        const line = readFileSync(path.join(REPO_DIR, module), 'utf8')
          .split('\n')
          .findIndex((text) => SHARED_REFERENCE.test(text));
        if (line !== -1) offenders.push(module === file ? `${file}:${line + 1}` : `${file} → ${module}:${line + 1}`);
      }
    }
    expect([...new Set(offenders)]).toEqual([]);
  });

  it('npm test drives no chromium, PostgreSQL or Redis: no module it runs imports their clients (those are *.system.test.ts)', () => {
    const offenders = files
      .filter((one) => suiteOf(one) === 'test' && one !== SELF)
      .flatMap((file) =>
        withImports(file)
          .filter((module) => SYSTEM_REFERENCE.test(readFileSync(path.join(REPO_DIR, module), 'utf8')))
          .map((module) => `${file} → ${module}`),
      );
    expect(offenders).toEqual([]);
    // The pattern finds each kind as a test module imports it.
    expect(
      ["from 'playwright-core'", "from 'pg'", "from 'ioredis'", "from './services.js'"].filter((line) => !SYSTEM_REFERENCE.test(line)),
    ).toEqual([]);
  });

  it('a unit test that replaces a module (vi.mock) is listed to run in a fresh module cache (vitest.config.ts)', () => {
    const mocking = files.filter(
      (file) =>
        file.startsWith('src/') &&
        suiteOf(file) === 'test' &&
        /\bvi\.(?:do)?[mM]ock\(/.test(readFileSync(path.join(REPO_DIR, file), 'utf8')),
    );
    expect(mocking).toEqual(MOCKING_UNIT_TESTS);
  });

  it('the import walk reaches support modules (so the check above can fail)', () => {
    expect(withImports('test/browser.shell.corpora.test.ts')).toEqual(
      expect.arrayContaining(['test/browser-shell-checks.ts', 'test/helpers.ts', 'test/browser-support.ts']),
    );
    expect(SHARED_REFERENCE.test(readFileSync(path.join(REPO_DIR, 'test/browser.shell.corpora.test.ts'), 'utf8'))).toBe(true);
  });

  it('no test skips itself (skip, skipIf, runIf) in any suite', () => {
    const skipping = files.filter((file) => file !== SELF && SELF_SKIP.test(readFileSync(path.join(REPO_DIR, file), 'utf8')));
    expect(skipping).toEqual([]);
    // The pattern finds a skip as written in a test (the sample is joined so this file holds none).
    expect(SELF_SKIP.test(['describe', "skipIf(!ready)('x', () => {})"].join('.'))).toBe(true);
  });
});
