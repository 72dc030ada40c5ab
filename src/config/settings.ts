/**
 * Every setting of sitegate, once: its `sitegate.json` key, flag, environment variable, JSON Schema,
 * default and description. The published `sitegate.schema.json` (schema.ts), the settings page's
 * table (settings-table.ts) and the loader (config.ts) are all made from this list.
 *
 * Adding a setting is one entry in {@link SETTINGS} (and its field in `Config`, config.ts).
 */
import type { SchemaObject } from 'ajv';
import { DEFAULT_RATE_LIMITS, type RateLimitName } from '../auth/rate-limits.js';
import { DEFAULT_TOKEN_TTL_SEC } from '../auth/access-tokens.js';
import { DEFAULT_CONTENT_SIGNAL } from '../discovery/robots.js';
import { AGENT_PAGE_MAX_CHARS } from '../content/page.js';
import { DEFAULT_LIMITS, LIMIT_DESCRIPTIONS, LIMIT_ENV_NAMES, LIMIT_RANGES, type LimitName } from './limits.js';
import { GENERATORS } from '../content/conventions/types.js';
import { INJECT_KINDS } from '../built/inject.js';
import { SCOPES } from '../auth/scopes.js';
import {
  DEFAULT_OIDC_SCOPES,
  DEFAULT_SESSION_IDLE_TTL_SEC,
  DEFAULT_SESSION_TTL_SEC,
  SESSION_TTL_MAX_SEC,
  SESSION_TTL_MIN_SEC,
} from '../signin/settings.js';
import { DEFAULT_REFRESH_TOKEN_TTL_SEC } from '../oauth/settings.js';
import { CLIENT_SCHEMA, explainClients } from './client-checks.js';
import { VERSIONS_SCHEMA, explainVersions } from './versions-setting.js';
import {
  checkBaseUrl,
  checkCssColor,
  checkEditUrl,
  checkImageRef,
  checkIssuer,
  checkOidcScopes,
  checkOrigins,
  checkPageMaxChars,
  checkSiteTitle,
  checkTrustProxy,
  explainGrants,
  type ValueProblem,
} from './checks.js';

/** Log levels accepted by `--log-level` / `SITEGATE_LOG_LEVEL` (pino's). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Shortest secret accepted (characters): 32 characters of base64 carry 192 bits. */
export const SECRET_MIN_CHARS = 32;
/** Default of `audit.retentionDays`. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 90;
/** Default of `analytics.retentionDays`. */
export const DEFAULT_ANALYTICS_RETENTION_DAYS = 90;
/** Default of `analytics.flushSec`. */
export const DEFAULT_ANALYTICS_FLUSH_SEC = 10;

/** One setting. */
export interface Setting {
  /** Key path in `sitegate.json`, dotted for nested objects: `port`, `site.title`, `limits.maxUrlBytes`. */
  key: string;
  /** Name in the flags and environment objects (commander's camelCase of the flag), e.g. `siteTitle`. */
  input: string;
  /** Command-line flag, e.g. `--port`; none for file-only settings. */
  flag?: string;
  /** Environment variable, e.g. `SITEGATE_HOST`. */
  env?: string;
  /** False: not read from `sitegate.json` (the secret itself never sits in a file sitegate reads as config). */
  file?: false;
  /** JSON Schema (draft-07) of the value in `sitegate.json`; flag and environment strings are converted to its type first. */
  schema: SchemaObject;
  /** Value when the setting is not given; omitted = unset (the loader decides). */
  default?: unknown;
  /** The settings page's words for a default the loader computes. */
  defaultText?: string;
  /** "must be …" words for an invalid value, when the schema's keywords say it badly. */
  expect?: string;
  /**
   * A rule the schema cannot state: returns what is wrong ("must be …"), or where in the value and
   * what (lists of objects: `auth.clients[0].redirectUris[1]`), or undefined.
   */
  check?: (value: never) => string | ValueProblem | undefined;
  /**
   * For a value the schema refused (any JSON value): where in it the problem is and what it is, more
   * precisely than {@link expect}'s one line (lists of objects: `auth.grants[1].scopes[0]: …`).
   */
  explain?: (value: unknown) => ValueProblem | undefined;
  /** A path: relative values are resolved against the working folder (flag, environment) or the file's folder. */
  path?: true;
  /** Never echoed in error messages (URLs with passwords, secrets). */
  sensitive?: true;
  /** One line for the settings table (docs/settings.md) and the schema's `description` (editors show it). */
  description: string;
}

