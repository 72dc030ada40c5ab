/**
 * Real builds of the fixture projects of test/fixtures/generator-projects/ (issue 33, done-when 1),
 * made by each generator's own CLI: the project's package.json pins exact versions, `npm install`
 * puts them in a cache folder outside the repository (`os.tmpdir()/sitegate-generator-builds/`,
 * one folder per generator and package.json hash, kept between runs), and the generator's build
 * command writes its output there. A build is redone only when a file of the project changed.
 * Needs the npm registry the first time; the deploy tests (`*.deploy.test.ts`) use it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_DIR } from './helpers.js';

/** The generators with a fixture project, each built by its own CLI from npm. */
export const NPM_GENERATORS = ['docusaurus', 'vitepress', 'starlight'] as const;
export type NpmGenerator = (typeof NPM_GENERATORS)[number];

/** Where each generator keeps its content and writes its build, relative to the project folder. */
const LAYOUT: Readonly<Record<NpmGenerator, { content: string; build: string; packages: readonly string[] }>> = {
  // docusaurus.io/docs/cli#docusaurus-build-sitedir: `build/`.
  docusaurus: { content: 'docs', build: 'build', packages: ['@docusaurus/core', 'react'] },
  // vitepress.dev/reference/site-config#outdir: `<srcDir>/.vitepress/dist`.
  vitepress: { content: 'docs', build: 'docs/.vitepress/dist', packages: ['vitepress'] },
  // docs.astro.build/en/reference/configuration-reference/#outdir: `dist/`.
  starlight: { content: 'src/content/docs', build: 'dist', packages: ['@astrojs/starlight', 'astro'] },
};

/** The fixture projects' folder. */
export const GENERATOR_PROJECTS_DIR = path.join(REPO_DIR, 'test/fixtures/generator-projects');

/** Longest `npm install` of one project (ms): Docusaurus brings about a thousand packages. */
const INSTALL_TIMEOUT_MS = 30 * 60_000;
/** Longest build of one project (ms). */
const BUILD_TIMEOUT_MS = 10 * 60_000;
/** The file marking a finished install, and the one naming the project files a build was made from. */
const INSTALLED_MARK = '.sitegate-installed';
const BUILT_MARK = '.sitegate-built';

/** A finished build of one fixture project. */
export interface GeneratorBuild {
  generator: NpmGenerator;
  /** The project folder in the cache (absolute): the fixture's files and node_modules. */
  projectDir: string;
  /** The folder sitegate serves as its content folder (absolute): the generator's markdown sources. */
  contentDir: string;
  /** The generator's build output (absolute). */
  buildDir: string;
  /** Installed version of each package that makes the build, by name. */
  versions: Readonly<Record<string, string>>;
  /** Time `npm install` took in this call (ms); 0 when the cache already held it. */
  installMs: number;
  /** Time the build CLI took in this call (ms); 0 when the cache already held the build. */
  buildMs: number;
}

/** Every file of a folder, relative and `/`-separated, sorted. */
function filesOf(dir: string, prefix = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
    if (entry.isDirectory()) files.push(...filesOf(dir, relative));
    else if (entry.isFile()) files.push(relative);
  }
  return files.sort();
}

/** SHA-256 (hex) of the named files' paths and bytes. */
function hashOf(dir: string, files: readonly string[]): string {
  const hash = createHash('sha256');
  for (const file of files)
    hash
      .update(`${file}\0`)
      .update(readFileSync(path.join(dir, file)))
      .update('\0');
  return hash.digest('hex');
}

/**
 * Runs a command in `cwd`, its output kept for the error.
 * @throws {Error} naming the command, its exit and the end of its output when it fails or times out
 */
function run(command: string, args: readonly string[], cwd: string, timeout: number): number {
  const started = performance.now();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    timeout,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: 'true', ASTRO_TELEMETRY_DISABLED: '1', DOCUSAURUS_NO_UPDATE_CHECK: '1', NO_UPDATE_NOTIFIER: '1' },
  });
  if (result.status !== 0) {
    const output = `${result.stdout}\n${result.stderr}`.trim().slice(-4000);
    throw new Error(`${command} ${args.join(' ')} in ${cwd} failed (${String(result.status ?? result.signal)}):\n${output}`);
  }
  return Math.round(performance.now() - started);
}

/**
 * The build of one fixture project, made when missing or stale.
 * @param generator which fixture project
 * @throws {Error} when `npm install` or the build CLI fails (its output in the message)
 */
export function generatorBuild(generator: NpmGenerator): GeneratorBuild {
  const source = path.join(GENERATOR_PROJECTS_DIR, generator);
  const layout = LAYOUT[generator];
  const installKey = hashOf(source, ['package.json']).slice(0, 16);
  const projectDir = path.join(tmpdir(), 'sitegate-generator-builds', `${generator}-${installKey}`);
  mkdirSync(projectDir, { recursive: true });
  let installMs = 0;
  if (!existsSync(path.join(projectDir, INSTALLED_MARK))) {
    cpSync(path.join(source, 'package.json'), path.join(projectDir, 'package.json'));
    installMs = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], projectDir, INSTALL_TIMEOUT_MS);
    writeFileSync(path.join(projectDir, INSTALLED_MARK), '');
  }
  const files = filesOf(source);
  const sourceKey = hashOf(source, files);
  const buildDir = path.join(projectDir, layout.build);
  let buildMs = 0;
  const built = path.join(projectDir, BUILT_MARK);
  if (!existsSync(built) || readFileSync(built, 'utf8') !== sourceKey || !existsSync(buildDir)) {
    // The project's own files replace the last build's sources; node_modules stays.
    for (const entry of readdirSync(projectDir))
      if (entry !== 'node_modules' && entry !== INSTALLED_MARK && entry !== 'package-lock.json')
        rmSync(path.join(projectDir, entry), { recursive: true, force: true });
    for (const file of files) {
      mkdirSync(path.dirname(path.join(projectDir, file)), { recursive: true });
      cpSync(path.join(source, file), path.join(projectDir, file));
    }
    buildMs = run('npm', ['run', 'build', '--silent'], projectDir, BUILD_TIMEOUT_MS);
    writeFileSync(built, sourceKey);
  }
  const versions: Record<string, string> = {};
  for (const name of layout.packages) {
    const manifest = JSON.parse(readFileSync(path.join(projectDir, 'node_modules', name, 'package.json'), 'utf8')) as { version: string };
    versions[name] = manifest.version;
  }
  return { generator, projectDir, contentDir: path.join(projectDir, layout.content), buildDir, versions, installMs, buildMs };
}
