import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RATE_LIMITS } from '../auth/rate-limits.js';
import { ConfigError, EXAMPLE_SITE_DIR, loadConfig, readConfigFile, type ConfigInput } from './config.js';
import { readEnv, type Env } from './env.js';
import { DEFAULT_LIMITS } from './limits.js';
import { NO_SIGN_IN } from '../signin/settings.js';
import { platformDataHome } from './platform-data-home.js';

const CWD = path.resolve('/srv/site');
/** The default data folder of a site in CWD when the environment names no folders: `site-` and SHA-256("/srv/site")'s first 8 hex digits. */
const DEFAULT_DATA_DIR = path.join(platformDataHome({ platform: process.platform, home: homedir() }), 'sitegate', 'site-3cd3201d');

describe('loadConfig', () => {
  it('takes the branding settings from flags, the environment and the site object of sitegate.json', () => {
    const file = {
      site: {
        logo: 'img/logo.svg',
        favicon: 'https://cdn.example/icon.png',
        accentColor: ' hsl(200 80% 40%) ',
        theme: 'dark',
        editUrl: 'https://github.com/o/r/edit/main/docs/',
      },
    };
    expect(loadConfig({}, {}, file, CWD).branding).toStrictEqual({
      logo: 'img/logo.svg',
      favicon: 'https://cdn.example/icon.png',
      accentColor: 'hsl(200 80% 40%)',
      theme: 'dark',
      editUrl: 'https://github.com/o/r/edit/main/docs/',
    });
    expect(loadConfig({ theme: 'light', accentColor: 'rebeccapurple' }, { logo: 'logo.png' }, {}, CWD).branding).toStrictEqual({
      logo: 'logo.png',
      favicon: null,
      accentColor: 'rebeccapurple',
      theme: 'light',
      editUrl: null,
    });
  });

  it('takes the site title from --site-title, then SITEGATE_SITE_TITLE, then site.title, trimmed', () => {
    const titles = [
      loadConfig({ siteTitle: ' Flag ' }, { siteTitle: 'Env' }, { site: { title: 'File' } }, CWD).siteTitle,
      loadConfig({}, { siteTitle: 'Env' }, { site: { title: 'File' } }, CWD).siteTitle,
      loadConfig({}, {}, { site: { title: 'File' } }, CWD).siteTitle,
      loadConfig({}, {}, {}, CWD).siteTitle,
    ];
    expect(titles).toStrictEqual(['Flag', 'Env', 'File', null]);
  });

  it('takes the conventions from --conventions, then sitegate.json, and the nav from sitegate.json', () => {
    expect(loadConfig({ conventions: 'mdbook' }, {}, { conventions: 'plain' }, CWD).conventions).toBe('mdbook');
    expect(loadConfig({}, {}, { conventions: 'plain', nav: ['a.md', { Guides: ['g/b.md'] }] }, CWD)).toMatchObject({
      conventions: 'plain',
      nav: ['a.md', { Guides: ['g/b.md'] }],
    });
    expect(() => loadConfig({ conventions: 'jekyll' }, {}, {}, CWD)).toThrow(
      new ConfigError('--conventions: must be one of docusaurus, starlight, vitepress, mkdocs, mdbook, gitbook, hugo, plain, got "jekyll"'),
    );
    expect(() => loadConfig({}, {}, { nav: { Guides: 'g.md' } }, CWD)).toThrow(
      new ConfigError('sitegate.json: nav: must be a list of pages and sections, as MkDocs\' nav, got {"Guides":"g.md"}'),
    );
  });

  it('has the documented defaults', () => {
    expect(loadConfig({}, {}, {}, CWD)).toStrictEqual({
      contentDir: EXAMPLE_SITE_DIR,
      port: 3000,
      host: '127.0.0.1',
      baseUrl: 'http://127.0.0.1:3000',
      baseUrlExplicit: false,
      metricsPort: null,
      dataDir: DEFAULT_DATA_DIR,
      dataDirReason: `for the working folder ${CWD}`,
      dataDirWarning: null,
      configFile: null,
      logLevel: 'info',
      logFormat: null,
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
      branding: { logo: null, favicon: null, accentColor: null, theme: 'auto', editUrl: null },
      allowContentErrors: false,
      trustProxy: [],
      mcpAllowedOrigins: [],
      secret: null,
      auth: NO_SIGN_IN,
      auditRetentionDays: 90,
      analyticsEnabled: true,
      analyticsRetentionDays: 90,
      analyticsFlushSec: 10,
      conventions: undefined,
      nav: undefined,
      redirects: undefined,
      versions: undefined,
      staticDirs: null,
      htmlDir: null,
      upstream: null,
      inject: [],
      checkKnownMissing: [],
      checkIgnore: [],
    });
  });

  it('takes check.knownMissing from sitegate.json as decoded URL paths', () => {
    expect(
      loadConfig({}, {}, { check: { knownMissing: ['/img/a%20b.gif', '/.gitbook/assets/x.gif'] } }, CWD).checkKnownMissing,
    ).toStrictEqual(['/img/a b.gif', '/.gitbook/assets/x.gif']);
    expect(() => loadConfig({}, {}, { check: { knownMissing: ['img/a.gif'] } }, CWD)).toThrow(
      'sitegate.json: check.knownMissing: must be a list of URL paths, each starting with /, got ["img/a.gif"]',
    );
    expect(() => loadConfig({}, {}, { check: { knownMissing: ['/a/../b.gif'] } }, CWD)).toThrow(
      'check.knownMissing: "/a/../b.gif" is no URL path (malformed escape or a . or .. segment)',
    );
  });

  it('takes static folders from --static, else sitegate.json `static` (a path or a list), resolved against its folder', () => {
    const etc = path.resolve('/etc/site/sitegate.json');
    expect(loadConfig({ static: ['assets', '/srv/img'] }, {}, { static: 'ignored' }, CWD, etc).staticDirs).toStrictEqual([
      path.resolve(CWD, 'assets'),
      path.resolve('/srv/img'),
    ]);
    expect(loadConfig({}, {}, { static: 'public' }, CWD, etc).staticDirs).toStrictEqual([path.resolve('/etc/site/public')]);
    expect(loadConfig({}, {}, { static: ['a', 'b'] }, CWD).staticDirs).toStrictEqual([path.resolve(CWD, 'a'), path.resolve(CWD, 'b')]);
    expect(loadConfig({}, {}, {}, CWD).staticDirs).toBeNull();
    expect(() => loadConfig({}, {}, { static: [''] }, CWD)).toThrow(
      'sitegate.json: static: must be a folder path or a list of them, got [""]',
    );
    expect(() => loadConfig({}, {}, { static: [] }, CWD)).toThrow('sitegate.json: static: must be a folder path or a list of them, got []');
    expect(() => loadConfig({ static: [''] }, {}, {}, CWD)).toThrow('--static: must be a folder path or a list of them, got [""]');
  });

  it('chooses the data folder: flag, environment, file, else a folder of XDG_DATA_HOME named for the file, the content folder or here', () => {
    const dataDir = (flags: ConfigInput, env: Env, file: ConfigInput, filePath?: string): [string, string] => {
      const config = loadConfig(flags, { xdgDataHome: '/xdg', home: '/home/ada', ...env }, file, CWD, filePath);
      return [config.dataDir, config.dataDirReason];
    };
    const etc = path.resolve('/etc/site/sitegate.json');
    // On Linux `/xdg`; macOS and Windows ignore XDG_DATA_HOME (platform-data-home.test.ts has each rule).
    const xdg = platformDataHome({ platform: process.platform, home: '/home/ada', xdgDataHome: '/xdg' });
    expect([
      dataDir({ dataDir: 'd' }, { dataDir: 'e' }, { dataDir: 'f' }, etc),
      dataDir({}, { dataDir: 'e' }, { dataDir: 'f' }, etc),
      dataDir({}, {}, { dataDir: 'f' }, etc),
      dataDir({ contentDir: 'docs' }, {}, {}, etc),
      dataDir({ contentDir: 'docs/en' }, {}, {}),
      dataDir({}, { contentDir: '/var/www/docs' }, {}),
      dataDir({}, {}, {}),
      dataDir({}, { xdgDataHome: undefined }, {}),
    ]).toStrictEqual([
      [path.join(CWD, 'd'), 'from --data-dir'],
      [path.join(CWD, 'e'), 'from SITEGATE_DATA_DIR'],
      [path.resolve('/etc/site/f'), `from ${etc}: dataDir`],
      [path.join(xdg, 'sitegate/site-3b24a21a'), `for ${etc}`],
      [path.join(xdg, 'sitegate/docs-a44ba520'), `for the content folder ${path.join(CWD, 'docs/en')}`],
      [path.join(xdg, 'sitegate/www-a7d1f26a'), `for the content folder ${path.resolve('/var/www/docs')}`],
      [path.join(xdg, 'sitegate/site-3cd3201d'), `for the working folder ${CWD}`],
      [
        path.join(platformDataHome({ platform: process.platform, home: '/home/ada' }), 'sitegate/site-3cd3201d'),
        `for the working folder ${CWD}`,
      ],
    ]);
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
      new ConfigError('sitegate.json: audit.retentionDays: must be an integer from 1 to 36500, got 0'),
    );
  });

  it('takes analytics.* from the environment, then sitegate.json, and validates them', () => {
    const env = { analyticsEnabled: 'no', analyticsRetentionDays: '30', analyticsFlushSec: '2' };
    const file = { analytics: { enabled: true, retentionDays: 7, flushSec: 60 } };
    const fromEnv = loadConfig({}, env, file, CWD);
    expect([fromEnv.analyticsEnabled, fromEnv.analyticsRetentionDays, fromEnv.analyticsFlushSec]).toStrictEqual([false, 30, 2]);
    const fromFile = loadConfig({}, {}, { analytics: { enabled: false, retentionDays: 7, flushSec: 60 } }, CWD);
    expect([fromFile.analyticsEnabled, fromFile.analyticsRetentionDays, fromFile.analyticsFlushSec]).toStrictEqual([false, 7, 60]);
    expect(() => loadConfig({}, {}, { analytics: { enabled: 'off' } }, CWD)).toThrow(
      new ConfigError('sitegate.json: analytics.enabled: must be true or false, got "off"'),
    );
    expect(() => loadConfig({}, { analyticsFlushSec: '0' }, {}, CWD)).toThrow(
      new ConfigError('SITEGATE_ANALYTICS_FLUSH_SEC: must be an integer from 1 to 3600, got "0"'),
    );
  });

  describe('precedence: flags > environment > sitegate.json > defaults', () => {
    // [config field, flag/file input name, env name, flag value, env value, file value, expected for each]
    type Case = [keyof ConfigInput, unknown, unknown, unknown, string, unknown[]];
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
        [...['flag-data', 'env-data', 'file-data'].map((d) => path.join(CWD, d)), DEFAULT_DATA_DIR],
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
      ['watch', true, '0', true, 'watch', [true, false, true, false]],
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

  it('reads MCP origins from the repeated flag, the comma-separated variable or sitegate.json mcp.allowedOrigins, as origins', () => {
    const file = { mcp: { allowedOrigins: ['https://file.example'] } };
    expect(
      loadConfig({ mcpAllowedOrigin: ['HTTPS://App.Example.com:443', 'http://localhost:5173'] }, {}, file, CWD).mcpAllowedOrigins,
    ).toStrictEqual(['https://app.example.com', 'http://localhost:5173']);
    expect(loadConfig({}, { mcpAllowedOrigin: ' https://a.example , http://b.example:80 ' }, file, CWD).mcpAllowedOrigins).toStrictEqual([
      'https://a.example',
      'http://b.example',
    ]);
    expect(loadConfig({}, {}, file, CWD).mcpAllowedOrigins).toStrictEqual(['https://file.example']);
    const list = 'must hold http(s) origins like "https://app.example.com" (no path, no "null")';
    expect(() => loadConfig({ mcpAllowedOrigin: ['https://a.example/app'] }, {}, {}, CWD)).toThrow(
      `--mcp-allowed-origin: ${list}; "https://a.example/app" is none, got ["https://a.example/app"]`,
    );
    expect(() => loadConfig({}, { mcpAllowedOrigin: 'https://a.example,null' }, {}, CWD)).toThrow(
      `SITEGATE_MCP_ALLOWED_ORIGINS: ${list}; "null" is none, got "https://a.example,null"`,
    );
    expect(() => loadConfig({}, {}, { mcp: { allowedOrigins: ['*'] } }, CWD)).toThrow(
      `sitegate.json: mcp.allowedOrigins: ${list}; "*" is none, got ["*"]`,
    );
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

  describe('every invalid setting throws one ConfigError line naming where the value came from', () => {
    const list = 'a list of proxy addresses like ["10.0.0.0/8", "127.0.0.1"]';
    const proxies = 'must hold IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal';
    it.each<[string, ConfigInput, Env, ConfigInput]>([
      ['--port: must be an integer from 0 to 65535, got "abc"', { port: 'abc' }, {}, {}],
      ['--port: must be an integer from 0 to 65535, got "70000"', { port: '70000' }, {}, {}],
      ['--port: must be an integer from 0 to 65535, got -1', { port: -1 }, {}, {}],
      ['--port: must be an integer from 0 to 65535, got 80.5', { port: 80.5 }, {}, {}],
      ['PORT: must be an integer from 0 to 65535, got "3o00"', {}, { port: '3o00' }, {}],
      ['sitegate.json: port: must be an integer from 0 to 65535, got ""', {}, {}, { port: '' }],
      ['--host: must be a host name or IP address, got "bad host"', { host: 'bad host' }, {}, {}],
      ['SITEGATE_HOST: must be a host name or IP address, got "a/b"', {}, { host: 'a/b' }, {}],
      ['--base-url: must be an absolute URL, got "not a url"', { baseUrl: 'not a url' }, {}, {}],
      ['--base-url: must use http or https, got "ftp://example.com"', { baseUrl: 'ftp://example.com' }, {}, {}],
      [
        'SITEGATE_BASE_URL: must not carry a query, fragment or credentials, got "https://example.com/?q=1"',
        {},
        { baseUrl: 'https://example.com/?q=1' },
        {},
      ],
      [
        'sitegate.json: baseUrl: must not carry a query, fragment or credentials, got "https://example.com/#top"',
        {},
        {},
        { baseUrl: 'https://example.com/#top' },
      ],
      [
        '--base-url: must not carry a query, fragment or credentials, got "https://user:pass@example.com"',
        { baseUrl: 'https://user:pass@example.com' },
        {},
        {},
      ],
      ['--log-level: must be one of fatal, error, warn, info, debug, trace, silent, got "loud"', { logLevel: 'loud' }, {}, {}],
      ['sitegate.json: logLevel: must be one of fatal, error, warn, info, debug, trace, silent, got "INFO"', {}, {}, { logLevel: 'INFO' }],
      ['--log-format: must be one of pretty, json, got "text"', { logFormat: 'text' }, {}, {}],
      ['--token-ttl: must be an integer from 60 to 86400, got "59"', { tokenTtl: '59' }, {}, {}],
      ['SITEGATE_TOKEN_TTL: must be an integer from 60 to 86400, got "86401"', {}, { tokenTtl: '86401' }, {}],
      ['SITEGATE_TOKEN_TTL: must be an integer from 60 to 86400, got "1h"', {}, { tokenTtl: '1h' }, {}],
      ['sitegate.json: tokenTtl: must be an integer from 60 to 86400, got 3600.5', {}, {}, { tokenTtl: 3600.5 }],
      [
        '--content-signal: must be a list like "search=yes, ai-input=yes, ai-train=no", got "ai-train: no"',
        { contentSignal: 'ai-train: no' },
        {},
        {},
      ],
      ['--page-max-chars: must be 0 (serve every page whole) or at least 5000, got "4999"', { pageMaxChars: '4999' }, {}, {}],
      ['SITEGATE_PAGE_MAX_CHARS: must be an integer from 0 to 10000000, got "50k"', {}, { pageMaxChars: '50k' }, {}],
      ['sitegate.json: pageMaxChars: must be an integer from 0 to 10000000, got 10000001', {}, {}, { pageMaxChars: 10_000_001 }],
      [
        'SITEGATE_CONTENT_SIGNAL: must be a list like "search=yes, ai-input=yes, ai-train=no", got "search=maybe"',
        {},
        { contentSignal: 'search=maybe' },
        {},
      ],
      // URLs may hold passwords: never echoed.
      ['--database-url: must be a postgres:// or postgresql:// URL', { databaseUrl: 'mysql://u:secret@h/db' }, {}, {}],
      ['DATABASE_URL: must be a postgres:// or postgresql:// URL', {}, { databaseUrl: '/var/lib/db.sqlite' }, {}],
      ['REDIS_URL: must be a redis:// or rediss:// URL', {}, { redisUrl: 'http://127.0.0.1:6379' }, {}],
      ['--redis-key-prefix: must be 1 to 64 letters, digits or _ : . -, got "has space"', { redisKeyPrefix: 'has space' }, {}, {}],
      [
        `sitegate.json: redisKeyPrefix: must be 1 to 64 letters, digits or _ : . -, got "${'x'.repeat(65)}"`,
        {},
        {},
        { redisKeyPrefix: 'x'.repeat(65) },
      ],
      ['SITEGATE_WATCH: must be true or false, got "sometimes"', {}, { watch: 'sometimes' }, {}],
      ['sitegate.json: watch: must be true or false, got "yes"', {}, {}, { watch: 'yes' }],
      ['SITEGATE_DRAIN_TIMEOUT: must be an integer from 0 to 3600, got "10s"', {}, { drainTimeout: '10s' }, {}],
      ['--drain-timeout: must be an integer from 0 to 3600, got "3601"', { drainTimeout: '3601' }, {}, {}],
      ['--site-title: must be one line of 1 to 200 characters, got "  "', { siteTitle: '  ' }, {}, {}],
      ['sitegate.json: site.title: must be one line of 1 to 200 characters, got 42', {}, {}, { site: { title: 42 } }],
      ['SITEGATE_SITE_TITLE: must be one line of 1 to 200 characters, got "two\\nlines"', {}, { siteTitle: 'two\nlines' }, {}],
      ['SITEGATE_ALLOW_CONTENT_ERRORS: must be true or false, got "perhaps"', {}, { allowContentErrors: 'perhaps' }, {}],
      ['--accent-color: must be a CSS colour, e.g. "#0969da" or "rebeccapurple", got "#12"', { accentColor: '#12' }, {}, {}],
      [
        'sitegate.json: site.accentColor: must be a CSS colour, e.g. "#0969da" or "rebeccapurple", got "red;}body{x:y"',
        {},
        {},
        { site: { accentColor: 'red;}body{x:y' } },
      ],
      ['SITEGATE_THEME: must be one of "light", "dark", "auto", got "sepia"', {}, { theme: 'sepia' }, {}],
      ['sitegate.json: site.theme: must be one of "light", "dark", "auto", got 1', {}, {}, { site: { theme: 1 } }],
      ['--logo: must be an http(s) URL or a path in the content folder (no ".."), got "../secret.png"', { logo: '../secret.png' }, {}, {}],
      [
        'SITEGATE_FAVICON: must be an http(s) URL or a path in the content folder (no ".."), got "javascript:alert(1)"',
        {},
        { favicon: 'javascript:alert(1)' },
        {},
      ],
      [
        'sitegate.json: site.editUrl: must be an http(s) URL, e.g. "https://github.com/o/r/edit/main/docs/", got "ftp://x/"',
        {},
        {},
        { site: { editUrl: 'ftp://x/' } },
      ],
      [
        'sitegate.json: rateLimits.nope: unknown key (known: token, authFailures, clientFailures, search, clientMetadataFetches, clientRegistrations)',
        {},
        {},
        { rateLimits: { nope: { points: 1 } } as ConfigInput['rateLimits'] },
      ],
      [
        'sitegate.json: rateLimits.toString: unknown key (known: token, authFailures, clientFailures, search, clientMetadataFetches, clientRegistrations)',
        {},
        {},
        { rateLimits: { toString: { points: 1 } } as ConfigInput['rateLimits'] },
      ],
      [
        'sitegate.json: rateLimits.__proto__: unknown key (known: token, authFailures, clientFailures, search, clientMetadataFetches, clientRegistrations)',
        {},
        {},
        { rateLimits: JSON.parse('{ "__proto__": { "points": 1, "windowSec": 1 } }') as ConfigInput['rateLimits'] },
      ],
      ['sitegate.json: rateLimits.serch: unknown key (did you mean "rateLimits.search"?)', {}, {}, { rateLimits: { serch: {} } as never }],
      ['sitegate.json: rateLimits.search: must be an object, got null', {}, {}, { rateLimits: { search: null } as never }],
      ['sitegate.json: rateLimits.search: must be an object, got 5', {}, {}, { rateLimits: { search: 5 } as never }],
      ['sitegate.json: rateLimits.search: must be an object, got []', {}, {}, { rateLimits: { search: [] } as never }],
      ['sitegate.json: rateLimits.search: must be an object, got "fast"', {}, {}, { rateLimits: { search: 'fast' } as never }],
      [
        'sitegate.json: rateLimits.search.points: must be an integer from 0 to 1000000000, got -1',
        {},
        {},
        { rateLimits: { search: { points: -1 } } },
      ],
      [
        'sitegate.json: rateLimits.search.points: must be an integer from 0 to 1000000000, got "many"',
        {},
        {},
        { rateLimits: { search: { points: 'many' as unknown as number } } },
      ],
      [
        'sitegate.json: rateLimits.token.points: must be an integer from 0 to 1000000000, got 1.5',
        {},
        {},
        { rateLimits: { token: { points: 1.5 } } },
      ],
      [
        'sitegate.json: rateLimits.token.windowSec: must be an integer from 1 to 86400, got 0',
        {},
        {},
        { rateLimits: { token: { windowSec: 0 } } },
      ],
      [
        'sitegate.json: rateLimits.token.windowSec: must be an integer from 1 to 86400, got 86401',
        {},
        {},
        { rateLimits: { token: { windowSec: 86_401 } } },
      ],
      [`--trust-proxy: ${proxies}; "10.0.0.300" is none, got "10.0.0.300"`, { trustProxy: '10.0.0.300' }, {}, {}],
      [
        `SITEGATE_TRUST_PROXY: ${proxies}; "proxy.internal" is none, got "127.0.0.1,proxy.internal"`,
        {},
        { trustProxy: '127.0.0.1,proxy.internal' },
        {},
      ],
      [`sitegate.json: trustProxy: ${proxies}; "10.0.0.0/33" is none, got ["10.0.0.0/33"]`, {}, {}, { trustProxy: ['10.0.0.0/33'] }],
      [`sitegate.json: trustProxy: ${proxies}; "0.0.0.0/0" is none, got ["0.0.0.0/0"]`, {}, {}, { trustProxy: ['0.0.0.0/0'] }],
      [`sitegate.json: trustProxy: ${proxies}; "::1/129" is none, got ["::1/129"]`, {}, {}, { trustProxy: ['::1/129'] }],
      [`SITEGATE_TRUST_PROXY: ${proxies}; "" is none, got "127.0.0.1,,::1"`, {}, { trustProxy: '127.0.0.1,,::1' }, {}],
      [`sitegate.json: trustProxy: must be ${list}, got [10]`, {}, {}, { trustProxy: [10] as unknown as string[] }],
      [
        `sitegate.json: trustProxy: must be ${list}, got {"loopback":true}`,
        {},
        {},
        { trustProxy: { loopback: true } as unknown as string[] },
      ],
      [
        'sitegate.json: limits.maxUrlByte: unknown key (did you mean "limits.maxUrlBytes"?)',
        {},
        {},
        { limits: { maxUrlByte: 10 } as never },
      ],
      ['SITEGATE_REQUEST_TIMEOUT_MS: must be an integer from 100 to 3600000, got "-1"', {}, { requestTimeoutMs: '-1' }, {}],
      [
        'sitegate.json: limits.headersTimeoutMs: 40000 must not exceed limits.requestTimeoutMs (30000)',
        {},
        {},
        { limits: { headersTimeoutMs: 40_000 } },
      ],
      ['SITEGATE_MAX_URL_BYTES: 20000 must not exceed limits.maxHeaderBytes (16384)', {}, { maxUrlBytes: '20000' }, {}],
    ])('%s', (message, flags, env, file) => {
      const load = (): unknown => loadConfig(flags, env, file, CWD);
      expect(load).toThrow(new ConfigError(message));
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
    ['not JSON', '{ port: 4000 }', / not valid JSON \(/],
    ['an array', '[1, 2]', /: must hold a JSON object$/],
    ['null', 'null', /: must hold a JSON object$/],
    ['a string', '"port"', /: must hold a JSON object$/],
  ])('throws a ConfigError naming the file when it holds %s', (_label, text, message) => {
    writeFileSync(path.join(dir, 'sitegate.json'), text);
    expect(() => readConfigFile(dir)).toThrow(ConfigError);
    expect(() => readConfigFile(dir)).toThrow(`${path.join(dir, 'sitegate.json')}:`);
    expect(() => readConfigFile(dir)).toThrow(message);
  });
});

describe('readEnv', () => {
  it('reads the platform folders that place the default data folder', () => {
    expect(readEnv({ HOME: '/home/ada', XDG_DATA_HOME: '/xdg', LOCALAPPDATA: '', USER: 'ada' })).toStrictEqual({
      home: '/home/ada',
      xdgDataHome: '/xdg',
    });
    expect(readEnv({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' })).toStrictEqual({ localAppData: 'C:\\Users\\ada\\AppData\\Local' });
  });

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
      maxUrlBytes: '4096',
      requestTimeoutMs: '5000',
    });
  });

  it('treats empty values as unset, and PORT over SITEGATE_PORT', () => {
    expect(readEnv({ SITEGATE_HOST: '', SITEGATE_PORT: '5' })).toStrictEqual({ port: '5' });
    expect(readEnv({ PORT: '4', SITEGATE_PORT: '5' }).port).toBe('4');
    expect(readEnv({ PORT: '', SITEGATE_PORT: '5' }).port).toBe('5');
  });
});

describe('the redirects setting', () => {
  it('keys moved pages by their decoded path', () => {
    const config = loadConfig({}, {}, { redirects: { '/caf%C3%A9': '/new', '/old': 'https://example.org/x' } });
    expect([...(config.redirects ?? [])]).toStrictEqual([
      ['/café', '/new'],
      ['/old', 'https://example.org/x'],
    ]);
  });

  it.each([[{ old: '/new' }], [{ '/old': 'new' }], [{ '/a/../b': '/new' }]])('refuses %j, naming the setting', (redirects) => {
    expect(() => loadConfig({}, {}, { redirects })).toThrow(/redirects/);
  });
});