const integer = (minimum: number, maximum: number): SchemaObject => ({ type: 'integer', minimum, maximum });
const boolean: SchemaObject = { type: 'boolean' };
const text: SchemaObject = { type: 'string', minLength: 1 };
/** A non-empty list of non-empty strings. */
const textList: SchemaObject = { type: 'array', items: text, minItems: 1 };

/** One grant rule of `auth.grants` (signin/settings.ts `GrantRule`): a claim, exactly one test, the scopes it gives. */
const grantSchema: SchemaObject = {
  type: 'object',
  additionalProperties: false,
  required: ['claim', 'scopes'],
  properties: {
    $comment: { type: 'string', description: 'A note for people; sitegate ignores it.' },
    claim: { ...text, description: 'Name of the claim tested, from the ID token or userinfo (e.g. groups, email).' },
    anyOf: { ...textList, description: 'The claim, or any item of a list claim, equals one of these.' },
    endsWith: { ...textList, description: 'The string claim ends with one of these, compared without letter case (e-mail domains).' },
    scopes: {
      type: 'array',
      items: { type: 'string', enum: [...SCOPES] },
      minItems: 1,
      description: 'Scopes a person whose claim passes the test gets.',
    },
  },
  // Exactly one test (ajv's strict mode wants each required key defined beside its `required`).
  oneOf: [
    { required: ['anyOf'], properties: { anyOf: true } },
    { required: ['endsWith'], properties: { endsWith: true } },
  ],
};

/** Shortest agent grant lifetime (`auth.refreshTokenTtl`, seconds): 1 hour. */
export const REFRESH_TOKEN_TTL_MIN_SEC = 60 * 60;
/** Longest agent grant lifetime (`auth.refreshTokenTtl`, seconds): 365 days. */
export const REFRESH_TOKEN_TTL_MAX_SEC = 365 * 24 * 60 * 60;

/**
 * The settings of the authorization server for agents (issue 30, oauth/settings.ts `AgentAuthSettings`):
 * how agents' clients are known (metadata documents, RFC 7591 registration, configured) and how long a grant lives.
 */
const agentSettings: Setting[] = [
  {
    key: 'auth.clientIdMetadataDocuments.enabled',
    input: 'clientIdMetadataDocuments',
    env: 'SITEGATE_CLIENT_ID_METADATA_DOCUMENTS',
    schema: boolean,
    default: true,
    description:
      'Agents may name themselves by an https URL whose JSON describes them (Client ID Metadata Documents, as Claude and VS Code do); sitegate fetches it from public addresses only.',
  },
  {
    key: 'auth.clientIdMetadataDocuments.allowPrivateAddresses',
    input: 'clientIdMetadataDocumentsAllowPrivateAddresses',
    env: 'SITEGATE_CLIENT_ID_METADATA_DOCUMENTS_ALLOW_PRIVATE_ADDRESSES',
    schema: boolean,
    default: false,
    description:
      'Also fetch client metadata documents from private, loopback and other non-public addresses (private networks, tests); add their CA with `NODE_EXTRA_CA_CERTS`.',
  },
  {
    key: 'auth.dynamicClientRegistration',
    input: 'dynamicClientRegistration',
    env: 'SITEGATE_DYNAMIC_CLIENT_REGISTRATION',
    schema: boolean,
    default: false,
    description:
      'Let agents register themselves (RFC 7591, `POST /api/v1/oauth/register`), for clients that know no metadata documents; each registration is audited.',
  },
  {
    key: 'auth.clients',
    input: 'authClients',
    schema: { type: 'array', items: CLIENT_SCHEMA },
    expect: 'a list of clients like {"clientId": "my-agent", "name": "My Agent", "redirectUris": ["http://127.0.0.1/callback"]}',
    explain: explainClients,
    check: (value: unknown[]) => explainClients(value),
    defaultText: 'none',
    description:
      'Agents registered by the operator: `{"clientId", "name", "redirectUris"}`, public clients (PKCE); an http redirect URI on 127.0.0.1, [::1] or localhost matches any port.',
  },
  {
    key: 'auth.refreshTokenTtl',
    input: 'refreshTokenTtl',
    env: 'SITEGATE_REFRESH_TOKEN_TTL',
    schema: integer(REFRESH_TOKEN_TTL_MIN_SEC, REFRESH_TOKEN_TTL_MAX_SEC),
    default: DEFAULT_REFRESH_TOKEN_TTL_SEC,
    description: "An agent's authorization (its refresh tokens) ends this many seconds after the person gave it.",
  },
];

