/**
 * The operator's view of settings and the data folder, through the built CLI: `init` writes a site,
 * the key commands find its data folder from its own folder, from another one with `--config`,
 * `SITEGATE_CONFIG` or `SITEGATE_DATA_DIR`, and refuse to invent an empty one; each sitegate.json
 * mistake stops a command with one exact line (exit 2).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, type TestContext } from 'vitest';
import { cliProcesses } from './cli-process.js';

const { tempDir, run } = cliProcesses();
const SLOW_TEST_MS = 120_000;

/** A site written by `sitegate init` in a fresh folder, and a second, unrelated working folder. */
async function initSite(context: TestContext): Promise<{ root: string; site: string; elsewhere: string }> {
  const root = tempDir(context, 'sitegate-data-dir-');
  const site = path.join(root, 'site');
  const elsewhere = path.join(root, 'elsewhere');
  mkdirSync(elsewhere);
  const init = await run(context, ['init', 'site'], root);
  expect(init).toMatchObject({ code: 0, stderr: '' });
  return { root, site, elsewhere };
}

describe('the data folder, found as serve finds it', () => {
  it(
    'is .sitegate/ beside sitegate.json; from elsewhere it is found by --config, SITEGATE_CONFIG or SITEGATE_DATA_DIR, never invented',
    async (context) => {
      const { site, elsewhere } = await initSite(context);
      const dataDir = path.join(site, '.sitegate');
      const configFile = path.join(site, 'sitegate.json');

      const created = await run(context, ['keys', 'create', '--name', 'ci', '--scopes', 'search:read', '--json'], site);
      expect(created.code).toBe(0);
      expect(created.stderr).toBe(`sitegate: data folder ${dataDir} (beside ${configFile})\n`);
      const clientId = (JSON.parse(created.stdout) as { client_id: string }).client_id;
      expect(existsSync(path.join(dataDir, 'sitegate.db'))).toBe(true);

      const lost = await run(context, ['keys', 'list', '--json'], elsewhere);
      expect(lost).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: `sitegate: no data folder at ${path.join(elsewhere, '.sitegate')} (in the working folder); run this where the site's sitegate.json is, or give --config, --data-dir or SITEGATE_DATA_DIR\n`,
      });
      expect(existsSync(path.join(elsewhere, '.sitegate'))).toBe(false);
      const audit = await run(context, ['audit'], elsewhere);
      expect(audit.code).toBe(2);
      expect(existsSync(path.join(elsewhere, '.sitegate'))).toBe(false);

      const ids = (stdout: string): string[] => (JSON.parse(stdout) as { client_id: string }[]).map((key) => key.client_id);
      const byFlag = await run(context, ['keys', 'list', '--json', '--config', '../site/sitegate.json'], elsewhere);
      expect([byFlag.code, byFlag.stderr, ids(byFlag.stdout)]).toStrictEqual([
        0,
        `sitegate: data folder ${dataDir} (beside ${configFile})\n`,
        [clientId],
      ]);
      const byEnv = await run(context, ['keys', 'list', '--json'], elsewhere, { SITEGATE_CONFIG: configFile });
      expect([byEnv.code, byEnv.stderr, ids(byEnv.stdout)]).toStrictEqual([
        0,
        `sitegate: data folder ${dataDir} (beside ${configFile})\n`,
        [clientId],
      ]);
      const byDataDir = await run(context, ['keys', 'list', '--json'], elsewhere, { SITEGATE_DATA_DIR: dataDir });
      expect([byDataDir.code, byDataDir.stderr, ids(byDataDir.stdout)]).toStrictEqual([
        0,
        `sitegate: data folder ${dataDir} (from SITEGATE_DATA_DIR)\n`,
        [clientId],
      ]);
      const byFlagDir = await run(context, ['keys', 'list', '--json', '--data-dir', dataDir], elsewhere);
      expect([byFlagDir.code, byFlagDir.stderr, ids(byFlagDir.stdout)]).toStrictEqual([0, '', [clientId]]);

      const missing = await run(context, ['keys', 'list', '--config', 'nope.json'], elsewhere);
      expect(missing).toStrictEqual({
        code: 2,
        stdout: '',
        stderr: `sitegate: --config: no such file ${path.join(elsewhere, 'nope.json')}\n`,
      });
    },
    SLOW_TEST_MS,
  );

  it('takes dataDir in sitegate.json relative to the file, wherever the command runs', async (context) => {
    const { site, elsewhere } = await initSite(context);
    const configFile = path.join(site, 'sitegate.json');
    writeFileSync(configFile, JSON.stringify({ ...(JSON.parse(readFileSync(configFile, 'utf8')) as object), dataDir: 'state' }));
    const created = await run(
      context,
      ['keys', 'create', '--name', 'ci', '--scopes', 'search:read', '--json', '--config', configFile],
      elsewhere,
    );
    expect([created.code, created.stderr]).toStrictEqual([
      0,
      `sitegate: data folder ${path.join(site, 'state')} (from ${configFile}: dataDir)\n`,
    ]);
    expect(existsSync(path.join(site, 'state', 'sitegate.db'))).toBe(true);
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
      expect(await run(context, args, cwd)).toStrictEqual({ code: 2, stdout: '', stderr: `sitegate: ${file}: ${problem}\n` });
  });

  it('names the flag or the variable when the bad value came from there, not the file', async (context) => {
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
  });
});
