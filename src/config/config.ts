/**
 * The typed, validated configuration. Precedence (DESIGN.md "Configuration"): CLI flags >
 * environment > `sitegate.json` > defaults. The settings, their names and defaults are listed once,
 * in settings.ts; `sitegate.json` is checked against the schema made from that list (schema.ts).
 * Every error names where the bad value came from: the flag, the variable, or the file and key.
 */
import type { AgentAuthSettings, ConfiguredClient } from '../oauth/settings.js';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import type { Env } from './env.js';
import { DEFAULT_RATE_LIMITS, type RateLimitConfig, type RateLimitName } from '../auth/rate-limits.js';
import { DEFAULT_LIMITS, limitConflict, type LimitName, type RequestLimits } from './limits.js';
import { SETTINGS, type LogLevel, type Setting } from './settings.js';
import { schemaProblem, shown, valueProblem } from './schema.js';
import { normalizeBaseUrl, serializedOrigin } from './checks.js';
import { chooseDataDir } from './data-dir.js';
import { ConfigError } from './errors.js';
import { decodeRequestPath } from '../content/paths.js';
import type { Generator } from '../content/conventions/types.js';
import type { VersionSetting } from '../content/conventions/index.js';
import type { InjectKind } from '../built/inject.js';
import type { Branding } from '../layout/branding.js';
import { DEFAULT_SESSION_IDLE_TTL_SEC, type AuthSettings, type GrantRule, type OidcSettings } from '../signin/settings.js';
import { sortScopes } from '../auth/scopes.js';

export { ConfigError } from './errors.js';
export { LOG_LEVELS, SECRET_MIN_CHARS, DEFAULT_AUDIT_RETENTION_DAYS, type LogLevel } from './settings.js';
export { PAGE_MAX_CHARS_MIN } from './checks.js';
export { readConfigFile } from './config-file.js';

/** `--log-format`: lines for people or JSON lines for collectors. */
export type LogFormat = 'pretty' | 'json';

