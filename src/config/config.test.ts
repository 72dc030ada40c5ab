import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../auth/rate-limits.js';
import { ConfigError, EXAMPLE_SITE_DIR, loadConfig, readConfigFile, type ConfigInput } from './config.js';
import { readEnv, type Env } from './env.js';
import { DEFAULT_LIMITS } from './limits.js';

const CWD = path.resolve('/srv/site');

describe('loadConfig', () => {
  it('takes the site title from --site-title, then SITEGATE_SITE_TITLE, then site.title, trimmed', () => {
    const titles = [
      loadConfig({ siteTitle: ' Flag ' }, { siteTitle: 'Env' }, { site: { title: 'File' } }, CWD).siteTitle,
      loadConfig({}, { siteTitle: 'Env' }, { site: { title: 'File' } }, CWD).siteTitle,
      loadConfig({}, {}, { site: { title: 'File' } }, CWD).siteTitle,
      loadConfig({}, {}, {}, CWD).siteTitle,
    ];
    expect(titles).toStrictEqual(['Flag', 'Env', 'File', null]);
  });

  it('has the documented defaults', () => {
    expect(loadConfig({}, {}, {}, CWD)).toStrictEqual({
      contentDir: EXAMPLE_SITE_DIR,
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:3000',
      baseUrlExplicit: false,
      dataDir: path.join(CWD, '.sitegate'),
      logLevel: 'info',
      tokenTtlSec: 3600,
      rateLimits: DEFAULT_RATE_LIMITS,
      contentSignal: 'search=yes, ai-input=yes, ai-train=no',
      databaseUrl: null,
      redisUrl: null,
      redisKeyPrefix: 'sitegate:',
      watch: false,
      drainTimeoutSec: 10,
      limits: DEFAULT_LIMITS,
      pageMaxChars: 50_000,
      siteTitle: null,
      allowContentErrors: false,
      trustProxy: [],
      secret: null,
      auditRetentionDays: 90,
      staticDirs: null,
    });
  });

  it('takes static folders from --static, else sitegate.json `static` (a path or a list), resolved against the working folder', () => {
    expect(loadConfig({ static: ['assets', '/srv/img'] }, {}, { static: 'ignored' }, CWD).staticDirs).toEqual([
      path.resolve(CWD, 'assets'),
      '/srv/img',
    ]);
    expect(loadConfig({}, {}, { static: 'public' }, CWD).staticDirs).toEqual([path.resolve(CWD, 'public')]);
    expect(() => loadConfig({}, {}, { static: [''] }, CWD)).toThrow('--static (static): "" is not a folder path');
  });

  it('takes the secret from --secret-file, then SITEGATE_SECRET, then secretFile in sitegate.json', () => {
    const value = 'x'.repeat(32);
    expect(loadConfig({ secretFile: 'flag.key' }, { secret: value }, { secretFile: 'file.key' }, CWD).secret).toStrictEqual({
      from: '--secret-file',
      path: path.join(CWD, 'flag.key'),
    });
    expect(loadConfig({}, { secret: ` ${value}\n` }, { secretFile: 'file.key' }, CWD).secret).toStrictEqual({
      from: 'SITEGATE_SECRET',
      value,
    });
    expect(loadConfig({}, {}, { secretFile: '/etc/sitegate/secret' }, CWD).secret).toStrictEqual({
      from: '--secret-file',
      path: '/etc/sitegate/secret',
    });
    expect(() => loadConfig({}, { secret: 'x'.repeat(31) }, {}, CWD)).toThrow(
      new ConfigError('SITEGATE_SECRET: must be at least 32 characters (e.g. the output of openssl rand -base64 32)'),
    );
  });

  it('takes audit.retentionDays from SITEGATE_AUDIT_RETENTION_DAYS, then sitegate.json, and validates it', () => {
    expect(loadConfig({}, { auditRetentionDays: '30' }, { audit: { retentionDays: 7 } }, CWD).auditRetentionDays).toBe(30);
    expect(loadConfig({}, {}, { audit: { retentionDays: 7 } }, CWD).auditRetentionDays).toBe(7);
    expect(() => loadConfig({}, {}, { audit: { retentionDays: 0 } }, CWD)).toThrow(
      new ConfigError('audit.retentionDays: "0" is not an integer from 1 to 36500'),
    );
  });

  describe('precedence: flags > environment > sitegate.json > defaults', () => {
    // [config field, flag/file input name, env name, flag value, env value, file value, expected for each]
    type Case = [keyof ConfigInput & keyof Env, unknown, unknown, unknown, string, unknown[]];
    it.each<Case>([
      ['port', '4001', '4002', 4003, 'port', [4001, 4002, 4003, 3000]],
      ['host', '10.0.0.1', '10.0.0.2', '10.0.0.3', 'host', ['10.0.0.1', '10.0.0.2', '10.0.0.3', '127.0.0.1']],
      [
        'baseUrl',
        'https://flag.test',
        'https://env.test',
        'https://file.test',
        'baseUrl',
        ['https://flag.test', 'https://env.test', 'https://file.test', 'http://127.0.0.1:3000'],
      ],
      [
        'dataDir',
        'flag-data',
        'env-data',
        'file-data',
        'dataDir',
        ['flag-data', 'env-data', 'file-data', '.sitegate'].map((d) => path.join(CWD, d)),
      ],
      [
        'contentDir',
        'flag-pages',
        'env-pages',
        'file-pages',
        'contentDir',
        [...['flag-pages', 'env-pages', 'file-pages'].map((d) => path.join(CWD, d)), EXAMPLE_SITE_DIR],
      ],
      ['logLevel', 'debug', 'warn', 'error', 'logLevel', ['debug', 'warn', 'error', 'info']],
      ['tokenTtl', '120', '240', 480, 'tokenTtlSec', [120, 240, 480, 3600]],
      [
        'contentSignal',
        'search=yes',
        'search=no',
        'ai-train=yes',
        'contentSignal',
        ['search=yes', 'search=no', 'ai-train=yes', 'search=yes, ai-input=yes, ai-train=no'],
      ],
      [
        'databaseUrl',
        'postgres://flag/db',
        'postgresql://env/db',
        'postgres://file/db',
        'databaseUrl',
        ['postgres://flag/db', 'postgresql://env/db', 'postgres://file/db', null],
      ],
      [
        'redisUrl',
        'redis://flag',
        'rediss://env:6380',
        'redis://file/2',
        'redisUrl',
        ['redis://flag', 'rediss://env:6380', 'redis://file/2', null],
      ],
      ['redisKeyPrefix', 'flag:', 'env.x', 'file-y', 'redisKeyPrefix', ['flag:', 'env.x', 'file-y', 'sitegate:']],
      ['watch', true, '0', 'yes', 'watch', [true, false, true, false]],
      ['drainTimeout', '0', '30', 5, 'drainTimeoutSec', [0, 30, 5, 10]],
      ['pageMaxChars', '0', '20000', 100_000, 'pageMaxChars', [0, 20_000, 100_000, 50_000]],
      [
        'trustProxy',
        '127.0.0.1, ::1',
        '10.0.0.0/8,192.168.1.1',
        ['10.0.0.0/8', '127.0.0.1'],
        'trustProxy',
        [['127.0.0.1', '::1'], ['10.0.0.0/8', '192.168.1.1'], ['10.0.0.0/8', '127.0.0.1'], []],
      ],
    ])('%s', (input, flag, env, file, field, expected) => {
      const read = (flags: ConfigInput, envs: Env, files: ConfigInput): unknown => loadConfig(flags, envs, files, CWD)[field as 'port'];
      const flags = { [input]: flag } as ConfigInput;
      const envs = { [input]: env } as Env;
      const files = { [input]: file } as ConfigInput;
      expect([read(flags, envs, files), read({}, envs, files), read({}, {}, files), read({}, {}, {})]).toStrictEqual(expected);
    });
  });

  it('derives the base URL from host and port unless one is given, and marks which', () => {
    expect(loadConfig({ host: '::1', port: '8080' }, {}, {}, CWD)).toMatchObject({ baseUrl: 'http://[::1]:8080', baseUrlExplicit: false });
    expect(loadConfig({ port: '8080' }, { baseUrl: 'https://docs.example.com/' }, {}, CWD)).toMatchObject({
      baseUrl: 'https://docs.example.com',
      baseUrlExplicit: true,
    });
  });

  it('keeps a base URL path prefix without its trailing slashes', () => {
    expect(loadConfig({ baseUrl: 'https://example.com/docs//' }, {}, {}, CWD).baseUrl).toBe('https://example.com/docs');
  });

  it('takes port 0 (any free port) and absolute folders as given', () => {
    const config = loadConfig({ port: 0, dataDir: '/var/lib/sitegate' }, {}, {}, CWD);
    expect(config.port).toBe(0);
    expect(config.dataDir).toBe(path.resolve('/var/lib/sitegate'));
  });

  it('reads trusted proxies as addresses, CIDR ranges, netmasks and proxy-addr names, trimmed', () => {
    const file = { trustProxy: ['10.0.0.0/8', '127.0.0.1', '2001:db8::/32', '192.168.0.0/255.255.0.0', 'loopback', 'uniquelocal'] };
    expect(loadConfig({}, {}, file, CWD).trustProxy).toStrictEqual(file.trustProxy);
    expect(loadConfig({}, { trustProxy: ' 10.0.0.1 ,linklocal ' }, {}, CWD).trustProxy).toStrictEqual(['10.0.0.1', 'linklocal']);
    // A flag replaces the file's list; it does not add to it.
    expect(loadConfig({ trustProxy: '::1' }, {}, file, CWD).trustProxy).toStrictEqual(['::1']);
    expect(loadConfig({}, {}, { trustProxy: [] }, CWD).trustProxy).toStrictEqual([]);
    expect(loadConfig({}, {}, { trustProxy: [' 10.0.0.1 '] }, CWD).trustProxy).toStrictEqual(['10.0.0.1']);
  });

  it('keeps rateLimits.clientFailures, now counted per client_id and address, under its old name', () => {
    expect(loadConfig({}, {}, { rateLimits: { clientFailures: { points: 5 } } }, CWD).rateLimits.clientFailures).toStrictEqual({
      points: 5,
      windowSec: 60,
    });
  });

  it('overrides rate limits per limit and per field from sitegate.json', () => {
    const config = loadConfig({}, {}, { rateLimits: { search: { points: 100 }, token: { points: 0, windowSec: 1 } } }, CWD);
    expect(config.rateLimits).toStrictEqual({
      ...DEFAULT_RATE_LIMITS,
      search: { points: 100, windowSec: DEFAULT_RATE_LIMITS.search.windowSec },
      token: { points: 0, windowSec: 1 },
    });
  });

  describe('every invalid setting throws a ConfigError naming it', () => {
    it.each<[string, ConfigInput, Env, ConfigInput]>([
      ['--port', { port: 'abc' }, {}, {}],
      ['--port', { port: '70000' }, {}, {}],
      ['--port', { port: -1 }, {}, {}],
      ['--port', { port: 80.5 }, {}, {}],
      ['--port', {}, { port: '3o00' }, {}],
      ['--port', {}, {}, { port: '' }],
      ['--host', { host: 'bad host' }, {}, {}],
      ['--host', {}, { host: 'a/b' }, {}],
      ['--base-url', { baseUrl: 'not a url' }, {}, {}],
      ['--base-url', { baseUrl: 'ftp://example.com' }, {}, {}],
      ['--base-url', {}, { baseUrl: 'https://example.com/?q=1' }, {}],
      ['--base-url', {}, {}, { baseUrl: 'https://example.com/#top' }],
      ['--base-url', { baseUrl: 'https://user:pass@example.com' }, {}, {}],
      ['--log-level', { logLevel: 'loud' }, {}, {}],
      ['--log-level', {}, {}, { logLevel: 'INFO' }],
      ['--token-ttl', { tokenTtl: '59' }, {}, {}],
      ['--token-ttl', {}, { tokenTtl: '86401' }, {}],
      ['--token-ttl', {}, { tokenTtl: '1h' }, {}],
      ['--token-ttl', {}, {}, { tokenTtl: 3600.5 }],
      ['--content-signal', { contentSignal: 'ai-train: no' }, {}, {}],
      ['--page-max-chars', { pageMaxChars: '4999' }, {}, {}],
      ['--page-max-chars', {}, { pageMaxChars: '50k' }, {}],
      ['--page-max-chars', {}, {}, { pageMaxChars: 10_000_001 }],
      ['--content-signal', {}, { contentSignal: 'search=maybe' }, {}],
      ['--database-url', { databaseUrl: 'mysql://u:secret@h/db' }, {}, {}],
      ['--database-url', {}, { databaseUrl: '/var/lib/db.sqlite' }, {}],
      ['--redis-url', {}, { redisUrl: 'http://127.0.0.1:6379' }, {}],
      ['--redis-key-prefix', { redisKeyPrefix: 'has space' }, {}, {}],
      ['--redis-key-prefix', {}, {}, { redisKeyPrefix: 'x'.repeat(65) }],
      ['--watch', {}, { watch: 'sometimes' }, {}],
      ['--drain-timeout', {}, { drainTimeout: '10s' }, {}],
      ['--drain-timeout', { drainTimeout: '3601' }, {}, {}],
      ['--site-title (site.title)', { siteTitle: '  ' }, {}, {}],
      ['--site-title (site.title)', {}, {}, { site: { title: 42 } }],
      ['--site-title (site.title)', {}, { siteTitle: 'two\nlines' }, {}],
      ['--allow-content-errors', {}, { allowContentErrors: 'perhaps' }, {}],
      ['rateLimits: unknown limit "nope"', {}, {}, { rateLimits: { nope: { points: 1 } } as ConfigInput['rateLimits'] }],
      ['rateLimits: unknown limit "toString"', {}, {}, { rateLimits: { toString: { points: 1 } } as ConfigInput['rateLimits'] }],
      [
        'rateLimits: unknown limit "__proto__"',
        {},
        {},
        { rateLimits: JSON.parse('{ "__proto__": { "points": 1, "windowSec": 1 } }') as ConfigInput['rateLimits'] },
      ],
      ['rateLimits.search', {}, {}, { rateLimits: { search: null } as unknown as ConfigInput['rateLimits'] }],
      ['rateLimits.search', {}, {}, { rateLimits: { search: 5 } as unknown as ConfigInput['rateLimits'] }],
      ['rateLimits.search', {}, {}, { rateLimits: { search: [] } as unknown as ConfigInput['rateLimits'] }],
      ['rateLimits.search', {}, {}, { rateLimits: { search: 'fast' } as unknown as ConfigInput['rateLimits'] }],
      ['rateLimits.search.points', {}, {}, { rateLimits: { search: { points: -1 } } }],
      ['rateLimits.search.points', {}, {}, { rateLimits: { search: { points: 'many' as unknown as number } } }],
      ['rateLimits.token.points', {}, {}, { rateLimits: { token: { points: 1.5 } } }],
      ['rateLimits.token.windowSec', {}, {}, { rateLimits: { token: { windowSec: 0 } } }],
      ['rateLimits.token.windowSec', {}, {}, { rateLimits: { token: { windowSec: 86_401 } } }],
      ['--trust-proxy: "10.0.0.300"', { trustProxy: '10.0.0.300' }, {}, {}],
      ['--trust-proxy: "proxy.internal"', {}, { trustProxy: '127.0.0.1,proxy.internal' }, {}],
      ['--trust-proxy: "10.0.0.0/33"', {}, {}, { trustProxy: ['10.0.0.0/33'] }],
      ['--trust-proxy: "0.0.0.0/0"', {}, {}, { trustProxy: ['0.0.0.0/0'] }],
      ['--trust-proxy: "::1/129"', {}, {}, { trustProxy: ['::1/129'] }],
      ['--trust-proxy: ""', {}, { trustProxy: '127.0.0.1,,::1' }, {}],
      ['--trust-proxy: must be a list', {}, {}, { trustProxy: [10] as unknown as string[] }],
      ['--trust-proxy: must be a list', {}, {}, { trustProxy: { loopback: true } as unknown as string[] }],
    ])('%s', (setting, flags, env, file) => {
      const load = (): unknown => loadConfig(flags, env, file, CWD);
      expect(load).toThrow(ConfigError);
      expect(load).not.toThrow(/secret/);
      expect(load).toThrow(new RegExp(`^${setting.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}[:. ]`));
    });
  });
});

