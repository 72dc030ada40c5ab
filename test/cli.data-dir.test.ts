/**
 * The operator's view of settings and the data folder, through the CLI (a real process where one
 * is under test: `init`, a key command finding the default data folder, `serve` refusing a flag or
 * a variable; the command's `main` in the test's process for the rest): `init` writes a site
 * and its .gitignore, the key commands find its data folder (in the platform's data folder, named
 * for the site) from its own folder, from another one with `--config`, `SITEGATE_CONFIG` or
 * `SITEGATE_DATA_DIR`, and refuse to invent an empty one; an older `.sitegate/` keeps working with
 * a warning; each sitegate.json mistake stops a command with one exact line (exit 2).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { cliProcesses } from './cli-process.js';
import { siteId } from '../src/config/data-dir.js';

const { tempDir, run, call } = cliProcesses();
const SLOW_TEST_MS = 120_000;

/**
 * A site written by `sitegate init` in a fresh folder, a second, unrelated working folder, and the
 * environment whose XDG_DATA_HOME (a folder of the test's) holds the default data folders.
 */
async function initSite(
  context: TestContext,
  runner: typeof run = call,
): Promise<{ root: string; site: string; elsewhere: string; xdg: string; env: NodeJS.ProcessEnv; initOut: string }> {
  const root = tempDir(context, 'sitegate-data-dir-');
  const site = path.join(root, 'site');
  const elsewhere = path.join(root, 'elsewhere');
  const xdg = path.join(root, 'xdg');
  const env = { XDG_DATA_HOME: xdg };
  mkdirSync(elsewhere);
  const init = await runner(context, ['init', 'site'], root, env);
  expect(init).toMatchObject({ code: 0, stderr: '' });
  return { root, site, elsewhere, xdg, env, initOut: init.stdout };
}