/** The complete, validated configuration of one sitegate process. */
export interface Config {
  /** Absolute path of the folder of markdown pages. */
  contentDir: string;
  /** TCP port to listen on (0 = any free port). */
  port: number;
  /** Interface to bind, e.g. `127.0.0.1`. */
  host: string;
  /** Public origin (and optional path prefix) without a trailing slash, e.g. `https://docs.example.com`. */
  baseUrl: string;
  /** Port of the metrics listener (`/metrics`, readiness) on `host`; null = none (0 = any free port). */
  metricsPort: number | null;
  /**
   * Origin whose build people get in upstream mode (answers/upstream.ts): an absolute http(s) URL
   * without query, fragment or credentials, as given; null = sitegate renders the pages.
   */
  upstream: string | null;
  /** Whether baseUrl was given explicitly (else it follows the bound port). */
  baseUrlExplicit: boolean;
  /** Absolute path of the folder for mutable state (SQLite file, signing keys): {@link chooseDataDir}. */
  dataDir: string;
  /** Why that folder, for the operator: `from --data-dir`, `for /srv/site/sitegate.json`… */
  dataDirReason: string;
  /** One line to show the operator when the folder is an older `.sitegate/` inside the site's folder; null otherwise. */
  dataDirWarning: string | null;
  /** Absolute path of the settings file read (`sitegate.json`); null when none was: content may never read it. */
  configFile: string | null;
  logLevel: LogLevel;
  /** `pretty` (lines for people) or `json` (one object per line); null = pretty on a TTY, else json (log.ts). */
  logFormat: LogFormat | null;
  /** Lifetime of issued access tokens, in seconds. */
  tokenTtlSec: number;
  /** Rate-limit policies; `points: 0` turns one off. */
  rateLimits: RateLimitConfig;
  /** Content-Signal for robots.txt and markdown responses (contentsignals.org), e.g. `search=yes, ai-input=yes, ai-train=no`. */
  contentSignal: string;
  /** `postgres://…` URL of the store shared by replicas; null = SQLite in `dataDir`. */
  databaseUrl: string | null;
  /** `redis://…` URL of the rate-limit counters shared by replicas; null = this process's memory. */
  redisUrl: string | null;
  /** Prefix of every Redis key sitegate writes, e.g. `sitegate:` (several sites can share one Redis). */
  redisKeyPrefix: string;
  /** Rebuild the snapshot when the content folder changes (`serve --watch`). */
  watch: boolean;
  /** On SIGTERM, how long requests in flight may take to finish before their connections are closed (seconds). */
  drainTimeoutSec: number;
  /** Request size limits and connection timeouts (config/limits.ts). */
  limits: RequestLimits;
  /** Page limit in characters of markdown: longer pages are served in parts (docs/urls.md "Long pages"); 0 = off. */
  pageMaxChars: number;
  /** Site name everywhere (llms.txt, `<title>`, openapi.json, MCP); null = the public root page's title, else the folder name. */
  siteTitle: string | null;
  /** Site branding and page links (`site.logo`, `site.favicon`, `site.accentColor`, `site.theme`, `site.editUrl`); null = unset. */
  branding: Branding;
  /**
   * Start even when pages are held back because their frontmatter names `access` or `draft` but does
   * not parse (they stay unpublished and are logged); without it `serve` refuses to start (exit 2).
   */
  allowContentErrors: boolean;
  /**
   * Reverse proxies whose `X-Forwarded-For` names the client (http/client-address.ts): IP
   * addresses, CIDR ranges (`10.0.0.0/8`) and proxy-addr's names `loopback`, `linklocal`,
   * `uniquelocal`, validated. Empty (the default): the socket peer is the client.
   */
  trustProxy: string[];
  /**
   * Origins besides the base URL's whose pages may call `/mcp` (`mcp.allowedOrigins`), each as
   * checks.ts `serializedOrigin` writes it (`https://app.example.com`): answers/mcp-origin.ts.
   */
  mcpAllowedOrigins: string[];
  /**
   * Where the secret that seals signing keys comes from; null = generated into the data folder
   * (SQLite; PostgreSQL refuses to start). Never logged.
   */
  secret: SecretSource | null;
  /** People sign-in through the identity provider (`auth.*`, signin/settings.ts); `oidc: null` = off. */
  auth: AuthSettings;
  /** Audit events older than this many days are deleted (`audit.retentionDays`). */
  auditRetentionDays: number;
  /** Whether requests and zero-result searches are counted (`analytics.enabled`; analytics/). */
  analyticsEnabled: boolean;
  /** Daily analytics rows older than this many days are deleted (`analytics.retentionDays`; analytics/buckets.ts). */
  analyticsRetentionDays: number;
  /** How often counts are written to the store (seconds; `analytics.flushSec`). */
  analyticsFlushSec: number;
  /**
   * The generator whose conventions (nav order, labels, titles, unpublished files) apply, or
   * `plain` for none (content/conventions/); `undefined`: recognised from the content folder's files.
   */
  conventions: Generator | undefined;
  /** sitegate.json `nav`: the nav of a plain folder, in MkDocs' `nav` shape (content/conventions/mkdocs-nav.ts). */
  nav: unknown[] | undefined;
  /** sitegate.json `redirects`: moved pages, decoded URL path → URL path or absolute URL, answered with 308 (content/redirects.ts). */
  redirects: ReadonlyMap<string, string> | undefined;
  /** sitegate.json `versions`: one folder per docs version, exactly one current (config/versions-setting.ts, content/versions.ts). */
  versions: readonly VersionSetting[] | undefined;
  /**
   * Absolute paths of the static folders whose files are served at the site root (`--static`,
   * `static` in sitegate.json); null = the generators' folders found beside the content folder
   * (content/assets.ts `staticFoldersOf`).
   */
  staticDirs: string[] | null;
  /** Absolute path of the generator's build folder served to people (`--html`, issue 33; src/built/); null = sitegate's own HTML. */
  htmlDir: string | null;
  /** What is added to built pages (`inject`, src/built/inject.ts); empty = the bytes as built. */
  inject: readonly InjectKind[];
  /**
   * sitegate.json `check.knownMissing`: decoded URL paths of link targets the folder is known not to
   * hold (cli/check.ts counts links to them instead of reporting each); empty when unset.
   */
  checkKnownMissing: readonly string[];
  /** sitegate.json `check.ignore`: the rules of findings `check` counts as ignored (cli/check-ignore.ts); empty when unset. */
  checkIgnore: readonly CheckIgnoreRule[];
}

