/**
 * Property tests of every route under random and adversarial requests (issue 6): methods, paths,
 * query strings, headers, Accept values, JSON and form bodies, and credentials (valid, revoked,
 * malformed, unknown, both at once). Through `app.inject`, and over a real socket for what inject
 * cannot express (raw request targets, which inject normalises as WHATWG URLs; raw header bytes;
 * broken HTTP framing). Invariants: fuzz-support.ts `expectSafeAnswer`.
 * Seed: SITEGATE_FUZZ_SEED (fixed by default); run count: SITEGATE_FUZZ_SCALE.
 */
import fc from 'fast-check';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TEST_BASE_URL, removeDir } from './helpers.js';
import { CaseCounter, expectSafeAnswer, fuzzParameters, rawRequest } from './fuzz-support.js';
import { buildFuzzApp, INTERNAL_URLS, PUBLIC_URLS, ROUTE_URLS, type FuzzApp, type FuzzCredentials } from './fuzz-site.js';

let t: FuzzApp;
let port: number;
// A fresh app per test: the inject property spends rate-limit budgets and may revoke the very
// credentials the raw-socket property sends.
beforeEach(async () => {
  t = await buildFuzzApp({
    settings: {
      limits: { keepAliveTimeoutMs: 500, headersTimeoutMs: 1000, requestTimeoutMs: 2000 },
      // Low enough that random traffic also meets 429s.
      rateLimits: { token: { points: 40 }, authFailures: { points: 10 }, clientFailures: { points: 10 } },
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterEach(async () => {
  await t.app.close();
  removeDir(t.contentDir);
});

const printable = (maxLength: number): fc.Arbitrary<string> =>
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength });

/** Path segments that have broken path handling somewhere: dot-segments in every encoding, separators, NUL, metacharacters. */
const NASTY_SEGMENTS = [
  ...['', '.', '..', '...', '%2e', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '%c0%ae', '%c0%ae%c0%ae', '%e0%80%ae', '%c0%af', '%ff'],
  ...['%2f', '%2F', '%5c', '%5C', '%00', '%', '%zz', '%25', '%25.md', '%5B', '[', '~', '%7E', '..md', '..md.md', 'c++', 'c%2B%2B'],
  ...[
    'internal',
    'INTERNAL',
    'Internal',
    'guides',
    'setup',
    'setup.md',
    'setup.MD',
    'setup.',
    'setup..',
    'setup%20',
    'README.md',
    'index.md',
  ],
  ...['hidden', 'hidden.md', 'runbook', 'runbook.md', 'common', 'api', 'v1', 'whoami', 'search.json', 'oauth', 'token', 'mcp'],
  ...['.well-known', 'jwks.json', '_sitegate', 'site.css', ';', ';a=b', '%3B', '*', '%C3%A9', '%F0%9F%98%80', '%EF%BF%BF', 'a'.repeat(300)],
];
const KNOWN_URLS = [...PUBLIC_URLS, ...INTERNAL_URLS, ...ROUTE_URLS];
const SUFFIXES = ['', '/', '.md', '.MD', '.', '%00', '/..', '%2f..', '/.', '//', '%20', '?', '#x'];

const pathArb = fc.oneof(
  fc.constantFrom(...PUBLIC_URLS),
  fc.constantFrom('/api/v1/oauth/token', '/api/v1/oauth/revoke', '/api/v1/oauth/introspect', '/mcp', '/api/search.json', '/api/v1/whoami'),
  fc.tuple(fc.constantFrom(...KNOWN_URLS), fc.constantFrom(...SUFFIXES)).map(([url, suffix]) => url + suffix),
  fc.array(fc.constantFrom(...NASTY_SEGMENTS), { minLength: 1, maxLength: 5 }).map((segments) => `/${segments.join('/')}`),
  fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
  printable(40).map((text) => `/${encodeURIComponent(text)}`),
);

const queryValue = fc.oneof(
  fc.constantFrom('', '0', '1', '-1', '20', '100', '101', '1.5', '1e3', '0x10', '9'.repeat(30), 'NaN', 'null', '[]', '{}'),
  fc.string({ maxLength: 30 }),
  fc.constantFrom('a'.repeat(256), 'a'.repeat(257), '🔍'.repeat(200)),
);
const queryArb = fc.oneof(
  fc.constant(''),
  fc
    .array(fc.tuple(fc.constantFrom('q', 'limit', 'offset', 'q[]', 'limit[0]', '__proto__', 'constructor', 'x', ''), queryValue), {
      maxLength: 4,
    })
    .map((pairs) => `?${pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`).join('&')}`),
  printable(40).map((text) => `?${text.replace(/#/g, '')}`),
);

const acceptArb = fc.option(
  fc.oneof(
    fc.constantFrom(
      ...['text/html', 'text/markdown', 'application/json', '*/*', 'text/markdown;q=0', 'text/*;q=0.5, */*;q=0.1', 'image/png', ''],
      ...[';;;', 'text/markdown;q=abc', 'text/html;q=1.5', ',,,', 'application/json;charset=utf-8', 'text/markdown, text/html;q=0'],
      ...['application/json, text/event-stream', '*/*;q=0', 'text/plain', 'TEXT/MARKDOWN'],
    ),
    printable(60),
  ),
  { nil: undefined },
);

type Credential = { headers: Record<string, string>; internal: boolean };

/** Credentials of every kind: none, valid (public, internal, content-only), revoked, and broken in many ways. */
function credentialArb(c: FuzzCredentials): fc.Arbitrary<Credential> {
  const apiKey = (value: string, internal = false): Credential => ({ headers: { 'x-api-key': value }, internal });
  const bearer = (value: string, internal = false): Credential => ({ headers: { authorization: value }, internal });
  const flip = (text: string, at: number): string => {
    const i = at % text.length;
    return text.slice(0, i) + (text[i] === 'A' ? 'B' : 'A') + text.slice(i + 1);
  };
  return fc.oneof(
    fc.constant<Credential>({ headers: {}, internal: false }),
    fc.constant(apiKey(c.publicKey.apiKey)),
    fc.constant(apiKey(` ${c.publicKey.apiKey} `)),
    fc.constant(apiKey(c.internalKey.apiKey, true)),
    fc.constant(apiKey(c.contentOnlyKey)),
    fc.constant(apiKey(c.revokedKey)),
    fc.constant(bearer(`Bearer ${c.publicToken}`)),
    fc.constant(bearer(`Bearer ${c.internalToken}`, true)),
    fc.nat().map((at) => apiKey(flip(c.internalKey.apiKey, at))),
    fc.nat().map((at) => bearer(`Bearer ${flip(c.internalToken, at)}`)),
    printable(80).map((value) => apiKey(value)),
    printable(40).map((value) => apiKey(`sgk_${value}`)),
    printable(80).map((value) => bearer(value)),
    printable(80).map((value) => bearer(`Bearer ${value}`)),
    fc
      .constantFrom('Bearer', 'Bearer ', 'bearer x.y.z', 'Bearer a.b.c', 'Basic', 'Basic Og==', 'Basic !!!', 'Digest x')
      .map((v) => bearer(v)),
    fc.constant<Credential>({
      headers: { 'x-api-key': c.internalKey.apiKey, authorization: `Bearer ${c.internalToken}` },
      internal: false,
    }),
    fc
      .constantFrom(`${c.publicKey.clientId}:${c.publicKey.clientSecret}`, `${c.internalKey.clientId}:wrong`, 'nobody:nothing', ':', '')
      .map((pair) => bearer(`Basic ${Buffer.from(pair).toString('base64')}`)),
  );
}

type Body = { payload?: string; contentType?: string };

/** Bodies: token requests (JSON and form, right and wrong), any JSON, JSON-RPC, junk, and oversized. */
function bodyArb(c: FuzzCredentials): fc.Arbitrary<Body> {
  const tokenFields = fc.record(
    {
      grant_type: fc.constantFrom('client_credentials', 'password', '', 'CLIENT_CREDENTIALS'),
      client_id: fc.oneof(fc.constant(c.publicKey.clientId), fc.constant(c.internalKey.clientId), printable(30)),
      client_secret: fc.oneof(fc.constant(c.publicKey.clientSecret), printable(30)),
      scope: fc.constantFrom('search:read', 'internal:read', 'search:read content:read', 'admin', '', '  '),
      token: fc.oneof(fc.constant(c.publicToken), printable(30)),
    },
    { requiredKeys: [] },
  );
  const contentType = fc.constantFrom(
    ...['application/json', 'application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'],
    ...['application/json; charset=latin1', 'APPLICATION/JSON', 'application/jsonx', 'application/x-www-form-urlencoded;charset=utf-8'],
  );
  return fc.oneof(
    fc.constant<Body>({}),
    tokenFields.map((fields) => ({ payload: JSON.stringify(fields), contentType: 'application/json' })),
    tokenFields.map((fields) => ({ payload: new URLSearchParams(fields).toString(), contentType: 'application/x-www-form-urlencoded' })),
    fc.tuple(fc.json({ maxDepth: 3 }), contentType).map(([payload, type]) => ({ payload, contentType: type })),
    fc.constantFrom('initialize', 'tools/list', 'tools/call', 'resources/list', 'nope').chain((method) =>
      fc
        .record({ name: fc.constantFrom('search', 'fetch', 'x'), args: fc.dictionary(fc.constantFrom('query', 'id', 'url'), fc.string()) })
        .map(({ name, args }) => ({
          payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { name, arguments: args } }),
          contentType: 'application/json',
        })),
    ),
    fc.tuple(printable(200), contentType).map(([payload, type]) => ({ payload, contentType: type })),
    fc.constantFrom(5000, 70_000).map((size) => ({ payload: `{"a":"${'x'.repeat(size)}"}`, contentType: 'application/json' })),
  );
}

const methodArb = fc.constantFrom(
  'GET',
  'GET',
  'GET',
  'GET',
  'HEAD',
  'HEAD',
  'POST',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACE',
  'PROPFIND',
);
const extraHeadersArb = fc
  .dictionary(
    fc.constantFrom('accept-encoding', 'accept-language', 'x-forwarded-for', 'host', 'origin', 'range', 'x-junk', 'cookie'),
    printable(60),
    { maxKeys: 3 },
  )
  .chain((headers) =>
    fc
      .option(fc.oneof(fc.constantFrom('*', 'W/"x"', '"a", *', ''), printable(30)), { nil: undefined, freq: 2 })
      .map((inm) => (inm === undefined ? headers : { ...headers, 'if-none-match': inm })),
  );
const addressArb = fc.constantFrom('127.0.0.1', '10.0.0.1', '10.0.0.2', '::1', '2001:db8::1');

describe('fuzz: every route through inject', () => {
  it('keeps every invariant for random requests', async ({ task }) => {
    const counter = new CaseCounter(task.meta);
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          method: methodArb,
          path: pathArb,
          query: queryArb,
          accept: acceptArb,
          credential: credentialArb(t.credentials),
          body: bodyArb(t.credentials),
          extra: extraHeadersArb,
          address: addressArb,
        }),
        async ({ method, path, query, accept, credential, body, extra, address }) => {
          counter.tick();
          const headers: Record<string, string> = { ...extra, ...credential.headers };
          if (accept !== undefined) headers.accept = accept;
          const sendsBody = body.payload !== undefined && method !== 'GET' && method !== 'HEAD';
          if (sendsBody && body.contentType !== undefined) headers['content-type'] = body.contentType;
          const res = await t.app.inject({
            method: method as 'GET',
            url: path + query,
            headers,
            remoteAddress: address,
            ...(sendsBody ? { payload: body.payload } : {}),
          });
          // inject sends the target as WHATWG URL parsing leaves it (dot-segments resolved): judge that one.
          const requestPath = (res.raw.req.url ?? path).split('?')[0] ?? path;
          statuses.add(res.statusCode);
          expectSafeAnswer(
            { status: res.statusCode, headers: res.headers, body: res.body },
            { internalAllowed: credential.internal, path: requestPath, baseUrl: TEST_BASE_URL },
          );
        },
      ),
      fuzzParameters(1500),
    );
    // The generators reach every kind of answer, so the invariants were tested on each.
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 304, 308, 400, 401, 403, 404, 405, 406, 413, 415]));
  });
});