describe('the data folder, found as serve finds it', () => {
  it(
    'is XDG_DATA_HOME/sitegate/NAME-HASH for the folder of sitegate.json; from elsewhere it is found by --config, SITEGATE_CONFIG or SITEGATE_DATA_DIR, never invented',
    async (context) => {
      const { site, elsewhere, xdg, env: xdgEnv } = await initSite(context);
      const sitegate = (args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): ReturnType<typeof call> =>
        call(context, args, cwd, { ...xdgEnv, ...env });
      const dataDir = path.join(xdg, 'sitegate', siteId(site));
      expect(path.basename(dataDir)).toMatch(/^site-[0-9a-f]{8}$/);
      const configFile = path.join(site, 'sitegate.json');

      // A real process once: the default data folder comes from its environment and working folder.
      const created = await run(context, ['keys', 'create', '--name', 'ci', '--scopes', 'search:read', '--json'], site, xdgEnv);
      expect(created.code).toBe(0);
      expect(created.stderr).toBe(`sitegate: data folder ${dataDir} (for ${configFile})\n`);
      const clientId = (JSON.parse(created.stdout) as { client_id: string }).client_id;
      expect(existsSync(path.join(dataDir, 'sitegate.db'))).toBe(true);
      expect(existsSync(path.join(site, '.sitegate'))).toBe(false);

      const lostDir = path.join(xdg, 'sitegate', siteId(elsewhere));
      const lost = await sitegate(['keys', 'list', '--json'], elsewhere);
      expect(lost).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: `sitegate: no data folder at ${lostDir} (for the working folder ${elsewhere}); run this where the site's sitegate.json is, or give --config, --data-dir or SITEGATE_DATA_DIR\n`,
      });
      expect(existsSync(lostDir)).toBe(false);
      const audit = await sitegate(['audit'], elsewhere);
      expect(audit.code).toBe(2);
      expect(existsSync(lostDir)).toBe(false);

      const ids = (stdout: string): string[] => (JSON.parse(stdout) as { client_id: string }[]).map((key) => key.client_id);
      const byFlag = await sitegate(['keys', 'list', '--json', '--config', '../site/sitegate.json'], elsewhere);
      expect([byFlag.code, byFlag.stderr, ids(byFlag.stdout)]).toStrictEqual([
        0,
        `sitegate: data folder ${dataDir} (for ${configFile})\n`,
        [clientId],
      ]);
      const byEnv = await sitegate(['keys', 'list', '--json'], elsewhere, { SITEGATE_CONFIG: configFile });
      expect([byEnv.code, byEnv.stderr, ids(byEnv.stdout)]).toStrictEqual([
        0,
        `sitegate: data folder ${dataDir} (for ${configFile})\n`,
        [clientId],
      ]);
      const byDataDir = await sitegate(['keys', 'list', '--json'], elsewhere, { SITEGATE_DATA_DIR: dataDir });
      expect([byDataDir.code, byDataDir.stderr, ids(byDataDir.stdout)]).toStrictEqual([
        0,
        `sitegate: data folder ${dataDir} (from SITEGATE_DATA_DIR)\n`,
        [clientId],
      ]);
      const byFlagDir = await sitegate(['keys', 'list', '--json', '--data-dir', dataDir], elsewhere);
      expect([byFlagDir.code, byFlagDir.stderr, ids(byFlagDir.stdout)]).toStrictEqual([0, '', [clientId]]);

      const missing = await sitegate(['keys', 'list', '--config', 'nope.json'], elsewhere);
      expect(missing).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: `sitegate: --config: no such file ${path.join(elsewhere, 'nope.json')}\n`,
      });
    },
    SLOW_TEST_MS,
  );

  it('takes dataDir in sitegate.json relative to the file, wherever the command runs', async (context) => {
    const { site, elsewhere, env } = await initSite(context);
    const configFile = path.join(site, 'sitegate.json');
    writeFileSync(configFile, JSON.stringify({ ...(JSON.parse(readFileSync(configFile, 'utf8')) as object), dataDir: 'state' }));
    const created = await call(
      context,
      ['keys', 'create', '--name', 'ci', '--scopes', 'search:read', '--json', '--config', configFile],
      elsewhere,
      env,
    );
    expect([created.code, created.stderr]).toStrictEqual([
      0,
      `sitegate: data folder ${path.join(site, 'state')} (from ${configFile}: dataDir)\n`,
    ]);
    expect(existsSync(path.join(site, 'state', 'sitegate.db'))).toBe(true);
  });

  it('keeps using a .sitegate/ an older version made beside sitegate.json, with one warning line saying how to move it', async (context) => {
    const { site, xdg, env } = await initSite(context);
    const configFile = path.join(site, 'sitegate.json');
    const older = path.join(site, '.sitegate');
    const created = await call(
      context,
      ['keys', 'create', '--name', 'old', '--scopes', 'search:read', '--json', '--data-dir', older],
      site,
      env,
    );
    expect(created.code).toBe(0);
    const clientId = (JSON.parse(created.stdout) as { client_id: string }).client_id;
    const dataDir = path.join(xdg, 'sitegate', siteId(site));
    const warning = `the data folder ${older} (keys, sessions, the secret) is inside the site's folder, where a repository may commit it; stop sitegate and move it to the default: mkdir -p ${path.join(xdg, 'sitegate')} && mv ${older} ${dataDir} (or name a folder with dataDir or --data-dir)`;

    const listed = await call(context, ['keys', 'list', '--json'], site, env);
    expect([listed.code, listed.stderr, (JSON.parse(listed.stdout) as { client_id: string }[]).map((key) => key.client_id)]).toStrictEqual([
      0,
      `sitegate: data folder ${older} (kept from an older version, beside ${configFile})\nsitegate: warning: ${warning}\n`,
      [clientId],
    ]);
    expect(existsSync(dataDir)).toBe(false);

    // The command it prints does the move; then the default folder is used, without a warning.
    mkdirSync(path.dirname(dataDir), { recursive: true });
    renameSync(older, dataDir);
    const moved = await call(context, ['keys', 'list', '--json'], site, env);
    expect([moved.code, moved.stderr, (JSON.parse(moved.stdout) as { client_id: string }[]).map((key) => key.client_id)]).toStrictEqual([
      0,
      `sitegate: data folder ${dataDir} (for ${configFile})\n`,
      [clientId],
    ]);
  });
});