/** One `check.ignore` rule: a finding matches when it matches every field the rule gives. */
export interface CheckIgnoreRule {
  /** A kind of finding (cli/check-kinds.ts), e.g. `hugo-shortcode`. */
  kind?: string;
  /** A glob of the finding's file, relative to the content folder (`*` within a folder, `**` across). */
  file?: string;
  /** Text the finding's message holds (case-sensitive). */
  match?: string;
}

/** The secret behind the key-encryption key: the value itself (environment) or a file holding it. */
export type SecretSource = { from: 'SITEGATE_SECRET'; value: string } | { from: '--secret-file'; path: string };

/** Settings as given by CLI flags (commander's names, settings.ts `input`) or shaped as `sitegate.json`, unvalidated. */
export interface ConfigInput {
  contentDir?: string | undefined;
  port?: string | number | undefined;
  metricsPort?: string | number | undefined;
  host?: string | undefined;
  baseUrl?: string | undefined;
  upstream?: string | undefined;
  dataDir?: string | undefined;
  logLevel?: string | undefined;
  logFormat?: string | undefined;
  tokenTtl?: string | number | undefined;
  contentSignal?: string | undefined;
  databaseUrl?: string | undefined;
  redisUrl?: string | undefined;
  redisKeyPrefix?: string | undefined;
  watch?: string | boolean | undefined;
  drainTimeout?: string | number | undefined;
  pageMaxChars?: string | number | undefined;
  /** `--site-title`; in sitegate.json, `site.title`. */
  siteTitle?: string | undefined;
  /** sitegate.json's `site` object: `{ "title": "Acme Docs" }`. */
  site?: { title?: unknown; logo?: unknown; favicon?: unknown; accentColor?: unknown; theme?: unknown; editUrl?: unknown } | undefined;
  logo?: string | undefined;
  favicon?: string | undefined;
  accentColor?: string | undefined;
  theme?: string | undefined;
  editUrl?: string | undefined;
  allowContentErrors?: string | boolean | undefined;
  /** Per-limit overrides, e.g. `{ "search": { "points": 100, "windowSec": 60 } }` (sitegate.json only). */
  rateLimits?: Partial<Record<RateLimitName, Partial<{ points: number; windowSec: number }>>> | undefined;
  /** Request limits, e.g. `{ "maxUrlBytes": 4096 }` (sitegate.json only; see config/limits.ts). */
  limits?: Partial<RequestLimits> | undefined;
  /** Trusted proxies: a list (sitegate.json) or one comma-separated string (flag, environment). */
  trustProxy?: string | string[] | undefined;
  /** Origins allowed to call `/mcp`: `--mcp-allowed-origin` (repeatable), or one comma-separated string (environment). */
  mcpAllowedOrigin?: string | string[] | undefined;
  /** sitegate.json's `mcp`: `{ "allowedOrigins": ["https://app.example.com"] }`. */
  mcp?: { allowedOrigins?: string[] | undefined } | undefined;
  /** File holding the secret that seals signing keys (`--secret-file`, or `secretFile` in sitegate.json). */
  secretFile?: string | undefined;
  /** Audit settings, e.g. `{ "retentionDays": 90 }` (sitegate.json only). */
  audit?: { retentionDays?: string | number | undefined } | undefined;
  /** Analytics settings, e.g. `{ "enabled": false }` (sitegate.json; also SITEGATE_ANALYTICS*). */
  analytics?:
    | { enabled?: boolean | string | undefined; retentionDays?: string | number | undefined; flushSec?: string | number | undefined }
    | undefined;
  /** `--conventions NAME|plain`, or `conventions` in sitegate.json: one of GENERATORS (content/conventions/types.ts). */
  conventions?: string | undefined;
  /** sitegate.json's `nav`: `["index.md", { "Guides": ["guides/a.md"] }, { "Setup": "setup.md" }]`. */
  nav?: unknown;
  /** sitegate.json's `redirects`: `{ "/old": "/new" }`. */
  redirects?: Record<string, string> | undefined;
  /** sitegate.json's `versions`: `[{ "name": "2.x", "dir": "v2" }, { "name": "3.x", "dir": "v3", "current": true }]`. */
  versions?: VersionSetting[] | undefined;
  /** Static folders served at the site root: `--static DIR` (repeatable), or a path or list in sitegate.json. */
  static?: string | string[] | undefined;
  /** `--html DIR`, or `html` in sitegate.json: the generator's build folder. */
  html?: string | undefined;
  /** sitegate.json's `inject`: `["head-links"]`. */
  inject?: string[] | undefined;
  /** sitegate.json's `check`: `{ "knownMissing": ["/img/a.gif"] }`. */
  check?: { knownMissing?: string[] | undefined } | undefined;
  /** `--oidc-issuer` (also SITEGATE_OIDC_ISSUER); in sitegate.json, `auth.oidc.issuer`. */
  oidcIssuer?: string | undefined;
  /** SITEGATE_OIDC_CLIENT_ID; in sitegate.json, `auth.oidc.clientId`. */
  oidcClientId?: string | undefined;
  /** SITEGATE_OIDC_CLIENT_SECRET; in sitegate.json, `auth.oidc.clientSecret`. */
  oidcClientSecret?: string | undefined;
  /** SITEGATE_OIDC_CLIENT_SECRET_FILE; in sitegate.json, `auth.oidc.clientSecretFile`. */
  oidcClientSecretFile?: string | undefined;
  /** SITEGATE_OIDC_SCOPES (comma-separated); in sitegate.json, `auth.oidc.scopes`. */
  oidcScopes?: string | string[] | undefined;
  /** SITEGATE_SESSION_TTL (seconds); in sitegate.json, `auth.sessionTtl`. */
  sessionTtl?: string | number | undefined;
  /** SITEGATE_SESSION_IDLE_TTL (seconds); in sitegate.json, `auth.sessionIdleTtl`. */
  sessionIdleTtl?: string | number | undefined;
  /** SITEGATE_AUTO_SIGN_IN; in sitegate.json, `auth.autoSignIn`. */
  autoSignIn?: string | boolean | undefined;
  /** SITEGATE_CLIENT_ID_METADATA_DOCUMENTS; in sitegate.json, `auth.clientIdMetadataDocuments.enabled`. */
  clientIdMetadataDocuments?: string | boolean | undefined;
  /** SITEGATE_CLIENT_ID_METADATA_DOCUMENTS_ALLOW_PRIVATE_ADDRESSES; in sitegate.json, `auth.clientIdMetadataDocuments.allowPrivateAddresses`. */
  clientIdMetadataDocumentsAllowPrivateAddresses?: string | boolean | undefined;
  /** SITEGATE_DYNAMIC_CLIENT_REGISTRATION; in sitegate.json, `auth.dynamicClientRegistration`. */
  dynamicClientRegistration?: string | boolean | undefined;
  /** SITEGATE_REFRESH_TOKEN_TTL (seconds); in sitegate.json, `auth.refreshTokenTtl`. */
  refreshTokenTtl?: string | number | undefined;
  /**
   * sitegate.json's `auth` (signin/settings.ts): `{ "oidc": { "issuer": "https://login.example.com",
   * "clientId": "docs" }, "grants": [{ "claim": "groups", "anyOf": ["staff"], "scopes": ["content:read"] }] }`.
   */
  auth?:
    | {
        oidc?: { issuer?: unknown; clientId?: unknown; clientSecret?: unknown; clientSecretFile?: unknown; scopes?: unknown } | undefined;
        grants?: unknown;
        sessionTtl?: unknown;
        sessionIdleTtl?: unknown;
        autoSignIn?: unknown;
        clientIdMetadataDocuments?: { enabled?: unknown; allowPrivateAddresses?: unknown } | undefined;
        dynamicClientRegistration?: unknown;
        clients?: unknown;
        refreshTokenTtl?: unknown;
      }
    | undefined;
}

