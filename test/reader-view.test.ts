/**
 * The site for a signed-in reader (issue 29): what a principal sees, decided by its scopes (the
 * nav tree, the /search and error pages' sidebars and /llms.txt list internal pages with
 * internal:read) and its person (the header shows who is signed in, with a "Sign out" button),
 * never by its scheme; the answers to a person are private and vary on Cookie; the anonymous
 * bodies, ETags and headers stay exactly as they were. Unit-level with constructed principals
 * (the session scheme is another part's), and through the listener with an API key.
 */
import { HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '../src/auth/principal.js';
import type { Answer, BodyAnswer, PlainAnswer, RequestFacts } from '../src/answers/answer.js';
import { servePage } from '../src/answers/pages.js';
import { searchPage } from '../src/answers/search-page.js';
import { llmsTxtAnswer } from '../src/answers/discovery.js';
import { errorAnswer, ReaderError } from '../src/answers/error-answer.js';
import { ApiError } from '../src/errors.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { ACCOUNT_MARKER } from '../src/snapshot/reader-view.js';
import { NO_SIGN_IN, type AuthSettings } from '../src/signin/settings.js';
import { buildTestApp, issueKey, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';

const FILES = {
  'index.md': '---\ntitle: Acme Docs\ndescription: Public home.\n---\n# Acme Docs\n\nWelcome.\n',
  'guides/setup.md': '# Setup\n\nInstall the tool.\n',
  'guides/usage.md': '# Usage\n\nRun the tool.\n',
  'internal/index.md': '# Staff handbook\n\nFor staff.\n',
  'internal/runbook.md': '# Runbook\n\nRestart the zebrafish service.\n',
};

const OIDC = { issuer: 'http://127.0.0.1:9', clientId: 'docs', clientSecret: null, scopes: ['openid', 'profile'] };
const SIGN_IN: AuthSettings = { ...NO_SIGN_IN, oidc: OIDC };
const CONTENT_SIGNAL = 'search=yes, ai-input=yes, ai-train=no';

const ALICE: Principal = {
  scheme: 'session',
  clientId: 'browser-session',
  scopes: ['search:read', 'content:read', 'internal:read'],
  person: { subject: 'alice', name: 'Alice <script>', sessionId: 'sgs_x' },
};
const BOB: Principal = {
  scheme: 'session',
  clientId: 'browser-session',
  scopes: ['search:read', 'content:read'],
  person: { subject: 'bob', name: 'bob@example.com', sessionId: 'sgs_y' },
};
const ROBOT: Principal = { scheme: 'apiKey', clientId: 'sk_robot', scopes: ['content:read', 'internal:read'] };

const ALICE_ACCOUNT =
  '<div class="account"><span class="account-name">Signed in as Alice &lt;script&gt;</span><form class="sign-out" method="post" action="/_sitegate/logout"><button type="submit">Sign out</button></form></div>';
const INTERNAL_LINK = '<a href="/internal/runbook">';
const CSP = "default-src 'none'; script-src http://sitegate.test/_sitegate/ 'sha256-";

let dir: string;
let snapshot: Snapshot;

beforeAll(() => {
  dir = writeContent(FILES);
  snapshot = loadSnapshot(dir, { baseUrl: TEST_BASE_URL }).snapshot;
});
afterAll(() => removeDir(dir));

/** The facts of a GET of `path` asking for `accept`. */
function factsOf(path: string, accept = 'text/html', search = ''): RequestFacts {
  return { method: 'GET', path, search, headers: { accept }, address: '127.0.0.1', query: {}, body: undefined, requestId: () => 'req' };
}

/** An app over the fixture, for the auth services an answer takes. */
async function appOnce(): Promise<{ t: TestApp; close: () => Promise<void> }> {
  const t = await buildTestApp(dir);
  return { t, close: () => t.app.close() };
}

function pageConfig(auth: AuthSettings = NO_SIGN_IN) {
  return { baseUrl: TEST_BASE_URL, contentSignal: CONTENT_SIGNAL, auth };
}

/** The page answer, or the error answer it throws (as the listener's negotiated form). */
async function pageOf(
  path: string,
  principal: Principal | undefined,
  options: { accept?: string; auth?: AuthSettings; search?: string } = {},
) {
  const facts = factsOf(path, options.accept, options.search);
  try {
    return await servePage(pageConfig(options.auth))(facts, snapshot, principal);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    const form = options.accept === 'text/markdown' ? 'markdown' : options.accept === 'application/json' ? 'json' : 'html';
    return errorAnswer(error, form, facts, { baseUrl: TEST_BASE_URL, snapshot: () => snapshot }, { negotiated: true });
  }
}

function textOf(answer: Answer): string {
  if (answer.kind === 'body') return answer.body.bytes.toString('utf8');
  if (answer.kind === 'plain') return answer.body === undefined ? '' : answer.body.toString();
  throw new Error(`unexpected ${answer.kind} answer`);
}

function asPlain(answer: Answer): PlainAnswer {
  expect(answer.kind).toBe('plain');
  return answer as PlainAnswer;
}

function asBody(answer: Answer): BodyAnswer {
  expect(answer.kind).toBe('body');
  return answer as BodyAnswer;
}

describe('anonymous readers pay nothing and get the same bytes', () => {
  it('builds no reader tree for anonymous requests, and keeps the page body, ETag and headers across reader requests', async () => {
    const fresh = loadSnapshot(dir, { baseUrl: TEST_BASE_URL }).snapshot;
    const before = asBody(await servePage(pageConfig())(factsOf('/guides/setup'), fresh, undefined));
    expect(fresh.reader.internalTreeBuilt).toBe(false);
    const beforeBytes = Buffer.from(before.body.bytes);
    const beforeEtag = before.body.etag;
    const beforeHeaders = { ...before.headers };
    expect(before.body.bytes.includes(ACCOUNT_MARKER)).toBe(false);

    await servePage(pageConfig())(factsOf('/guides/setup'), fresh, ALICE);
    await servePage(pageConfig())(factsOf('/internal/runbook'), fresh, ALICE);
    expect(fresh.reader.internalTreeBuilt).toBe(true);

    const after = asBody(await servePage(pageConfig())(factsOf('/guides/setup'), fresh, undefined));
    expect(after.body).toBe(before.body);
    expect(after.body.etag).toBe(beforeEtag);
    expect(after.body.bytes.equals(beforeBytes)).toBe(true);
    expect(after.headers).toStrictEqual(beforeHeaders);
    expect(fresh.rootSidebar.includes('/internal/')).toBe(false);
  });

  it('answers anonymous HTML with Vary: Cookie added only when sign-in is configured (precomputed)', async () => {
    const off = asBody(await servePage(pageConfig())(factsOf('/guides/setup'), snapshot, undefined));
    expect(off.headers['cache-control']).toBe('public, max-age=300');
    expect(off.headers.vary).toBe('Accept, Accept-Encoding');
    const fresh = loadSnapshot(dir, { baseUrl: TEST_BASE_URL }).snapshot;
    const serve = servePage(pageConfig(SIGN_IN));
    const on = asBody(await serve(factsOf('/guides/setup'), fresh, undefined));
    expect(on.headers.vary).toBe('Accept, Accept-Encoding, Cookie');
    expect(on.headers['cache-control']).toBe('public, max-age=300');
    expect(on.body.etag).toBe(off.body.etag);
    // The same header object on every request: the writer flattens it once.
    expect(asBody(await serve(factsOf('/guides/setup'), fresh, undefined)).headers).toBe(on.headers);
    const markdown = asBody(await serve(factsOf('/guides/setup.md', 'text/markdown'), fresh, undefined));
    expect(markdown.headers.vary).toBeUndefined();
  });
});

describe('a signed-in person', () => {
  it('reads an internal page with the sidebar listing internal pages and their name escaped in the header', async () => {
    const answer = asPlain(await pageOf('/internal/runbook', ALICE));
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(answer.headers.vary).toBe('Accept, Cookie');
    expect(answer.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(answer.headers['access-control-allow-origin']).toBeUndefined();
    expect(answer.headers['content-security-policy']?.startsWith(CSP)).toBe(true);
    expect(answer.headers['content-security-policy']).toContain("form-action 'self'");
    const html = textOf(answer);
    expect(html).toContain(`${ALICE_ACCOUNT}\n</header>`);
    expect(html).not.toContain('Alice <script>');
    expect(html).not.toContain(ACCOUNT_MARKER);
    expect(html).toContain('<a href="/internal/runbook" aria-current="page">Runbook</a>');
    expect(html).toContain('Restart the zebrafish service.');
  });

  it('reads a public page with its name in the header; the sidebar lists internal pages only with internal:read', async () => {
    const alice = textOf(asPlain(await pageOf('/guides/setup', ALICE)));
    expect(alice).toContain(ALICE_ACCOUNT);
    expect(alice).toContain(INTERNAL_LINK);
    const bob = asPlain(await pageOf('/guides/setup', BOB));
    expect(bob.status).toBe(200);
    expect(bob.headers['cache-control']).toBe('private, no-store');
    expect(bob.headers.vary).toBe('Accept, Cookie');
    const html = textOf(bob);
    expect(html).toContain('<span class="account-name">Signed in as bob@example.com</span>');
    expect(html).not.toContain('/internal/');
    expect(html).toContain('<a href="/guides/setup" aria-current="page">Setup</a>');
  });

  it('splices another name into the same cached body: one render per page, not per person', async () => {
    const renders: string[] = [];
    const fresh = loadSnapshot(dir, { baseUrl: TEST_BASE_URL, onPageRender: (key) => renders.push(key) }).snapshot;
    const serve = servePage(pageConfig());
    const carol = { ...ALICE, person: { subject: 'carol', name: 'Carol', sessionId: 'sgs_z' } };
    const one = textOf(await serve(factsOf('/internal/runbook'), fresh, ALICE));
    const two = textOf(await serve(factsOf('/internal/runbook'), fresh, carol));
    expect(two).toBe(one.replace('Signed in as Alice &lt;script&gt;', 'Signed in as Carol'));
    // The same name again: the same answer (the writer keeps its fields); another name in between does not leak.
    const three = await serve(factsOf('/internal/runbook'), fresh, ALICE);
    expect(textOf(three)).toBe(one);
    expect(await serve(factsOf('/internal/runbook'), fresh, ALICE)).toBe(three);
    expect(textOf(await serve(factsOf('/internal/runbook'), fresh, carol))).toBe(two);
    // An internal page's own bodies are the reader's: rendered once.
    expect(renders).toStrictEqual(['/internal/runbook']);
  });

  it('reads a generated folder listing with their account and sidebar', async () => {
    const alice = asPlain(await pageOf('/guides/', ALICE));
    expect(alice.status).toBe(200);
    expect(alice.headers['cache-control']).toBe('private, no-store');
    expect(alice.headers.vary).toBe('Accept, Cookie');
    expect(textOf(alice)).toContain(ALICE_ACCOUNT);
    expect(textOf(alice)).toContain(INTERNAL_LINK);
    expect(textOf(alice)).toContain('<ul class="listing">');
    const bob = textOf(asPlain(await pageOf('/guides/', BOB)));
    expect(bob).toContain('Signed in as bob@example.com');
    expect(bob).not.toContain('/internal/');
    const anonymous = asBody(await pageOf('/guides/', undefined));
    expect(textOf(anonymous)).not.toContain(ACCOUNT_MARKER);
  });

  it('gets /llms.txt privately: with internal pages for internal:read, the public index otherwise', async () => {
    const { close } = await appOnce();
    try {
      const serve = llmsTxtAnswer(TEST_BASE_URL);
      const alice = asBody(await serve(factsOf('/llms.txt', 'text/plain'), snapshot, ALICE));
      expect(alice.body).toBe(snapshot.reader.internalLlmsTxt);
      expect(alice.headers).toStrictEqual({
        'x-content-type-options': 'nosniff',
        'cache-control': 'private, no-store',
        vary: 'Cookie, Authorization',
      });
      const bob = asBody(await serve(factsOf('/llms.txt', 'text/plain'), snapshot, BOB));
      expect(bob.body).toBe(snapshot.discovery.llmsTxt);
      expect(bob.headers).toStrictEqual(alice.headers);
    } finally {
      await close();
    }
  });

  it('reads the markdown (.md and negotiated) privately, with Vary: Cookie', async () => {
    const md = asBody(await pageOf('/internal/runbook.md', ALICE, { accept: 'text/markdown' }));
    expect(md.headers['cache-control']).toBe('private, no-store');
    expect(md.headers.vary).toBe('Cookie');
    expect(md.body.type).toBe('text/markdown; charset=utf-8');
    expect(textOf(md)).toContain('Restart the zebrafish service.');
    const publicMd = asBody(await pageOf('/guides/setup', BOB, { accept: 'text/markdown' }));
    expect(publicMd.headers['cache-control']).toBe('private, no-store');
    expect(publicMd.headers.vary).toBe('Accept, Cookie');
    expect(publicMd.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gets 403 saying who they are signed in as, with a sign-out button, when their account may not read internal pages', async () => {
    for (const path of ['/internal/runbook', '/internal/no-such-page']) {
      const answer = asPlain(await pageOf(path, BOB, { auth: SIGN_IN }));
      expect(answer.status).toBe(403);
      expect(answer.headers['cache-control']).toBe('private, no-store');
      expect(answer.headers.vary).toBe('Accept, Cookie');
      expect(answer.headers['access-control-allow-origin']).toBeUndefined();
      const html = textOf(answer);
      expect(html).toContain('<p class="signed-in-as">Signed in as bob@example.com, whose account cannot read internal pages.</p>');
      expect(html).toContain(
        'whose account cannot read internal pages.</p>\n<form class="sign-out" method="post" action="/_sitegate/logout"><button type="submit">Sign out</button></form>\n<p class="status">HTTP 403</p>',
      );
      expect(html).not.toContain(INTERNAL_LINK);
    }
    const json = asPlain(await pageOf('/internal/runbook', BOB, { accept: 'application/json' }));
    expect(json.status).toBe(403);
    expect(JSON.parse(String(json.body))).toMatchObject({ code: 'insufficient_scope', scopes: ['internal:read'] });
    expect(json.headers['cache-control']).toBe('private, no-store');
    expect(json.headers.vary).toBe('Accept, Cookie');
  });

  it('gets the 404 page with their account and the sidebar their scopes allow', async () => {
    const alice = asPlain(await pageOf('/no-such-page', ALICE));
    expect(alice.status).toBe(404);
    expect(alice.headers['cache-control']).toBe('private, no-store');
    expect(alice.headers.vary).toBe('Accept, Cookie');
    expect(textOf(alice)).toContain(ALICE_ACCOUNT);
    expect(textOf(alice)).toContain(INTERNAL_LINK);
    const missingInternal = asPlain(await pageOf('/internal/no-such-page', ALICE));
    expect(missingInternal.status).toBe(404);
    expect(textOf(missingInternal)).toContain(ALICE_ACCOUNT);
    const bob = textOf(asPlain(await pageOf('/no-such-page', BOB)));
    expect(bob).toContain('Signed in as bob@example.com');
    expect(bob).not.toContain('/internal/');
  });

  it('sees the search page with their sidebar and header; its search box is the header form', async () => {
    const facts = { ...factsOf('/search'), search: '?q=zebrafish', query: { q: 'zebrafish', offset: 0 } };
    const alice = asPlain(await searchPage()(facts, snapshot, ALICE));
    expect(alice.headers['cache-control']).toBe('private, no-store');
    expect(alice.headers.vary).toBe('Cookie');
    const html = textOf(alice);
    expect(html).toContain(ALICE_ACCOUNT);
    expect(html).toContain(INTERNAL_LINK);
    expect(html).toContain('<form class="search" role="search" action="/search" method="get">');
    expect(html).toContain('<h2><a href="/internal/runbook">Runbook</a></h2>');
    const bob = asPlain(await searchPage()(facts, snapshot, BOB));
    expect(textOf(bob)).not.toContain('/internal/');
    expect(textOf(bob)).toContain('Signed in as bob@example.com');
    const anonymous = asPlain(await searchPage()({ ...facts, query: { q: 'setup', offset: 0 } }, snapshot, undefined));
    expect(anonymous.headers['cache-control']).toBe('public, max-age=60');
    expect(anonymous.headers.vary).toBeUndefined();
    expect(textOf(anonymous)).not.toContain('Signed in as');
  });
});

describe('a client with internal:read and no person (API key, token)', () => {
  it('reads internal pages with the internal sidebar, no header account, the cached body as it is', async () => {
    const first = asBody(await pageOf('/internal/runbook', ROBOT));
    const second = asBody(await pageOf('/internal/runbook', ROBOT));
    expect(second.body).toBe(first.body);
    expect(first.headers['cache-control']).toBe('private, no-store');
    expect(first.headers.vary).toBe('Accept, Accept-Encoding');
    const html = textOf(first);
    expect(html).toContain('<a href="/internal/runbook" aria-current="page">Runbook</a>');
    expect(html).not.toContain('Signed in as');
    expect(html).toContain(`${ACCOUNT_MARKER}</header>`);
  });

  it('reads public pages exactly as anonymous readers do', async () => {
    const anonymous = asBody(await pageOf('/guides/setup', undefined));
    const robot = asBody(await pageOf('/guides/setup', ROBOT));
    expect(robot.body).toBe(anonymous.body);
    expect(robot.headers).toBe(anonymous.headers);
  });
});

describe('a browser without a session asks for an internal page', () => {
  const LOGIN = '/_sitegate/login?return_to=%2Finternal%2Frunbook';

  it('gets the 401 page with a "Sign in" button when sign-in is configured, the same for a missing internal page', async () => {
    const answer = asPlain(await pageOf('/internal/runbook', undefined, { auth: SIGN_IN }));
    expect(answer.status).toBe(401);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers.vary).toBe('Accept, Cookie');
    expect(answer.headers['www-authenticate']).toBe(
      'Bearer realm="sitegate", resource_metadata="http://sitegate.test/.well-known/oauth-protected-resource"',
    );
    expect(textOf(answer)).toContain(`<p><a class="sign-in" href="${LOGIN}">Sign in</a></p>`);
    expect(textOf(answer)).toContain('This page is internal. Sign in with your company account to read it.');
    const missing = asPlain(await pageOf('/internal/nope', undefined, { auth: SIGN_IN, search: '?a=1&b=2' }));
    expect(missing.status).toBe(401);
    expect(textOf(missing)).toContain(
      '<p><a class="sign-in" href="/_sitegate/login?return_to=%2Finternal%2Fnope%3Fa%3D1%26b%3D2">Sign in</a></p>',
    );
    expect(textOf(missing).replace('%2Fnope%3Fa%3D1%26b%3D2', '%2Frunbook')).toBe(textOf(answer));
  });

  it('is sent (302) to sign in with auth.autoSignIn and an HTML request; markdown and JSON clients keep the 401', async () => {
    const auto = { ...SIGN_IN, autoSignIn: true };
    const answer = asPlain(await pageOf('/internal/runbook', undefined, { auth: auto }));
    expect(answer.status).toBe(302);
    expect(answer.headers).toStrictEqual({ location: LOGIN, 'cache-control': 'no-store', vary: 'Accept, Cookie' });
    expect(answer.body).toBeUndefined();
    const markdown = asPlain(await pageOf('/internal/runbook', undefined, { auth: auto, accept: 'text/markdown' }));
    expect(markdown.status).toBe(401);
    expect(markdown.headers['www-authenticate']).toBeDefined();
    const json = asPlain(await pageOf('/internal/runbook', undefined, { auth: auto, accept: 'application/json' }));
    expect(json.status).toBe(401);
    expect(JSON.parse(String(json.body))).toMatchObject({ code: 'credential_required' });
  });

  it("gets today's 401 page when sign-in is not configured", async () => {
    const facts = factsOf('/internal/runbook');
    const today = errorAnswer(
      new ApiError('credential_required'),
      'html',
      facts,
      { baseUrl: TEST_BASE_URL, snapshot: () => snapshot },
      { negotiated: true },
    );
    const answer = asPlain(await pageOf('/internal/runbook', undefined));
    expect(answer.status).toBe(401);
    expect(answer.headers).toStrictEqual(today.headers);
    expect(textOf(answer)).toBe(String(today.body));
    expect(textOf(answer)).not.toContain('Sign in');
  });

  it('carries what it knows of the reader as a ReaderError', () => {
    expect(() => servePage(pageConfig(SIGN_IN))(factsOf('/internal/runbook'), snapshot, undefined)).toThrow(ReaderError);
  });
});

describe('through the listener, with an API key', () => {
  let t: TestApp;
  let internalKey: string;
  let publicKey: string;
  beforeAll(async () => {
    t = await buildTestApp(dir);
    internalKey = (await issueKey(t.context, ['content:read', 'search:read', 'internal:read'])).apiKey;
    publicKey = (await issueKey(t.context, ['content:read', 'search:read'])).apiKey;
  });
  afterAll(async () => t.app.close());

  it('serves /llms.txt with internal pages to internal:read, privately; the public bytes to anyone else, never 401', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/llms.txt' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.body).not.toContain('/internal/');
    const reader = await t.app.inject({ method: 'GET', url: '/llms.txt', headers: { 'x-api-key': internalKey } });
    expect(reader.statusCode).toBe(200);
    expect(reader.headers['cache-control']).toBe('private, no-store');
    // The writer adds Accept-Encoding to a body it may compress.
    expect(reader.headers.vary).toBe('Cookie, Authorization, Accept-Encoding');
    expect(reader.headers['access-control-allow-origin']).toBeUndefined();
    expect(reader.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(reader.body).toContain('http://sitegate.test/internal/runbook.md');
    expect(reader.body).toContain('This index lists the 5 pages, internal ones included, of http://sitegate.test.');
    for (const headers of [
      { 'x-api-key': publicKey },
      { 'x-api-key': 'sk_not_a_key' },
      { authorization: 'Bearer nope' },
      { authorization: 'Basic x' },
    ]) {
      const other = await t.app.inject({ method: 'GET', url: '/llms.txt', headers });
      expect(other.statusCode).toBe(200);
      expect(other.body).toBe(anonymous.body);
      expect(other.headers.etag).toBe(anonymous.headers.etag);
      expect(other.headers['cache-control']).toBe(anonymous.headers['cache-control']);
    }
    const again = await t.app.inject({ method: 'GET', url: '/llms.txt' });
    expect(again.headers.etag).toBe(anonymous.headers.etag);
    expect(again.body).toBe(anonymous.body);
  });

  it('lists internal pages in the nav tree and the /search page sidebar for internal:read; the anonymous page is unchanged', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/guides/setup', headers: { accept: 'text/html' } });
    const page = await t.app.inject({
      method: 'GET',
      url: '/internal/runbook',
      headers: { accept: 'text/html', 'x-api-key': internalKey },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<a href="/internal/runbook" aria-current="page">Runbook</a>');
    const search = await t.app.inject({
      method: 'GET',
      url: '/search?q=zebrafish',
      headers: { accept: 'text/html', 'x-api-key': internalKey },
    });
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain(INTERNAL_LINK);
    expect(search.body).toContain('<h2><a href="/internal/runbook">Runbook</a></h2>');
    const publicSearch = await t.app.inject({
      method: 'GET',
      url: '/search?q=setup',
      headers: { accept: 'text/html', 'x-api-key': publicKey },
    });
    expect(publicSearch.body).not.toContain('/internal/');
    const after = await t.app.inject({ method: 'GET', url: '/guides/setup', headers: { accept: 'text/html' } });
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.body).toBe(before.body);
    expect(after.headers.vary).toBe('Accept, Accept-Encoding');
    expect(after.body).not.toContain('/internal/');
  });
});

describe("the reader's documents are valid HTML", () => {
  // As test/html-validate.test.ts, whose rule changes are explained there.
  const validator = new HtmlValidate({
    extends: ['html-validate:recommended'],
    rules: { 'valid-id': ['error', { relaxed: true }], 'void-style': 'off', 'long-title': 'off', 'no-trailing-whitespace': 'off' },
  });

  it.each([
    ['internal page, person', '/internal/runbook', ALICE, NO_SIGN_IN],
    ['public page, person without internal:read', '/guides/setup', BOB, NO_SIGN_IN],
    ['internal page, API key', '/internal/runbook', ROBOT, NO_SIGN_IN],
    ['403 page, person', '/internal/runbook', BOB, SIGN_IN],
    ['404 page, person', '/no-such-page', ALICE, NO_SIGN_IN],
    ['401 page with "Sign in"', '/internal/runbook', undefined, SIGN_IN],
  ] as const)('%s', async (_name, path, principal, auth) => {
    const report = await validator.validateString(textOf(await pageOf(path, principal, { auth })));
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toStrictEqual([]);
  });

  it('the search page, person', async () => {
    const facts = { ...factsOf('/search'), search: '?q=zebrafish', query: { q: 'zebrafish', offset: 0 } };
    const report = await validator.validateString(textOf(await searchPage()(facts, snapshot, ALICE)));
    expect(report.results.flatMap((result) => result.messages.map((m) => `${m.ruleId}: ${m.message}`))).toStrictEqual([]);
  });
});