/** The sign-in settings (issue 29): `auth.oidc.*`, `auth.grants`, the session lifetimes, `auth.autoSignIn`. */
const authSettings: Setting[] = [
  {
    key: 'auth.oidc.issuer',
    input: 'oidcIssuer',
    flag: '--oidc-issuer',
    env: 'SITEGATE_OIDC_ISSUER',
    schema: { type: 'string', pattern: '^\\S+$' },
    expect: 'an absolute https URL',
    check: checkIssuer,
    defaultText: 'none: sign-in is off',
    description:
      'OpenID Connect provider people sign in with: its issuer exactly as published (`https:`; `http:` on loopback only). Register `{baseUrl}/_sitegate/callback` there as redirect URI.',
  },
  {
    key: 'auth.oidc.clientId',
    input: 'oidcClientId',
    env: 'SITEGATE_OIDC_CLIENT_ID',
    schema: text,
    defaultText: 'none (required with an issuer)',
    description: "sitegate's client_id at the provider.",
  },
  {
    key: 'auth.oidc.clientSecret',
    input: 'oidcClientSecret',
    env: 'SITEGATE_OIDC_CLIENT_SECRET',
    schema: { type: 'string', pattern: '\\S' },
    expect: 'a non-empty string',
    sensitive: true,
    defaultText: 'none: a public client (PKCE only)',
    description: "sitegate's client secret at the provider (surrounding spaces are trimmed); not with `auth.oidc.clientSecretFile`.",
  },
  {
    key: 'auth.oidc.clientSecretFile',
    input: 'oidcClientSecretFile',
    env: 'SITEGATE_OIDC_CLIENT_SECRET_FILE',
    schema: text,
    path: true,
    defaultText: 'none',
    description: 'File holding the client secret (its content, trimmed); not with `auth.oidc.clientSecret`.',
  },
  {
    key: 'auth.oidc.scopes',
    input: 'oidcScopes',
    env: 'SITEGATE_OIDC_SCOPES',
    // scope-token of RFC 6749 §3.3: %x21 / %x23-5B / %x5D-7E.
    schema: { type: 'array', items: { type: 'string', pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' }, minItems: 1 },
    expect: 'a list of OAuth scope names like ["openid", "profile", "email"]',
    check: checkOidcScopes,
    default: [...DEFAULT_OIDC_SCOPES],
    description: 'Scopes asked of the provider (`openid` among them; add the one that releases a groups claim, if your provider has one).',
  },
  {
    key: 'auth.grants',
    input: 'authGrants',
    schema: { type: 'array', items: grantSchema },
    expect: 'a list of grants like {"claim": "groups", "anyOf": ["staff"], "scopes": ["content:read"]}',
    explain: (value) => explainGrants(value, SCOPES),
    defaultText: 'none (at least one with `auth.oidc`)',
    description:
      'What signed-in people may read: `{"claim", "anyOf" or "endsWith", "scopes"}`; a person gets the scopes of every grant their claims satisfy, and no session when none does.',
  },
  {
    key: 'auth.sessionTtl',
    input: 'sessionTtl',
    env: 'SITEGATE_SESSION_TTL',
    schema: integer(SESSION_TTL_MIN_SEC, SESSION_TTL_MAX_SEC),
    default: DEFAULT_SESSION_TTL_SEC,
    description: 'Sessions of signed-in people end this many seconds after sign-in.',
  },
  {
    key: 'auth.sessionIdleTtl',
    input: 'sessionIdleTtl',
    env: 'SITEGATE_SESSION_IDLE_TTL',
    schema: integer(SESSION_TTL_MIN_SEC, SESSION_TTL_MAX_SEC),
    defaultText: `\`${DEFAULT_SESSION_IDLE_TTL_SEC}\`, or \`auth.sessionTtl\` when shorter`,
    description: 'Sessions end after this many seconds without a request (at most `auth.sessionTtl`).',
  },
  {
    key: 'auth.autoSignIn',
    input: 'autoSignIn',
    env: 'SITEGATE_AUTO_SIGN_IN',
    schema: boolean,
    default: false,
    description:
      'Send a browser without a session that asks for an internal page to sign in (302) instead of the page with a "Sign in" button.',
  },
];

const limitSettings = (Object.keys(DEFAULT_LIMITS) as LimitName[]).map((name): Setting => ({
  key: `limits.${name}`,
  input: name,
  env: LIMIT_ENV_NAMES[name],
  schema: integer(...LIMIT_RANGES[name]),
  default: DEFAULT_LIMITS[name],
  description: LIMIT_DESCRIPTIONS[name],
}));

const rateLimitSettings = (Object.keys(DEFAULT_RATE_LIMITS) as RateLimitName[]).flatMap((name): Setting[] => [
  {
    key: `rateLimits.${name}.points`,
    input: `rateLimits.${name}.points`,
    schema: integer(0, 1_000_000_000),
    default: DEFAULT_RATE_LIMITS[name].points,
    description: `${name}: requests allowed per window (0 = no limit)`,
  },
  {
    key: `rateLimits.${name}.windowSec`,
    input: `rateLimits.${name}.windowSec`,
    schema: integer(1, 86_400),
    default: DEFAULT_RATE_LIMITS[name].windowSec,
    description: `${name}: window in seconds`,
  },
]);

/** Every setting, in the order of the settings table (docs/settings.md). */
export const SETTINGS: readonly Setting[] = [
  {
    key: 'contentDir',
    input: 'contentDir',
    flag: 'serve DIR',
    env: 'SITEGATE_CONTENT_DIR',
    schema: text,
    path: true,
    defaultText: 'the bundled example site',
    description: 'Folder of markdown pages.',
  },
  {
    key: 'static',
    input: 'static',
    flag: '--static',
    schema: { anyOf: [text, { type: 'array', items: text, minItems: 1 }] },
    expect: 'a folder path or a list of them',
    path: true,
    defaultText:
      "`static/` or `public/` beside the content folder, `public/` inside it, an Astro project's `public/` (and, for Starlight, the media files of its `src/` at `/_astro/…`)",
    description:
      'Folders of static files (images, PDFs) served at the site root, under the same access rules as pages (one inside the content folder only there, never at `/public/…`); `--static` repeats.',
  },
  {
    key: 'html',
    input: 'html',
    flag: '--html',
    env: 'SITEGATE_HTML',
    schema: text,
    path: true,
    defaultText: "none: sitegate renders the site's HTML",
    description:
      "The generator's build folder (Docusaurus `build/`, MkDocs `site/`, Hugo `public/`…): people get its files as built, agents the pages' markdown from the sources (issue 33).",
  },
  {
    key: 'inject',
    input: 'inject',
    schema: { type: 'array', items: { type: 'string', enum: [...INJECT_KINDS] }, uniqueItems: true },
    expect: `a list of ${INJECT_KINDS.map((kind) => `"${kind}"`).join(', ')}`,
    default: [],
    description:
      'What sitegate adds to the built pages of `html`: `head-links` puts the markdown alternate and llms.txt `<link>`s in `<head>`; none by default (the bytes as built).',
  },
  {
    key: 'port',
    input: 'port',
    flag: '--port',
    env: 'PORT',
    schema: integer(0, 65535),
    default: 3000,
    description: 'TCP port (0 = any free port).',
  },
  {
    key: 'host',
    input: 'host',
    flag: '--host',
    env: 'SITEGATE_HOST',
    schema: { type: 'string', pattern: '^[\\w.:-]+$' },
    expect: 'a host name or IP address',
    default: '127.0.0.1',
    description: 'Interface to bind.',
  },
  {
    key: 'metricsPort',
    input: 'metricsPort',
    flag: '--metrics-port',
    env: 'SITEGATE_METRICS_PORT',
    schema: integer(0, 65535),
    defaultText: 'none: no metrics listener',
    description:
      'TCP port of a second listener, on the same host, serving Prometheus metrics at `/metrics` and the readiness probe (0 = any free port).',
  },
  {
    key: 'baseUrl',
    input: 'baseUrl',
    flag: '--base-url',
    env: 'SITEGATE_BASE_URL',
    schema: text,
    check: checkBaseUrl,
    defaultText: '`http://HOST:PORT`',
    description: 'Public URL of the site (origin and optional path prefix), e.g. https://docs.example.com.',
  },
  {
    key: 'upstream',
    input: 'upstream',
    flag: '--upstream',
    env: 'SITEGATE_UPSTREAM',
    schema: text,
    check: checkBaseUrl,
    defaultText: 'none: sitegate renders the pages',
    description:
      "Origin serving the generator's build (a static host, a running `docusaurus serve`), absolute http(s) URL: people's page and file requests are proxied there, after sitegate's access check; markdown, discovery, search, MCP and the API stay sitegate's.",
  },
  {
    key: 'dataDir',
    input: 'dataDir',
    flag: '--data-dir',
    env: 'SITEGATE_DATA_DIR',
    schema: text,
    path: true,
    defaultText:
      'a folder per site in the platform data folder: `$XDG_DATA_HOME/sitegate/NAME-HASH` (else `~/.local/share/…`; macOS `~/Library/Application Support/…`; Windows `%LOCALAPPDATA%\\…`); an older `.sitegate/` beside sitegate.json or the content folder is kept, with a warning',
    description: 'Folder for keys and the SQLite database.',
  },
  {
    key: 'logLevel',
    input: 'logLevel',
    flag: '--log-level',
    env: 'SITEGATE_LOG_LEVEL',
    schema: { type: 'string', enum: [...LOG_LEVELS] },
    default: 'info',
    description: 'Log level.',
  },
  {
    key: 'logFormat',
    input: 'logFormat',
    flag: '--log-format',
    env: 'SITEGATE_LOG_FORMAT',
    schema: { type: 'string', enum: ['pretty', 'json'] },
    defaultText: '`pretty` on a terminal, else `json`',
    description: 'Log lines for people (pretty) or for log collectors (json, one object per line).',
  },
  {
    key: 'tokenTtl',
    input: 'tokenTtl',
    flag: '--token-ttl',
    env: 'SITEGATE_TOKEN_TTL',
    schema: integer(60, 86_400),
    default: DEFAULT_TOKEN_TTL_SEC,
    description: 'Lifetime of access tokens, in seconds.',
  },
  {
    key: 'contentSignal',
    input: 'contentSignal',
    flag: '--content-signal',
    env: 'SITEGATE_CONTENT_SIGNAL',
    schema: { type: 'string', pattern: '^[a-z-]+=(yes|no)(, *[a-z-]+=(yes|no))*$' },
    expect: 'a list like "search=yes, ai-input=yes, ai-train=no"',
    default: DEFAULT_CONTENT_SIGNAL,
    description: 'Content-Signal of robots.txt and markdown responses (contentsignals.org).',
  },
  {
    key: 'databaseUrl',
    input: 'databaseUrl',
    flag: '--database-url',
    env: 'DATABASE_URL',
    schema: { type: 'string', pattern: '^[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss]([Qq][Ll])?://' },
    expect: 'a postgres:// or postgresql:// URL',
    sensitive: true,
    defaultText: 'none: SQLite in the data folder',
    description: 'PostgreSQL store shared by replicas.',
  },
  {
    key: 'redisUrl',
    input: 'redisUrl',
    flag: '--redis-url',
    env: 'REDIS_URL',
    schema: { type: 'string', pattern: '^[Rr][Ee][Dd][Ii][Ss][Ss]?://' },
    expect: 'a redis:// or rediss:// URL',
    sensitive: true,
    defaultText: 'none: counters in process memory',
    description: 'Redis holding the rate-limit counters shared by replicas.',
  },
  {
    key: 'redisKeyPrefix',
    input: 'redisKeyPrefix',
    flag: '--redis-key-prefix',
    env: 'SITEGATE_REDIS_KEY_PREFIX',
    schema: { type: 'string', pattern: '^[\\w:.-]{1,64}$' },
    expect: '1 to 64 letters, digits or _ : . -',
    default: 'sitegate:',
    description: 'Prefix of every Redis key (several sites can share one Redis).',
  },
  {
    key: 'watch',
    input: 'watch',
    flag: '--watch',
    env: 'SITEGATE_WATCH',
    schema: boolean,
    default: false,
    description: 'Rebuild the site when the content folder changes.',
  },
  {
    key: 'drainTimeout',
    input: 'drainTimeout',
    flag: '--drain-timeout',
    env: 'SITEGATE_DRAIN_TIMEOUT',
    schema: integer(0, 3600),
    default: 10,
    description: 'On SIGTERM, seconds requests in flight may take to finish.',
  },
  {
    key: 'pageMaxChars',
    input: 'pageMaxChars',
    flag: '--page-max-chars',
    env: 'SITEGATE_PAGE_MAX_CHARS',
    schema: integer(0, 10_000_000),
    check: checkPageMaxChars,
    default: AGENT_PAGE_MAX_CHARS,
    description: 'Pages whose markdown is longer are served in parts (characters; 0 = never split).',
  },
  {
    key: 'site.title',
    input: 'siteTitle',
    flag: '--site-title',
    env: 'SITEGATE_SITE_TITLE',
    schema: { type: 'string' },
    expect: 'one line of 1 to 200 characters',
    check: checkSiteTitle,
    defaultText: "the generator's title, else the public root page's title, else the folder name",
    description: 'Site name (llms.txt, the HTML title, openapi.json, MCP).',
  },
  {
    key: 'site.logo',
    input: 'logo',
    flag: '--logo',
    env: 'SITEGATE_LOGO',
    schema: { type: 'string' },
    check: checkImageRef,
    defaultText: 'none: the site title alone',
    description: 'Logo in the page header: an image path in the content folder (`img/logo.svg`) or an https URL.',
  },
  {
    key: 'site.favicon',
    input: 'favicon',
    flag: '--favicon',
    env: 'SITEGATE_FAVICON',
    schema: { type: 'string' },
    check: checkImageRef,
    defaultText: "sitegate's page icon",
    description: 'Site icon: an image path in the content folder (`favicon.ico`) or an https URL.',
  },
  {
    key: 'site.accentColor',
    input: 'accentColor',
    flag: '--accent-color',
    env: 'SITEGATE_ACCENT_COLOR',
    schema: { type: 'string' },
    check: checkCssColor,
    defaultText: 'blue (`#0969da`)',
    description: 'Accent colour of the pages (current page, focus rings, buttons): any CSS colour.',
  },
  {
    key: 'site.theme',
    input: 'theme',
    flag: '--theme',
    env: 'SITEGATE_THEME',
    schema: { type: 'string', enum: ['light', 'dark', 'auto'] },
    expect: 'one of "light", "dark", "auto"',
    default: 'auto',
    description: "Colour theme before a reader picks one: `auto` follows the reader's system setting.",
  },
  {
    key: 'site.editUrl',
    input: 'editUrl',
    flag: '--edit-url',
    env: 'SITEGATE_EDIT_URL',
    schema: { type: 'string' },
    check: checkEditUrl,
    defaultText: "the generator's (Docusaurus `editUrl`, MkDocs `repo_url` + `edit_uri`, VitePress and Starlight `editLink`), else none",
    description: '"Edit this page" links: a URL to which the page\'s source path is appended, or in which `:path` stands for it.',
  },
  {
    key: 'allowContentErrors',
    input: 'allowContentErrors',
    flag: '--allow-content-errors',
    env: 'SITEGATE_ALLOW_CONTENT_ERRORS',
    schema: boolean,
    default: false,
    description: 'Start even when pages with unreadable access/draft frontmatter are held back.',
  },
  {
    key: 'trustProxy',
    input: 'trustProxy',
    flag: '--trust-proxy',
    env: 'SITEGATE_TRUST_PROXY',
    schema: { type: 'array', items: { type: 'string' } },
    expect: 'a list of proxy addresses like ["10.0.0.0/8", "127.0.0.1"]',
    check: checkTrustProxy,
    default: [],
    description: 'Proxies whose X-Forwarded-For names the client: IP addresses, CIDR ranges, loopback, linklocal, uniquelocal.',
  },
  {
    key: 'mcp.allowedOrigins',
    input: 'mcpAllowedOrigin',
    flag: '--mcp-allowed-origin',
    env: 'SITEGATE_MCP_ALLOWED_ORIGINS',
    schema: { type: 'array', items: { type: 'string' } },
    expect: 'a list of origins like ["https://app.example.com"]',
    check: checkOrigins,
    default: [],
    description:
      "Origins whose pages may call `/mcp` besides the site's own (`--mcp-allowed-origin` repeats); other `Origin`s get 403, none is fine.",
  },
  {
    key: 'secretFile',
    input: 'secretFile',
    flag: '--secret-file',
    schema: text,
    path: true,
    defaultText: 'SQLite: generated into the data folder; PostgreSQL: required',
    description: 'File holding the secret that seals signing keys.',
  },
  {
    key: 'secret',
    input: 'secret',
    env: 'SITEGATE_SECRET',
    file: false,
    schema: { type: 'string', pattern: `^\\s*\\S[\\s\\S]{${SECRET_MIN_CHARS - 2},}\\S\\s*$` },
    expect: `at least ${SECRET_MIN_CHARS} characters (e.g. the output of openssl rand -base64 32)`,
    sensitive: true,
    defaultText: 'as `secretFile`',
    description: 'The secret that seals signing keys itself (wins over secretFile in sitegate.json).',
  },
  ...authSettings,
  ...agentSettings,
  {
    key: 'audit.retentionDays',
    input: 'auditRetentionDays',
    env: 'SITEGATE_AUDIT_RETENTION_DAYS',
    schema: integer(1, 36_500),
    default: DEFAULT_AUDIT_RETENTION_DAYS,
    description: 'Audit events older than this many days are deleted.',
  },
  {
    key: 'analytics.enabled',
    input: 'analyticsEnabled',
    env: 'SITEGATE_ANALYTICS',
    schema: boolean,
    default: true,
    description: 'Count requests by page, format, status, agent and API key, and searches that found nothing (`sitegate stats`).',
  },
  {
    key: 'analytics.retentionDays',
    input: 'analyticsRetentionDays',
    env: 'SITEGATE_ANALYTICS_RETENTION_DAYS',
    schema: integer(1, 36_500),
    default: DEFAULT_ANALYTICS_RETENTION_DAYS,
    description: 'Daily analytics counts older than this many days are deleted (per-minute counts after a day, hourly after 31 days).',
  },
  {
    key: 'analytics.flushSec',
    input: 'analyticsFlushSec',
    env: 'SITEGATE_ANALYTICS_FLUSH_SEC',
    schema: integer(1, 3600),
    default: DEFAULT_ANALYTICS_FLUSH_SEC,
    description: 'Analytics counts are written to the store this often (seconds), and at shutdown.',
  },
  {
    key: 'conventions',
    input: 'conventions',
    flag: '--conventions',
    schema: { type: 'string', enum: [...GENERATORS] },
    defaultText: "recognised from the content folder's files",
    description: 'Generator whose nav order, labels, titles and unpublished files apply, or plain for none.',
  },
  {
    key: 'nav',
    input: 'nav',
    // Only that it is a list: its entries are checked when the site is built, and reported by `sitegate check`.
    schema: { type: 'array' },
    expect: "a list of pages and sections, as MkDocs' nav",
    defaultText: "none: the folder order, or the generator's",
    description: 'Nav of a plain folder in MkDocs\' nav shape: ["index.md", {"Guides": ["guides/a.md"]}].',
  },
  {
    key: 'redirects',
    input: 'redirects',
    schema: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: { type: 'string', pattern: '^(/|https?://)' },
    },
    expect: 'an object of URL paths (from, starting with /) to URL paths or http(s) URLs (to)',
    defaultText: 'none',
    description: 'Moved pages, answered with 308: {"/old/page": "/new/page"}. The target may be any spelling of a page URL.',
  },
  {
    key: 'versions',
    input: 'versions',
    schema: VERSIONS_SCHEMA,
    explain: explainVersions,
    check: (value: unknown[]) => explainVersions(value),
    expect: 'a list of versions, each {"name", "dir"} with optional "current", "label" and "banner" (none, unreleased, unmaintained)',
    defaultText: "none, or the generator's (Docusaurus versions.json)",
    description:
      'Docs versions, one folder each, relative to the content folder: [{"name": "2.x", "dir": "v2"}, {"name": "3.x", "dir": "v3", "current": true}]. Exactly one is current: its pages are canonical, search and MCP answer from it unless asked for another `version`; each version has its own nav, llms.txt (`/v2/llms.txt`) and a version switcher; old ones show a banner (default unmaintained).',
  },
  {
    key: 'check.knownMissing',
    input: 'checkKnownMissing',
    schema: { type: 'array', items: { type: 'string', pattern: '^/' }, uniqueItems: true },
    expect: 'a list of URL paths, each starting with /',
    defaultText: 'none',
    description:
      '`check`: link targets known to be missing (`/img/a.gif`; relative links by path from the content folder), counted, not errors.',
  },
  {
    key: 'check.ignore',
    input: 'checkIgnore',
    schema: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', pattern: '^[a-z][a-z0-9-]*$' },
          file: { type: 'string', minLength: 1 },
          match: { type: 'string', minLength: 1 },
        },
        additionalProperties: false,
        minProperties: 1,
      },
    },
    expect: 'a list of rules, each with at least one of kind, file (a glob) and match (text of the message)',
    defaultText: 'none',
    description:
      '`check`: findings to silence, e.g. `[{"kind": "hugo-shortcode", "match": "code-toggle"}]`: a finding is ignored when one rule matches all it names (kind; file glob, `*` within a folder, `**` across folders; text in the message). Ignored findings are counted, never fail the check.',
  },
  ...limitSettings,
  ...rateLimitSettings,
];

/** The setting of each `sitegate.json` key path. */
export const SETTING_BY_KEY: ReadonlyMap<string, Setting> = new Map(SETTINGS.map((setting) => [setting.key, setting]));