/** The bundled example site, served when no folder is given. */
export const EXAMPLE_SITE_DIR = fileURLToPath(new URL('../../examples/site', import.meta.url));

/** One setting's value and where it came from. */
interface Given {
  value: unknown;
  /** For messages: `--port`, `PORT`, `/srv/site/sitegate.json: port`, or `default`. */
  source: string;
  /** Folder relative paths are resolved against (the working folder, or the file's). */
  base: string;
}

/**
 * Merges flags, environment and file settings over the defaults and validates the result.
 * @param flags settings from the command line (highest precedence), by settings.ts `input` name
 * @param env settings from {@link readEnv}
 * @param file settings shaped as `sitegate.json` (from {@link readConfigFile}); checked against the schema
 * @param cwd directory relative paths of flags and the environment are resolved against
 * @param filePath the file `file` was read from: named in errors, its folder resolves the file's relative
 *   paths and holds the default data folder; undefined when there is no file
 * @throws {ConfigError} naming the first invalid setting and its source, e.g.
 *   `/srv/site/sitegate.json: prot: unknown key (did you mean "port"?)`
 */
export function loadConfig(flags: ConfigInput, env: Env, file: ConfigInput = {}, cwd = process.cwd(), filePath?: string): Config {
  const fileLabel = filePath ?? 'sitegate.json';
  const problem = schemaProblem(file);
  if (problem !== undefined) throw new ConfigError(`${fileLabel}: ${problem}`);
  const fileBase = filePath === undefined ? cwd : path.dirname(filePath);
  const given = new Map<string, Given>();
  for (const setting of SETTINGS) {
    const found = pick(setting, flags as Record<string, unknown>, env, file, { cwd, fileBase, fileLabel });
    if (found !== undefined) given.set(setting.key, found);
  }
  // The settings list validated each value against its schema: the cast names the type that schema gives.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
  const value = <T>(key: string): T => given.get(key)?.value as T;
  const dir = (key: string): string | undefined => {
    const entry = given.get(key);
    return entry === undefined ? undefined : path.resolve(entry.base, entry.value as string);
  };
  const contentDir = dir('contentDir');
  const port = value<number>('port');
  const host = value<string>('host');
  const explicitBase = value<string | undefined>('baseUrl');
  const dataDir = chooseDataDir(
    given.has('dataDir') ? { dir: dir('dataDir') ?? '', source: given.get('dataDir')?.source ?? '' } : undefined,
    {
      configFile: filePath === undefined ? undefined : path.resolve(cwd, filePath),
      contentDir,
      cwd: path.resolve(cwd),
      folders: { platform: process.platform, home: env.home ?? homedir(), xdgDataHome: env.xdgDataHome, localAppData: env.localAppData },
    },
  );
  const siteTitle = value<string | undefined>('site.title');
  const limits = Object.fromEntries((Object.keys(DEFAULT_LIMITS) as LimitName[]).map((name) => [name, value<number>(`limits.${name}`)]));
  const limitSource = (name: LimitName): string => {
    const source = given.get(`limits.${name}`)?.source;
    return source === undefined || source === 'default' ? `limits.${name}` : source;
  };
  const conflict = limitConflict(limits as unknown as RequestLimits, limitSource);
  if (conflict !== undefined) throw new ConfigError(conflict);
  // People get either the build from the folder or the origin's (issue 33), never both.
  if (given.has('html') && given.has('upstream'))
    throw new ConfigError(
      'html and upstream cannot both be set: serve the build folder (html) or proxy to the origin that serves it (upstream)',
    );
  // `static` may be a list, which `dir` does not resolve.
  const staticEntry = given.get('static');
  const staticDirs =
    staticEntry === undefined ? null : [staticEntry.value as string | string[]].flat().map((d) => path.resolve(staticEntry.base, d));
  return {
    contentDir: contentDir ?? EXAMPLE_SITE_DIR,
    staticDirs,
    htmlDir: dir('html') ?? null,
    inject: value<InjectKind[]>('inject'),
    port,
    host,
    baseUrl: normalizeBaseUrl(explicitBase ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`),
    baseUrlExplicit: explicitBase !== undefined,
    upstream: value<string | undefined>('upstream') ?? null,
    metricsPort: value<number | undefined>('metricsPort') ?? null,
    dataDir: dataDir.dir,
    dataDirReason: dataDir.reason,
    dataDirWarning: dataDir.warning,
    configFile: filePath === undefined ? null : path.resolve(cwd, filePath),
    logLevel: value('logLevel'),
    logFormat: value<LogFormat | undefined>('logFormat') ?? null,
    tokenTtlSec: value('tokenTtl'),
    rateLimits: Object.fromEntries(
      Object.keys(DEFAULT_RATE_LIMITS).map((name) => [
        name,
        { points: value<number>(`rateLimits.${name}.points`), windowSec: value<number>(`rateLimits.${name}.windowSec`) },
      ]),
    ) as RateLimitConfig,
    contentSignal: value('contentSignal'),
    databaseUrl: value<string | undefined>('databaseUrl') ?? null,
    redisUrl: value<string | undefined>('redisUrl') ?? null,
    redisKeyPrefix: value('redisKeyPrefix'),
    watch: value('watch'),
    drainTimeoutSec: value('drainTimeout'),
    limits: limits as unknown as RequestLimits,
    pageMaxChars: value('pageMaxChars'),
    siteTitle: siteTitle === undefined ? null : siteTitle.trim(),
    branding: {
      logo: value<string | undefined>('site.logo')?.trim() ?? null,
      favicon: value<string | undefined>('site.favicon')?.trim() ?? null,
      accentColor: value<string | undefined>('site.accentColor')?.trim() ?? null,
      theme: value('site.theme'),
      editUrl: value<string | undefined>('site.editUrl')?.trim() ?? null,
    },
    allowContentErrors: value('allowContentErrors'),
    trustProxy: value<string[]>('trustProxy').map((entry) => entry.trim()),
    mcpAllowedOrigins: value<string[]>('mcp.allowedOrigins').map((entry) => serializedOrigin(entry.trim()) as string),
    secret: secretSource(given.get('secretFile'), given.get('secret'), dir('secretFile')),
    auth: authSettingsOf(given, dir('auth.oidc.clientSecretFile')),
    auditRetentionDays: value('audit.retentionDays'),
    analyticsEnabled: value('analytics.enabled'),
    analyticsRetentionDays: value('analytics.retentionDays'),
    analyticsFlushSec: value('analytics.flushSec'),
    conventions: value<Generator | undefined>('conventions'),
    nav: value<unknown[] | undefined>('nav'),
    redirects: redirectsOf(value<Record<string, string> | undefined>('redirects')),
    versions: value<VersionSetting[] | undefined>('versions'),
    checkKnownMissing: knownMissingOf(value<string[] | undefined>('check.knownMissing')),
    checkIgnore: value<CheckIgnoreRule[] | undefined>('check.ignore') ?? [],
  };
}

/** Where the paths of flags and the environment, and those of the file, are relative to, and the file's name for messages. */
interface Origins {
  cwd: string;
  fileBase: string;
  fileLabel: string;
}

/**
 * A setting's value from the first source that gives it (flag, environment, file, default),
 * converted and validated.
 * @throws {ConfigError} naming that source
 */
function pick(setting: Setting, flags: Record<string, unknown>, env: Env, file: unknown, origins: Origins): Given | undefined {
  const candidates: [unknown, string, string][] = [
    [flags[setting.input], setting.flag ?? setting.input, origins.cwd],
    [env[setting.input], setting.env ?? setting.input, origins.cwd],
    [setting.file === false ? undefined : readKey(file, setting.key), `${origins.fileLabel}: ${setting.key}`, origins.fileBase],
  ];
  const found = candidates.find(([value]) => value !== undefined);
  if (found === undefined)
    return setting.default === undefined ? undefined : { value: setting.default, source: 'default', base: origins.cwd };
  const [raw, source, base] = found;
  const value = typeof raw === 'string' ? fromString(setting, raw) : raw;
  const got = setting.sensitive === true ? '' : `, got ${shown(raw)}`;
  const problem = valueProblem(setting, value);
  if (problem !== undefined) {
    const explained = setting.explain?.(value);
    if (explained !== undefined) throw new ConfigError(`${source}${explained.path}: ${explained.problem}`);
    throw new ConfigError(`${source}: ${problem}${got}`);
  }
  const ruleProblem = setting.check?.(value as never);
  if (typeof ruleProblem === 'object') throw new ConfigError(`${source}${ruleProblem.path}: ${ruleProblem.problem}`);
  if (ruleProblem !== undefined) throw new ConfigError(`${source}: ${ruleProblem}${got}`);
  return { value, source, base };
}

/** A flag's or variable's string as the schema's type: integers, booleans (1/0, true/false, yes/no), comma-separated lists. */
function fromString(setting: Setting, raw: string): unknown {
  const type = (setting.schema as { type?: string }).type;
  if (type === 'integer') return /^-?\d+$/.test(raw) ? Number(raw) : raw;
  if (type === 'boolean') return /^(1|true|yes)$/i.test(raw) ? true : /^(0|false|no)$/i.test(raw) ? false : raw;
  if (type === 'array') return raw.split(',').map((item) => item.trim());
  return raw;
}

function readKey(settings: unknown, key: string): unknown {
  let node = settings;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** The secret's source: `--secret-file` > `SITEGATE_SECRET` > `secretFile` in sitegate.json. */
function secretSource(file: Given | undefined, secret: Given | undefined, filePath: string | undefined): SecretSource | null {
  if (file !== undefined && filePath !== undefined && file.source.startsWith('--')) return { from: '--secret-file', path: filePath };
  if (secret !== undefined) return { from: 'SITEGATE_SECRET', value: (secret.value as string).trim() };
  if (filePath !== undefined) return { from: '--secret-file', path: filePath };
  return null;
}

/**
 * The `auth` settings (signin/settings.ts `AuthSettings`) from the values {@link pick} validated one
 * by one, and the rules between them. Sign-in is on when `auth.oidc.issuer` is given. The client
 * secret comes from `auth.oidc.clientSecret` (trimmed) or the file `auth.oidc.clientSecretFile`
 * names (its content, trimmed), never both. The idle lifetime defaults to the smaller of
 * {@link DEFAULT_SESSION_IDLE_TTL_SEC} and the absolute one.
 * @param given the validated settings by key, with their sources
 * @param secretFile the absolute path of `auth.oidc.clientSecretFile`, when given
 * @throws {ConfigError} naming the source of the value that breaks a rule: an issuer without a
 *   client id, another `auth.oidc.*` without an issuer, both secret sources, a secret file that cannot be
 *   read or is empty, no grants with an issuer, grants or `autoSignIn` without one, an idle lifetime
 *   longer than the absolute one. The client secret never appears in a message.
 */
function authSettingsOf(given: ReadonlyMap<string, Given>, secretFile: string | undefined): AuthSettings {
  const explicit = (key: string): Given | undefined => {
    const entry = given.get(key);
    return entry === undefined || entry.source === 'default' ? undefined : entry;
  };
  const sourceOf = (key: string): string => explicit(key)?.source ?? key;
  const issuer = explicit('auth.oidc.issuer');
  const grantsGiven = explicit('auth.grants');
  const grants = ((grantsGiven?.value ?? []) as GrantRule[]).map((grant): GrantRule => ({
    claim: grant.claim,
    ...(grant.anyOf === undefined ? {} : { anyOf: [...grant.anyOf] }),
    ...(grant.endsWith === undefined ? {} : { endsWith: [...grant.endsWith] }),
    scopes: sortScopes(grant.scopes),
  }));
  let oidc: OidcSettings | null = null;
  if (issuer === undefined) {
    const other = ['auth.oidc.clientId', 'auth.oidc.clientSecret', 'auth.oidc.clientSecretFile', 'auth.oidc.scopes'].find(
      (key) => explicit(key) !== undefined,
    );
    if (other !== undefined)
      throw new ConfigError(`${sourceOf(other)}: needs auth.oidc.issuer (--oidc-issuer, SITEGATE_OIDC_ISSUER) to sign people in with`);
    if (grants.length > 0) throw new ConfigError(`${sourceOf('auth.grants')}: auth.grants needs auth.oidc (an issuer and a client id)`);
    if (explicit('auth.autoSignIn')?.value === true)
      throw new ConfigError(`${sourceOf('auth.autoSignIn')}: auth.autoSignIn needs auth.oidc`);
  } else {
    const clientId = explicit('auth.oidc.clientId');
    if (clientId === undefined)
      throw new ConfigError(
        `${issuer.source}: needs auth.oidc.clientId too (SITEGATE_OIDC_CLIENT_ID), sitegate's client_id at the provider`,
      );
    const secret = explicit('auth.oidc.clientSecret');
    const file = explicit('auth.oidc.clientSecretFile');
    if (secret !== undefined && file !== undefined)
      throw new ConfigError(`${secret.source} and ${file.source}: give the client secret or a file holding it, not both`);
    if (grants.length === 0)
      throw new ConfigError(`${sourceOf('auth.grants')}: no grants, so nobody could sign in (auth.oidc is set by ${issuer.source})`);
    oidc = {
      issuer: issuer.value as string,
      clientId: clientId.value as string,
      clientSecret:
        secret !== undefined
          ? (secret.value as string).trim()
          : file !== undefined && secretFile !== undefined
            ? readClientSecret(secretFile, file.source)
            : null,
      scopes: [...new Set(given.get('auth.oidc.scopes')?.value as string[])],
    };
  }
  const sessionTtlSec = given.get('auth.sessionTtl')?.value as number;
  const idle = explicit('auth.sessionIdleTtl');
  if (idle !== undefined && (idle.value as number) > sessionTtlSec)
    throw new ConfigError(
      `${idle.source}: must be at most auth.sessionTtl (${sessionTtlSec}${explicit('auth.sessionTtl') === undefined ? ', the default' : ` from ${sourceOf('auth.sessionTtl')}`}), got ${shown(idle.value)}`,
    );
  return {
    oidc,
    grants,
    sessionTtlSec,
    sessionIdleTtlSec: idle === undefined ? Math.min(DEFAULT_SESSION_IDLE_TTL_SEC, sessionTtlSec) : (idle.value as number),
    autoSignIn: given.get('auth.autoSignIn')?.value as boolean,
    agents: agentAuthOf(given, oidc !== null),
  };
}