describe('readConfigFile', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-config-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('returns no settings when there is no sitegate.json', () => {
    expect(readConfigFile(dir)).toStrictEqual({});
  });

  it('reads the settings of sitegate.json', () => {
    writeFileSync(path.join(dir, 'sitegate.json'), JSON.stringify({ port: 4000, rateLimits: { search: { points: 10 } } }));
    expect(readConfigFile(dir)).toStrictEqual({ port: 4000, rateLimits: { search: { points: 10 } } });
  });

  it.each([
    ['not JSON', '{ port: 4000 }', /^sitegate\.json: not valid JSON \(/],
    ['an array', '[1, 2]', /^sitegate\.json: must hold a JSON object$/],
    ['null', 'null', /^sitegate\.json: must hold a JSON object$/],
    ['a string', '"port"', /^sitegate\.json: must hold a JSON object$/],
  ])('throws a ConfigError naming sitegate.json when it holds %s', (_label, text, message) => {
    writeFileSync(path.join(dir, 'sitegate.json'), text);
    expect(() => readConfigFile(dir)).toThrow(ConfigError);
    expect(() => readConfigFile(dir)).toThrow(message);
  });
});

describe('readEnv', () => {
  it('reads each variable sitegate knows', () => {
    expect(
      readEnv({
        PORT: '1',
        SITEGATE_HOST: 'h',
        SITEGATE_BASE_URL: 'https://b.test',
        SITEGATE_DATA_DIR: 'd',
        SITEGATE_CONTENT_DIR: 'c',
        SITEGATE_LOG_LEVEL: 'warn',
        DATABASE_URL: 'postgres://db',
        REDIS_URL: 'redis://r',
        SITEGATE_REDIS_KEY_PREFIX: 'p:',
        SITEGATE_TOKEN_TTL: '60',
        SITEGATE_CONTENT_SIGNAL: 'search=yes',
        SITEGATE_WATCH: '1',
        SITEGATE_DRAIN_TIMEOUT: '5',
        SITEGATE_PAGE_MAX_CHARS: '20000',
        SITEGATE_SITE_TITLE: 'Acme',
        SITEGATE_ALLOW_CONTENT_ERRORS: '1',
        SITEGATE_TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
        SITEGATE_MAX_URL_BYTES: '4096',
        SITEGATE_REQUEST_TIMEOUT_MS: '5000',
        SITEGATE_SECRET: 's',
        SITEGATE_AUDIT_RETENTION_DAYS: '30',
        UNRELATED: 'x',
      }),
    ).toStrictEqual({
      port: '1',
      host: 'h',
      baseUrl: 'https://b.test',
      dataDir: 'd',
      contentDir: 'c',
      logLevel: 'warn',
      databaseUrl: 'postgres://db',
      redisUrl: 'redis://r',
      redisKeyPrefix: 'p:',
      tokenTtl: '60',
      contentSignal: 'search=yes',
      watch: '1',
      drainTimeout: '5',
      pageMaxChars: '20000',
      siteTitle: 'Acme',
      allowContentErrors: '1',
      trustProxy: '10.0.0.0/8,127.0.0.1',
      secret: 's',
      auditRetentionDays: '30',
      limits: { maxUrlBytes: '4096', requestTimeoutMs: '5000' },
    });
  });

  it('treats empty values as unset, and PORT over SITEGATE_PORT', () => {
    expect(readEnv({ SITEGATE_HOST: '', SITEGATE_PORT: '5' })).toMatchObject({ host: undefined, port: '5' });
    expect(readEnv({ PORT: '4', SITEGATE_PORT: '5' }).port).toBe('4');
    expect(readEnv({ PORT: '', SITEGATE_PORT: '5' }).port).toBe('5');
  });
});