describe('init', () => {
  it('writes a .gitignore that keeps a data folder out of the repository, and names the data folder', async (context) => {
    const { site, xdg, initOut } = await initSite(context, run);
    expect(readFileSync(path.join(site, '.gitignore'), 'utf8')).toBe(
      '# sitegate: a data folder here (keys, sessions, the secret) stays out of the repository\n/.sitegate/\n',
    );
    expect(initOut).toContain(`; ${path.join(site, '.gitignore')} ignores /.sitegate/.\n`);
    expect(initOut).toContain(
      `Keys and the database go to ${path.join(xdg, 'sitegate', siteId(site))}, outside the site's folder (back it up with sitegate backup FILE).\n`,
    );
  });

  it('appends the missing line to an existing .gitignore, keeping what it holds, and adds nothing when it is there', async (context) => {
    const root = tempDir(context, 'sitegate-gitignore-');
    const env = { XDG_DATA_HOME: path.join(root, 'xdg') };
    for (const [name, text] of [
      ['a', 'node_modules/\n*.log'],
      ['b', '# mine\n.sitegate/\n'],
    ] as const) {
      mkdirSync(path.join(root, name));
      writeFileSync(path.join(root, name, '.gitignore'), text);
      expect((await call(context, ['init', name], root, env)).code).toBe(0);
    }
    expect(readFileSync(path.join(root, 'a', '.gitignore'), 'utf8')).toBe(
      'node_modules/\n*.log\n\n# sitegate: a data folder here (keys, sessions, the secret) stays out of the repository\n/.sitegate/\n',
    );
    expect(readFileSync(path.join(root, 'b', '.gitignore'), 'utf8')).toBe('# mine\n.sitegate/\n');
  });
});

describe('sitegate.json mistakes: one line naming the file, the key and what is wrong; exit 2', () => {
  it.for<[string, unknown, string]>([
    ['an unknown key', { prot: 4120 }, 'prot: unknown key (did you mean "port"?)'],
    ['a snake_case key', { base_url: 'https://docs.example.com' }, 'base_url: unknown key (did you mean "baseUrl"?)'],
    ['a nested typo', { limits: { maxUrlByte: 4096 } }, 'limits.maxUrlByte: unknown key (did you mean "limits.maxUrlBytes"?)'],
    ['a wrong type', { port: '4120' }, 'port: must be an integer from 0 to 65535, got "4120"'],
    ['a nested wrong type', { site: { title: ['Docs'] } }, 'site.title: must be one line of 1 to 200 characters, got ["Docs"]'],
    ['an object that is not one', { rateLimits: { search: 100 } }, 'rateLimits.search: must be an object, got 100'],
  ])('%s', async ([, settings, problem], context) => {
    const cwd = tempDir(context, 'sitegate-json-');
    const file = path.join(cwd, 'sitegate.json');
    writeFileSync(file, JSON.stringify(settings));
    for (const args of [['check'], ['serve', '--port', '0'], ['keys', 'list']])
      expect(await call(context, args, cwd)).toStrictEqual({ code: 2, stdout: '', stderr: `sitegate: ${file}: ${problem}\n` });
  });

  it(
    'names the flag or the variable when the bad value came from there, not the file',
    async (context) => {
      const cwd = tempDir(context, 'sitegate-json-');
      writeFileSync(path.join(cwd, 'sitegate.json'), JSON.stringify({ port: 4120 }));
      expect(await run(context, ['serve', '--port', 'http'], cwd)).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: 'sitegate: --port: must be an integer from 0 to 65535, got "http"\n',
      });
      expect(await run(context, ['serve'], cwd, { PORT: '99999' })).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: 'sitegate: PORT: must be an integer from 0 to 65535, got "99999"\n',
      });
    },
    SLOW_TEST_MS,
  );
});