/**
 * The authorization server for agents (oauth/settings.ts `AgentAuthSettings`) from the validated
 * `auth.clientIdMetadataDocuments.*`, `auth.dynamicClientRegistration`, `auth.clients` and
 * `auth.refreshTokenTtl`.
 * @param given the validated settings by key, with their sources (defaults included)
 * @param signIn whether `auth.oidc` is set: agents act for a signed-in person, so clients the
 *   operator lists, or lets register, without it are a mistake
 * @throws {ConfigError} naming the source of `auth.clients` or `auth.dynamicClientRegistration: true` without `auth.oidc`
 */
function agentAuthOf(given: ReadonlyMap<string, Given>, signIn: boolean): AgentAuthSettings {
  const clients = given.get('auth.clients');
  const registration = given.get('auth.dynamicClientRegistration');
  if (!signIn) {
    if (clients !== undefined)
      throw new ConfigError(`${clients.source}: auth.clients needs auth.oidc (agents act for a person who signs in)`);
    if (registration?.value === true)
      throw new ConfigError(
        `${registration.source}: auth.dynamicClientRegistration needs auth.oidc (agents act for a person who signs in)`,
      );
  }
  return {
    clientIdMetadataDocuments: {
      enabled: given.get('auth.clientIdMetadataDocuments.enabled')?.value as boolean,
      allowPrivateAddresses: given.get('auth.clientIdMetadataDocuments.allowPrivateAddresses')?.value as boolean,
    },
    dynamicClientRegistration: registration?.value as boolean,
    clients: ((clients?.value ?? []) as ConfiguredClient[]).map((client) => ({
      clientId: client.clientId,
      name: client.name.trim(),
      redirectUris: [...client.redirectUris],
    })),
    refreshTokenTtlSec: given.get('auth.refreshTokenTtl')?.value as number,
  };
}

