import { DEFAULT_AGENT_AUTH } from '../oauth/settings.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type ConfigInput } from './config.js';
import { readEnv, type Env } from './env.js';
import { schemaProblem } from './schema.js';
import { NO_SIGN_IN, type AuthSettings } from '../signin/settings.js';

const CWD = path.resolve('/srv/site');
/** A client secret easy to find in a message, were one to leak it. */
const SECRET = 'Xq7-client-secret-never-shown';
const OIDC = { issuer: 'https://login.example.com', clientId: 'docs' };
const GRANTS = [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read'] }];

/** The auth settings loaded from flags, environment and a sitegate.json shaped object. */
function auth(flags: ConfigInput, env: Env, file: ConfigInput = {}, cwd = CWD, filePath?: string): AuthSettings {
  return loadConfig(flags, env, file, cwd, filePath).auth;
}

/** The ConfigError message loading these settings throws (fails when none is thrown). */
function refusal(flags: ConfigInput, env: Env, file: ConfigInput = {}, cwd = CWD, filePath?: string): string {
  try {
    loadConfig(flags, env, file, cwd, filePath);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('loadConfig accepted the settings');
}

describe('auth settings: the happy path', () => {
  it("builds AuthSettings from the issue's sitegate.json example", () => {
    const file = {
      auth: {
        oidc: {
          issuer: 'https://login.example.com',
          clientId: 'docs',
          clientSecret: SECRET,
          scopes: ['openid', 'profile', 'email', 'groups'],
        },
        grants: [
          { claim: 'groups', anyOf: ['staff', 'docs-admins'], scopes: ['search:read', 'content:read', 'internal:read'] },
          { claim: 'email', endsWith: ['@partner.example'], scopes: ['search:read', 'content:read'] },
        ],
        sessionTtl: 28800,
      },
    } as ConfigInput;
    expect(auth({}, {}, file)).toStrictEqual({
      oidc: {
        issuer: 'https://login.example.com',
        clientId: 'docs',
        clientSecret: SECRET,
        scopes: ['openid', 'profile', 'email', 'groups'],
      },
      grants: [
        { claim: 'groups', anyOf: ['staff', 'docs-admins'], scopes: ['search:read', 'content:read', 'internal:read'] },
        { claim: 'email', endsWith: ['@partner.example'], scopes: ['search:read', 'content:read'] },
      ],
      sessionTtlSec: 28800,
      sessionIdleTtlSec: 3600,
      autoSignIn: false,
      agents: DEFAULT_AGENT_AUTH,
    } satisfies AuthSettings);
  });

  it('is off without auth settings: NO_SIGN_IN', () => {
    expect(auth({}, {}, {})).toStrictEqual(NO_SIGN_IN);
    // Session lifetimes alone are harmless without a provider.
    expect(auth({}, { sessionTtl: '600' }, {})).toStrictEqual({ ...NO_SIGN_IN, sessionTtlSec: 600, sessionIdleTtlSec: 600 });
  });

  it('has the defaults: a public client, scopes openid profile email, 8 h and 1 h sessions, no automatic sign-in', () => {
    expect(auth({}, {}, { auth: { oidc: OIDC, grants: GRANTS } })).toStrictEqual({
      oidc: { issuer: 'https://login.example.com', clientId: 'docs', clientSecret: null, scopes: ['openid', 'profile', 'email'] },
      grants: [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read'] }],
      sessionTtlSec: 28_800,
      sessionIdleTtlSec: 3_600,
      autoSignIn: false,
      agents: DEFAULT_AGENT_AUTH,
    });
  });

  it("puts a grant's scopes in SPEC order without duplicates, and drops $comment", () => {
    const grants = [{ $comment: 'staff', claim: 'groups', anyOf: ['staff'], scopes: ['internal:read', 'search:read', 'internal:read'] }];
    expect(auth({}, {}, { auth: { oidc: OIDC, grants } }).grants).toStrictEqual([
      { claim: 'groups', anyOf: ['staff'], scopes: ['search:read', 'internal:read'] },
    ]);
  });

  it('keeps the issuer as written: no trailing slash is added or removed (issuers compare as exact strings)', () => {
    expect(auth({}, {}, { auth: { oidc: { ...OIDC, issuer: 'https://login.example.com/' }, grants: GRANTS } }).oidc?.issuer).toBe(
      'https://login.example.com/',
    );
    expect(
      auth({}, {}, { auth: { oidc: { ...OIDC, issuer: 'https://login.example.com/realms/staff' }, grants: GRANTS } }).oidc?.issuer,
    ).toBe('https://login.example.com/realms/staff');
  });

  it.each(['http://127.0.0.1:8080', 'http://127.3.2.1', 'http://localhost:9000/oidc', 'http://[::1]:4000'])(
    'accepts the http: issuer %s on a loopback address',
    (issuer) => {
      expect(auth({ oidcIssuer: issuer }, { oidcClientId: 'docs' }, { auth: { grants: GRANTS } }).oidc?.issuer).toBe(issuer);
    },
  );

  it('defaults the idle lifetime to the absolute one when that is shorter than an hour', () => {
    const settings = auth({}, {}, { auth: { oidc: OIDC, grants: GRANTS, sessionTtl: 900 } });
    expect([settings.sessionTtlSec, settings.sessionIdleTtlSec]).toStrictEqual([900, 900]);
  });

  it('accepts an idle lifetime equal to the absolute one, and the limits 60 s and 30 days', () => {
    const settings = (sessionTtl: number, sessionIdleTtl: number): number[] => {
      const loaded = auth({}, {}, { auth: { oidc: OIDC, grants: GRANTS, sessionTtl, sessionIdleTtl } });
      return [loaded.sessionTtlSec, loaded.sessionIdleTtlSec];
    };
    expect(settings(7200, 7200)).toStrictEqual([7200, 7200]);
    expect(settings(60, 60)).toStrictEqual([60, 60]);
    expect(settings(2_592_000, 60)).toStrictEqual([2_592_000, 60]);
  });
});

describe('auth settings: flags, environment and file', () => {
  it('reads the SITEGATE_OIDC_* and session variables by their input names', () => {
    expect(
      readEnv({
        SITEGATE_OIDC_ISSUER: 'https://login.example.com',
        SITEGATE_OIDC_CLIENT_ID: 'docs',
        SITEGATE_OIDC_CLIENT_SECRET: SECRET,
        SITEGATE_OIDC_CLIENT_SECRET_FILE: 'secret.txt',
        SITEGATE_OIDC_SCOPES: 'openid,groups',
        SITEGATE_SESSION_TTL: '600',
        SITEGATE_SESSION_IDLE_TTL: '300',
        SITEGATE_AUTO_SIGN_IN: 'true',
      }),
    ).toStrictEqual({
      oidcIssuer: 'https://login.example.com',
      oidcClientId: 'docs',
      oidcClientSecret: SECRET,
      oidcClientSecretFile: 'secret.txt',
      oidcScopes: 'openid,groups',
      sessionTtl: '600',
      sessionIdleTtl: '300',
      autoSignIn: 'true',
    });
  });

  it('takes the issuer from --oidc-issuer, then SITEGATE_OIDC_ISSUER, then auth.oidc.issuer', () => {
    const file = { auth: { oidc: { issuer: 'https://file.example.com', clientId: 'docs' }, grants: GRANTS } };
    const issuer = (flags: ConfigInput, env: Env): string | undefined => auth(flags, env, file).oidc?.issuer;
    expect(issuer({ oidcIssuer: 'https://flag.example.com' }, { oidcIssuer: 'https://env.example.com' })).toBe('https://flag.example.com');
    expect(issuer({}, { oidcIssuer: 'https://env.example.com' })).toBe('https://env.example.com');
    expect(issuer({}, {})).toBe('https://file.example.com');
  });

  it('takes every other setting from the environment before sitegate.json', () => {
    const file = {
      auth: {
        oidc: { issuer: 'https://login.example.com', clientId: 'file-client', clientSecret: 'file-secret', scopes: ['openid'] },
        grants: GRANTS,
        sessionTtl: 3600,
        sessionIdleTtl: 600,
        autoSignIn: false,
      },
    };
    const env = {
      oidcClientId: 'env-client',
      oidcClientSecret: ` ${SECRET}\n`,
      oidcScopes: 'openid, profile ,groups,openid',
      sessionTtl: '7200',
      sessionIdleTtl: '1200',
      autoSignIn: 'yes',
    };
    expect(auth({}, env, file)).toStrictEqual({
      oidc: { issuer: 'https://login.example.com', clientId: 'env-client', clientSecret: SECRET, scopes: ['openid', 'profile', 'groups'] },
      grants: [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read'] }],
      sessionTtlSec: 7200,
      sessionIdleTtlSec: 1200,
      autoSignIn: true,
      agents: DEFAULT_AGENT_AUTH,
    });
  });

  it('builds a whole sign-in from the environment, grants from sitegate.json', () => {
    const env = { oidcIssuer: 'http://127.0.0.1:5555', oidcClientId: 'docs', oidcClientSecret: SECRET };
    expect(auth({}, env, { auth: { grants: GRANTS } }).oidc).toStrictEqual({
      issuer: 'http://127.0.0.1:5555',
      clientId: 'docs',
      clientSecret: SECRET,
      scopes: ['openid', 'profile', 'email'],
    });
  });
});

describe('auth settings: the client secret file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'sitegate-auth-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the file auth.oidc.clientSecretFile names, relative to sitegate.json's folder, trimmed", () => {
    mkdirSync(path.join(dir, 'conf'));
    writeFileSync(path.join(dir, 'conf', 'oidc-secret'), `\n  ${SECRET}  \n`);
    const file = { auth: { oidc: { ...OIDC, clientSecretFile: 'oidc-secret' }, grants: GRANTS } };
    expect(auth({}, {}, file, '/elsewhere', path.join(dir, 'conf', 'sitegate.json')).oidc?.clientSecret).toBe(SECRET);
  });

  it('reads SITEGATE_OIDC_CLIENT_SECRET_FILE relative to the working folder, before the file setting', () => {
    writeFileSync(path.join(dir, 'from-env'), `${SECRET}\n`);
    const file = { auth: { oidc: { ...OIDC, clientSecretFile: '/nowhere/secret' }, grants: GRANTS } };
    expect(auth({}, { oidcClientSecretFile: 'from-env' }, file, dir).oidc?.clientSecret).toBe(SECRET);
  });

  it('refuses a file that cannot be read, naming the setting and the file', () => {
    const file = { auth: { oidc: { ...OIDC, clientSecretFile: 'missing' }, grants: GRANTS } };
    expect(refusal({}, {}, file, dir)).toBe(
      `sitegate.json: auth.oidc.clientSecretFile: cannot read the client secret file ${path.join(dir, 'missing')} (ENOENT)`,
    );
    expect(refusal({}, { oidcClientSecretFile: dir }, { auth: { oidc: OIDC, grants: GRANTS } }, dir)).toBe(
      `SITEGATE_OIDC_CLIENT_SECRET_FILE: cannot read the client secret file ${dir} (EISDIR)`,
    );
  });

  it('refuses an empty file (spaces only), without echoing it', () => {
    writeFileSync(path.join(dir, 'blank'), ' \n\t\n');
    expect(refusal({}, { oidcClientSecretFile: 'blank' }, { auth: { oidc: OIDC, grants: GRANTS } }, dir)).toBe(
      `SITEGATE_OIDC_CLIENT_SECRET_FILE: the client secret file ${path.join(dir, 'blank')} is empty`,
    );
  });

  it('refuses the secret and a secret file together, from any sources, naming both', () => {
    writeFileSync(path.join(dir, 'secret'), SECRET);
    expect(refusal({}, {}, { auth: { oidc: { ...OIDC, clientSecret: SECRET, clientSecretFile: 'secret' }, grants: GRANTS } }, dir)).toBe(
      'sitegate.json: auth.oidc.clientSecret and sitegate.json: auth.oidc.clientSecretFile: give the client secret or a file holding it, not both',
    );
    expect(
      refusal({}, { oidcClientSecret: SECRET }, { auth: { oidc: { ...OIDC, clientSecretFile: 'secret' }, grants: GRANTS } }, dir),
    ).toBe(
      'SITEGATE_OIDC_CLIENT_SECRET and sitegate.json: auth.oidc.clientSecretFile: give the client secret or a file holding it, not both',
    );
  });
});

describe('auth settings: the rules, each refused with the source of the bad value', () => {
  it.each([
    ['--oidc-issuer: must be an absolute https URL, got "login.example.com"', { oidcIssuer: 'login.example.com' }, {}, {}],
    ['--oidc-issuer: must be an https URL, got "ftp://login.example.com"', { oidcIssuer: 'ftp://login.example.com' }, {}, {}],
    [
      'SITEGATE_OIDC_ISSUER: http: issuers are accepted on loopback addresses only, got "http://login.example.com"',
      {},
      { oidcIssuer: 'http://login.example.com' },
      {},
    ],
    [
      'sitegate.json: auth.oidc.issuer: http: issuers are accepted on loopback addresses only, got "http://10.0.0.1"',
      {},
      {},
      { auth: { oidc: { ...OIDC, issuer: 'http://10.0.0.1' }, grants: GRANTS } },
    ],
    [
      'SITEGATE_OIDC_ISSUER: http: issuers are accepted on loopback addresses only, got "http://localhost.example.com"',
      {},
      { oidcIssuer: 'http://localhost.example.com' },
      {},
    ],
    [
      'sitegate.json: auth.oidc.issuer: must not carry a query, fragment or credentials, got "https://login.example.com/?tenant=a"',
      {},
      {},
      { auth: { oidc: { ...OIDC, issuer: 'https://login.example.com/?tenant=a' }, grants: GRANTS } },
    ],
    [
      '--oidc-issuer: must not carry a query, fragment or credentials, got "https://login.example.com#"',
      { oidcIssuer: 'https://login.example.com#' },
      {},
      {},
    ],
    [
      '--oidc-issuer: must not carry a query, fragment or credentials, got "https://user@login.example.com"',
      { oidcIssuer: 'https://user@login.example.com' },
      {},
      {},
    ],
    [
      '--oidc-issuer: must be an absolute https URL, got " https://login.example.com"',
      { oidcIssuer: ' https://login.example.com' },
      {},
      {},
    ],
  ] as [string, ConfigInput, Env, ConfigInput][])('issuer: %s', (message, flags, env, file) => {
    expect(refusal(flags, env, file)).toBe(message);
  });

  it('requires a client id with an issuer, naming where the issuer came from', () => {
    expect(refusal({ oidcIssuer: 'https://login.example.com' }, {}, { auth: { grants: GRANTS } })).toBe(
      "--oidc-issuer: needs auth.oidc.clientId too (SITEGATE_OIDC_CLIENT_ID), sitegate's client_id at the provider",
    );
    expect(refusal({}, {}, { auth: { oidc: { issuer: 'https://login.example.com' }, grants: GRANTS } })).toBe(
      "sitegate.json: auth.oidc.issuer: needs auth.oidc.clientId too (SITEGATE_OIDC_CLIENT_ID), sitegate's client_id at the provider",
    );
  });

  it.each([
    ['SITEGATE_OIDC_CLIENT_ID', {}, { oidcClientId: 'docs' }, {}],
    ['SITEGATE_OIDC_CLIENT_SECRET', {}, { oidcClientSecret: SECRET }, {}],
    ['sitegate.json: auth.oidc.clientSecretFile', {}, {}, { auth: { oidc: { clientSecretFile: '/run/secrets/oidc' } } }],
    ['sitegate.json: auth.oidc.scopes', {}, {}, { auth: { oidc: { scopes: ['openid'] } } }],
  ] as [string, ConfigInput, Env, ConfigInput][])('requires an issuer when %s is set', (source, flags, env, file) => {
    expect(refusal(flags, env, file)).toBe(
      `${source}: needs auth.oidc.issuer (--oidc-issuer, SITEGATE_OIDC_ISSUER) to sign people in with`,
    );
  });

  it('requires grants when sign-in is on: nobody could sign in', () => {
    expect(refusal({}, {}, { auth: { oidc: OIDC } })).toBe(
      'auth.grants: no grants, so nobody could sign in (auth.oidc is set by sitegate.json: auth.oidc.issuer)',
    );
    expect(refusal({}, { oidcIssuer: 'https://login.example.com', oidcClientId: 'docs' }, { auth: { grants: [] } })).toBe(
      'sitegate.json: auth.grants: no grants, so nobody could sign in (auth.oidc is set by SITEGATE_OIDC_ISSUER)',
    );
  });

  it('refuses grants, and automatic sign-in, without a provider', () => {
    expect(refusal({}, {}, { auth: { grants: GRANTS } })).toBe(
      'sitegate.json: auth.grants: auth.grants needs auth.oidc (an issuer and a client id)',
    );
    expect(refusal({}, { autoSignIn: 'true' }, {})).toBe('SITEGATE_AUTO_SIGN_IN: auth.autoSignIn needs auth.oidc');
    expect(refusal({}, {}, { auth: { autoSignIn: true } })).toBe('sitegate.json: auth.autoSignIn: auth.autoSignIn needs auth.oidc');
    // Saying no is fine, as is an empty list.
    expect(auth({}, {}, { auth: { autoSignIn: false, grants: [] } })).toStrictEqual(NO_SIGN_IN);
  });

  it.each([
    [
      'sitegate.json: auth.grants: must be a list of grants like {"claim": "groups", "anyOf": ["staff"], "scopes": ["content:read"]}, got {"claim":"groups"}',
      { claim: 'groups' },
    ],
    ['sitegate.json: auth.grants[0]: must be an object with claim, anyOf or endsWith, and scopes, got "staff"', ['staff']],
    [
      'sitegate.json: auth.grants[1]: unknown key "scope" (known: claim, anyOf, endsWith, scopes)',
      [GRANTS[0], { claim: 'groups', anyOf: ['staff'], scope: ['content:read'] }],
    ],
    [
      'sitegate.json: auth.grants[0].claim: must be a claim name (a non-empty string), got ""',
      [{ claim: '', anyOf: ['staff'], scopes: ['content:read'] }],
    ],
    [
      'sitegate.json: auth.grants[0].claim: must be a claim name (a non-empty string), got undefined',
      [{ anyOf: ['staff'], scopes: ['content:read'] }],
    ],
    ['sitegate.json: auth.grants[0]: must have exactly one of anyOf, endsWith', [{ claim: 'groups', scopes: ['content:read'] }]],
    [
      'sitegate.json: auth.grants[0]: must have exactly one of anyOf, endsWith',
      [{ claim: 'email', anyOf: ['a@example.com'], endsWith: ['@example.com'], scopes: ['content:read'] }],
    ],
    [
      'sitegate.json: auth.grants[0].anyOf: must be a non-empty list of non-empty strings, got []',
      [{ claim: 'groups', anyOf: [], scopes: ['content:read'] }],
    ],
    [
      'sitegate.json: auth.grants[0].endsWith: must be a non-empty list of non-empty strings, got "@example.com"',
      [{ claim: 'email', endsWith: '@example.com', scopes: ['content:read'] }],
    ],
    [
      'sitegate.json: auth.grants[0].endsWith: must be a non-empty list of non-empty strings, got ["@example.com",""]',
      [{ claim: 'email', endsWith: ['@example.com', ''], scopes: ['content:read'] }],
    ],
    [
      'sitegate.json: auth.grants[0].scopes: must be a non-empty list of scopes (search:read, content:read, internal:read), got []',
      [{ claim: 'groups', anyOf: ['staff'], scopes: [] }],
    ],
    [
      'sitegate.json: auth.grants[0].scopes: must be a non-empty list of scopes (search:read, content:read, internal:read), got undefined',
      [{ claim: 'groups', anyOf: ['staff'] }],
    ],
    [
      'sitegate.json: auth.grants[0].scopes[1]: must be one of search:read, content:read, internal:read, got "admin"',
      [{ claim: 'groups', anyOf: ['staff'], scopes: ['content:read', 'admin'] }],
    ],
  ])('grants: %s', (message, grants) => {
    expect(refusal({}, {}, { auth: { oidc: OIDC, grants } })).toBe(message);
  });

  it('names the file read in grant errors, as every other', () => {
    expect(
      refusal(
        {},
        {},
        { auth: { oidc: OIDC, grants: [{ claim: 'groups', anyOf: ['staff'], scopes: ['all'] }] } },
        CWD,
        '/etc/sitegate/sitegate.json',
      ),
    ).toBe('/etc/sitegate/sitegate.json: auth.grants[0].scopes[0]: must be one of search:read, content:read, internal:read, got "all"');
  });

  it.each([
    ['SITEGATE_OIDC_SCOPES: must include "openid", got "profile,email"', {}, { oidcScopes: 'profile,email' }, {}],
    [
      'sitegate.json: auth.oidc.scopes: must include "openid", got ["profile"]',
      {},
      {},
      { auth: { oidc: { ...OIDC, scopes: ['profile'] }, grants: GRANTS } },
    ],
    [
      'sitegate.json: auth.oidc.scopes: must be a list of OAuth scope names like ["openid", "profile", "email"], got []',
      {},
      {},
      { auth: { oidc: { ...OIDC, scopes: [] }, grants: GRANTS } },
    ],
    [
      'sitegate.json: auth.oidc.scopes: must be a list of OAuth scope names like ["openid", "profile", "email"], got ["openid profile"]',
      {},
      {},
      { auth: { oidc: { ...OIDC, scopes: ['openid profile'] }, grants: GRANTS } },
    ],
    [
      'SITEGATE_OIDC_SCOPES: must be a list of OAuth scope names like ["openid", "profile", "email"], got "openid,,email"',
      {},
      { oidcScopes: 'openid,,email' },
      {},
    ],
  ] as [string, ConfigInput, Env, ConfigInput][])('scopes: %s', (message, flags, env, file) => {
    expect(refusal(flags, env, { auth: { oidc: OIDC, grants: GRANTS }, ...file })).toBe(message);
  });

  it.each([
    ['SITEGATE_SESSION_TTL: must be an integer from 60 to 2592000, got "59"', { sessionTtl: '59' }, {}],
    ['SITEGATE_SESSION_TTL: must be an integer from 60 to 2592000, got "8h"', { sessionTtl: '8h' }, {}],
    ['sitegate.json: auth.sessionTtl: must be an integer from 60 to 2592000, got 2592001', {}, { sessionTtl: 2_592_001 }],
    ['sitegate.json: auth.sessionIdleTtl: must be an integer from 60 to 2592000, got 30', {}, { sessionIdleTtl: 30 }],
    ['SITEGATE_AUTO_SIGN_IN: must be true or false, got "sometimes"', { autoSignIn: 'sometimes' }, {}],
    [
      'SITEGATE_SESSION_IDLE_TTL: must be at most auth.sessionTtl (3600 from sitegate.json: auth.sessionTtl), got 7200',
      { sessionIdleTtl: '7200' },
      { sessionTtl: 3600 },
    ],
    ['sitegate.json: auth.sessionIdleTtl: must be at most auth.sessionTtl (28800, the default), got 28801', {}, { sessionIdleTtl: 28_801 }],
  ] as [string, Env, Record<string, unknown>][])('sessions: %s', (message, env, fileAuth) => {
    expect(refusal({}, env, { auth: { oidc: OIDC, grants: GRANTS, ...fileAuth } })).toBe(message);
  });

  it('refuses unknown keys of auth and auth.oidc, with the key meant', () => {
    expect(refusal({}, {}, { auth: { oidc: { ...OIDC, clientSecrets: SECRET }, grants: GRANTS } } as ConfigInput)).toBe(
      'sitegate.json: auth.oidc.clientSecrets: unknown key (did you mean "auth.oidc.clientSecret"?)',
    );
    expect(refusal({}, {}, { auth: { oidc: OIDC, grant: GRANTS } } as ConfigInput)).toBe(
      'sitegate.json: auth.grant: unknown key (did you mean "auth.grants"?)',
    );
  });
});

describe('auth settings: the client secret never appears in a message', () => {
  it.each([
    [
      'a secret that is no string',
      {},
      { auth: { oidc: { ...OIDC, clientSecret: [SECRET] }, grants: GRANTS } },
      'sitegate.json: auth.oidc.clientSecret: must be a non-empty string',
    ],
    [
      'a blank secret from the environment',
      { oidcClientSecret: ' \n ' },
      { auth: { oidc: OIDC, grants: GRANTS } },
      'SITEGATE_OIDC_CLIENT_SECRET: must be a non-empty string',
    ],
    ['an oidc that is no object', {}, { auth: { oidc: [OIDC.issuer, SECRET] } }, 'sitegate.json: auth.oidc: must be an object'],
    ['an auth that is no object', {}, { auth: SECRET }, 'sitegate.json: auth: must be an object'],
    [
      'an issuer missing beside the secret',
      {},
      { auth: { oidc: { clientId: 'docs', clientSecret: SECRET }, grants: GRANTS } },
      'sitegate.json: auth.oidc.clientId: needs auth.oidc.issuer (--oidc-issuer, SITEGATE_OIDC_ISSUER) to sign people in with',
    ],
    [
      'a bad grant beside the secret',
      {},
      { auth: { oidc: { ...OIDC, clientSecret: SECRET }, grants: [] } },
      'sitegate.json: auth.grants: no grants, so nobody could sign in (auth.oidc is set by sitegate.json: auth.oidc.issuer)',
    ],
  ] as [string, Env, ConfigInput, string][])('%s', (_name, env, file, message) => {
    const refused = refusal({}, env, file);
    expect(refused).toBe(message);
    expect(refused).not.toContain(SECRET);
  });

  it('is refused by the schema check without being echoed either', () => {
    expect(schemaProblem({ auth: { oidc: { ...OIDC, clientSecret: 7 } } })).toBe('auth.oidc.clientSecret: must be a non-empty string');
    expect(schemaProblem({ auth: { oidc: SECRET } })).toBe('auth.oidc: must be an object');
  });
});