/** Bytes of a request target as inject cannot send them: dot-segments, backslashes, raw UTF-8 and control bytes. */
const rawTargetArb = fc.oneof(
  fc.tuple(fc.constantFrom(...KNOWN_URLS), fc.constantFrom(...SUFFIXES)).map(([url, suffix]) => url + suffix),
  fc
    .array(fc.constantFrom(...NASTY_SEGMENTS, '\\', '..\\..', '\u00e9', 'é.md', '\u0000', '\t'), { minLength: 1, maxLength: 5 })
    .map((s) => `/${s.join('/')}`),
  fc.constantFrom(
    ...['*', 'http://sitegate.test/guides/setup', 'http://evil.test/internal/runbook', '//internal/runbook', 'guides', ''],
    ...['/guides', '/guides/setup/', '/common/c++', '/common/%7e', '/guides/README.md'],
  ),
  fc.string({ unit: 'binary', maxLength: 30 }).map((text) => `/${text}`),
);

/** A raw request: request line, headers (some invalid), optional body with a right or wrong length. */
function rawRequestArb(c: FuzzCredentials): fc.Arbitrary<{ bytes: Buffer; internal: boolean; target: string }> {
  const headerLine = fc.oneof(
    fc.constantFrom(
      ...['Accept: text/markdown', 'Accept: application/json', 'Accept: */*;q=0', 'Transfer-Encoding: chunked', 'Content-Length: -1'],
      ...[
        'Content-Length: 5',
        'Content-Length: 1, 2',
        'Host:',
        'Host: a',
        'Host: b',
        'X-API-Key:',
        'Authorization: Bearer',
        'Expect: 100-continue',
      ],
      ...['Connection: keep-alive', 'Content-Length: 99999999999999999999', 'Transfer-Encoding: gzip, chunked', 'X: \u0000', 'X\u0000: y'],
      ...['X-API-Key: sgk_nothing', 'Authorization: Bearer abc.def.ghi', 'Accept: text/html', 'Accept-Encoding: br'],
      ...[`X-API-Key: ${c.internalKey.apiKey}`, `Authorization: Bearer ${c.publicToken}`, 'Bad Header Name: x', ': empty', 'X: é'],
    ),
    fc
      .tuple(fc.constantFrom('X-Fuzz', 'Accept', 'X-API-Key', 'Authorization', 'Cookie'), fc.string({ unit: 'binary', maxLength: 40 }))
      .map(([name, value]) => `${name}: ${value}`),
  );
  return fc
    .record({
      method: fc.constantFrom('GET', 'GET', 'HEAD', 'POST', 'OPTIONS', 'BREW', 'get', 'CONNECT'),
      target: rawTargetArb,
      version: fc.constantFrom('HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/1.1 x', ''),
      lines: fc.array(headerLine, { maxLength: 4 }),
      body: fc.option(fc.string({ unit: 'binary', maxLength: 100 }), { nil: undefined }),
    })
    .map(({ method, target, version, lines, body }) => {
      const head = [`${method} ${target} ${version}`.trimEnd(), 'Host: sitegate.test', ...lines];
      if (body !== undefined && !lines.some((line) => /^(content-length|transfer-encoding)/i.test(line)))
        head.push(`Content-Length: ${Buffer.byteLength(body)}`);
      const bytes = Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'utf8'), Buffer.from(body ?? '', 'utf8')]);
      // Only an exact internal credential alone may unlock internal pages; anything else must not.
      const internal = lines.some((line) => line.includes(c.internalKey.apiKey));
      return { bytes, internal, target };
    });
}

describe('fuzz: raw requests over a real socket', () => {
  it('keeps every invariant for raw request targets, header bytes and framing', async ({ task }) => {
    const counter = new CaseCounter(task.meta);
    const statuses = new Set<number>();
    await fc.assert(
      fc.asyncProperty(rawRequestArb(t.credentials), async ({ bytes, internal, target }) => {
        counter.tick();
        const answer = await rawRequest(port, bytes, { head: bytes.subarray(0, 5).toString() === 'HEAD ' });
        statuses.add(answer.status);
        expect(answer.raw, 'an answer, not a silent close').not.toBe('');
        const path = target.startsWith('/') ? (target.split('?')[0] ?? target) : target;
        expectSafeAnswer(answer, { internalAllowed: internal, path, baseUrl: TEST_BASE_URL });
      }),
      fuzzParameters(300),
    );
    expect([...statuses].sort()).toEqual(expect.arrayContaining([200, 400, 404, 405]));
  });
});