/**
 * The client secret held in a file: its content, trimmed.
 * @param file absolute path
 * @param source the setting that names it, for messages
 * @throws {ConfigError} naming the setting and the file when it cannot be read or holds only spaces
 *   (the message carries the system's error code, never the content)
 */
function readClientSecret(file: string, source: string): string {
  let content: string;
  try {
    content = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new ConfigError(`${source}: cannot read the client secret file ${file} (${code})`);
  }
  const secret = content.trim();
  if (secret === '') throw new ConfigError(`${source}: the client secret file ${file} is empty`);
  return secret;
}

/**
 * The `redirects` setting as a map by decoded URL path (`/caf%C3%A9` and `/café` are one key); a
 * `from` that does not decode (content/paths.ts `decodeRequestPath`) is a config error.
 * @throws {ConfigError} naming the setting
 */
function redirectsOf(given: Record<string, string> | undefined): ReadonlyMap<string, string> | undefined {
  if (given === undefined) return undefined;
  const redirects = new Map<string, string>();
  for (const [from, to] of Object.entries(given)) {
    const key = decodeRequestPath(from);
    if (key === undefined) throw new ConfigError(`redirects: "${from}" is no URL path (malformed escape or a . or .. segment)`);
    redirects.set(key, to);
  }
  return redirects;
}

/**
 * The `check.knownMissing` setting as decoded URL paths (`/a%20b.gif` and `/a b.gif` are one entry).
 * @throws {ConfigError} for an entry that is no URL path (malformed escape, a `.` or `..` segment)
 */
function knownMissingOf(given: readonly string[] | undefined): readonly string[] {
  return (given ?? []).map((entry) => {
    const key = decodeRequestPath(entry);
    if (key === undefined) throw new ConfigError(`check.knownMissing: "${entry}" is no URL path (malformed escape or a . or .. segment)`);
    return key;
  });
}
