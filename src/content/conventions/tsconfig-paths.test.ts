/**
 * The Astro project's import aliases read from `tsconfig.json` (docs.astro.build/en/guides/typescript/#import-aliases),
 * as TypeScript reads `paths`, `baseUrl` and `extends` (www.typescriptlang.org/tsconfig/#paths).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTsconfigPaths } from './tsconfig-paths.js';

const ROOT = path.resolve('/site');

/** The reader of a project whose files are `files` (paths from {@link ROOT}); records every file asked for. */
function project(files: Record<string, string>): { read: (file: string) => string | undefined; asked: string[] } {
  const asked: string[] = [];
  const read = (file: string): string | undefined => {
    const rel = path.relative(ROOT, file).split(path.sep).join('/');
    asked.push(rel);
    return files[rel];
  };
  return { read, asked };
}

const at = (rel: string): string => path.join(ROOT, rel);

describe('tsconfig.json paths of an Astro project', () => {
  it("reads Astro's example: comments, trailing commas, baseUrl, and the astro/tsconfigs/strict package skipped quietly", () => {
    const { read, asked } = project({
      'tsconfig.json':
        '{\n  "extends": "astro/tsconfigs/strict",\n  "compilerOptions": {\n    // aliases\n    "baseUrl": ".",\n    "paths": {\n      "@components/*": ["src/components/*"],\n      "@assets/*": ["src/assets/*"], /* images */\n      "@config": ["src/config.ts"],\n    },\n  },\n}\n',
    });
    expect(readTsconfigPaths(ROOT, read)).toStrictEqual({
      aliases: [
        { pattern: '@components/*', targets: [at('src/components/*')] },
        { pattern: '@assets/*', targets: [at('src/assets/*')] },
        { pattern: '@config', targets: [at('src/config.ts')] },
      ],
      problems: [],
    });
    // The package was never looked for, in node_modules or anywhere.
    expect(asked).toStrictEqual(['tsconfig.json']);
  });

  it('targets are relative to baseUrl when set, else to the file that declares paths; jsconfig.json when there is no tsconfig.json', () => {
    const withBase = project({ 'tsconfig.json': '{"compilerOptions": {"baseUrl": "src", "paths": {"~/*": ["./*"]}}}' });
    expect(readTsconfigPaths(ROOT, withBase.read).aliases).toStrictEqual([{ pattern: '~/*', targets: [at('src/*')] }]);
    const js = project({ 'jsconfig.json': '{"compilerOptions": {"paths": {"@/*": ["./src/*"]}}}' });
    expect(readTsconfigPaths(ROOT, js.read).aliases).toStrictEqual([{ pattern: '@/*', targets: [at('src/*')] }]);
    expect(readTsconfigPaths(ROOT, project({}).read)).toStrictEqual({ aliases: [], problems: [] });
  });

  it('follows extends inside the project: paths relative to the file that declares them, own options overriding', () => {
    const { read } = project({
      'tsconfig.json': '{"extends": ["astro/tsconfigs/base", "./config/tsconfig.base"], "compilerOptions": {"strict": true}}',
      'config/tsconfig.base.json': '{"compilerOptions": {"paths": {"@assets/*": ["../src/assets/*"]}}}',
    });
    expect(readTsconfigPaths(ROOT, read).aliases).toStrictEqual([{ pattern: '@assets/*', targets: [at('src/assets/*')] }]);
    const overridden = project({
      'tsconfig.json': '{"extends": "./tsconfig.base.json", "compilerOptions": {"paths": {"@a/*": ["a/*"]}}}',
      'tsconfig.base.json': '{"compilerOptions": {"baseUrl": "src", "paths": {"@b/*": ["b/*"]}}}',
    });
    // `paths` is replaced whole; the inherited baseUrl (relative to the base file) still applies.
    expect(readTsconfigPaths(ROOT, overridden.read).aliases).toStrictEqual([{ pattern: '@a/*', targets: [at('src/a/*')] }]);
  });

  it('never reads an extends outside the project, in a dot folder, not named like a tsconfig, or in a cycle; says so', () => {
    const { read, asked } = project({
      'tsconfig.json':
        '{"extends": ["../tsconfig.base.json", "./.sitegate/tsconfig.json", "./sitegate.json", "./tsconfig.a.json"], "compilerOptions": {"paths": {"@x/*": ["x/*"]}}}',
      'tsconfig.a.json': '{"extends": "./tsconfig.json"}',
      'sitegate.json': '{"compilerOptions": {"paths": {"@secret/*": ["s/*"]}}}',
    });
    const read1 = readTsconfigPaths(ROOT, read);
    expect(read1.aliases).toStrictEqual([{ pattern: '@x/*', targets: [at('x/*')] }]);
    expect(read1.problems).toStrictEqual([
      { file: at('tsconfig.json'), message: 'extends "../tsconfig.base.json": outside the project folder; not read' },
      {
        file: at('tsconfig.json'),
        message: 'extends "./.sitegate/tsconfig.json": not a tsconfig.json or jsconfig.json of the project; not read',
      },
      { file: at('tsconfig.json'), message: 'extends "./sitegate.json": not a tsconfig.json or jsconfig.json of the project; not read' },
      { file: at('tsconfig.a.json'), message: 'extends "./tsconfig.json": leads back to a file it is extended from; not read again' },
    ]);
    expect(asked).toStrictEqual(['tsconfig.json', 'tsconfig.a.json']);
  });

  it('refuses paths targets outside the project folder, and skips patterns or targets with two stars', () => {
    const { read } = project({
      'tsconfig.json':
        '{"compilerOptions": {"baseUrl": ".", "paths": {"@etc/*": ["../../etc/*"], "@both/*": ["/etc/*", "src/both/*"], "@a/*/*": ["a/*"], "@b/*": ["b/*/*"]}}}',
    });
    expect(readTsconfigPaths(ROOT, read)).toStrictEqual({
      aliases: [{ pattern: '@both/*', targets: [at('src/both/*')] }],
      problems: [
        { file: at('tsconfig.json'), message: 'paths "@etc/*": "../../etc/*" is outside the project folder; not followed' },
        { file: at('tsconfig.json'), message: 'paths "@both/*": "/etc/*" is outside the project folder; not followed' },
      ],
    });
  });

  it('a file that is not JSON is reported without quoting it', () => {
    const { read } = project({ 'tsconfig.json': 'SECRET=hunter2\n' });
    expect(readTsconfigPaths(ROOT, read)).toStrictEqual({
      aliases: [],
      problems: [{ file: at('tsconfig.json'), message: 'not JSON (with comments); its paths are not read' }],
    });
  });
});
