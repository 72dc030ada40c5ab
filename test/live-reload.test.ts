/**
 * Live reload over HTTP (issue 32): in watch mode, `GET /_sitegate/reload` is a server-sent-events
 * stream that says `reload` after each snapshot swap, pages load `/_sitegate/reload.js` and the CSP
 * is today's; without watch there is no endpoint, no script and no tag. The stream is bounded (a cap
 * of open streams, heartbeats), ends when the app closes, and respects access.
 */
import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_RELOAD_MAX_CONNECTIONS, createLiveReload } from '../src/answers/live-reload.js';
import type { RawAnswer, RequestFacts } from '../src/answers/answer.js';
import { loadSnapshot, snapshotOptionsOf, type Snapshot } from '../src/snapshot/snapshot.js';
import { freePort } from './free-port.js';
import { buildTestApp, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';
import { errorBody, HTML_SECURITY, HTML_TYPE, without } from './http-expect.js';

/** The script tag of a page drawn from build `build`. */
const scriptTag = (build: string): string => `<script src="/_sitegate/reload.js" data-build="${build}" defer></script>`;

/** An open event stream: its response and the text read so far. */
interface Stream {
  response: IncomingMessage;
  text(): string;
  /** Resolves once the text so far includes `part`. */
  until(part: string): Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
}

/** Opens `GET path` on a listening app and resolves with its head; the body is read as it comes. */
function open(origin: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(origin + path, { method, headers }, (response) => {
      let text = '';
      const waiting: { part: string; done: () => void }[] = [];
      response.setEncoding('utf8').on('data', (chunk: string) => {
        text += chunk;
        for (const one of waiting.filter((w) => text.includes(w.part))) one.done();
      });
      const ended = new Promise<void>((done) => response.once('end', done));
      resolve({
        response,
        text: () => text,
        until: (part) => (text.includes(part) ? Promise.resolve() : new Promise((done) => waiting.push({ part, done }))),
        ended,
      });
    });
    req.once('error', reject);
    req.end();
  });
}

let dir: string | undefined;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  if (dir !== undefined) removeDir(dir);
  t = undefined;
  dir = undefined;
});

/** Builds and starts an app over `files`, in watch mode or not. */
async function serve(files: Record<string, string>, watch: boolean): Promise<{ app: TestApp; origin: string }> {
  dir = writeContent(files);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  t = await buildTestApp(dir, { baseUrl: origin, settings: { watch } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { app: t, origin };
}

const SITE = { 'index.md': '# Home\n\nWelcome.\n', 'guide.md': '# Guide\n\nRead me.\n' };

describe('serve --watch: the live-reload stream', () => {
  it('is an event stream that says reload after each swap, and ends when the app closes', async () => {
    const { app, origin } = await serve(SITE, true);
    const stream = await open(origin, '/_sitegate/reload');
    expect(stream.response.statusCode).toBe(200);
    expect(without(stream.response.headers, 'date')).toStrictEqual({
      'content-type': 'text/event-stream',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
      'keep-alive': `timeout=${app.context.config.limits.keepAliveTimeoutMs / 1000}`,
      'transfer-encoding': 'chunked',
    });
    await stream.until('retry: 1000\n\n');
    expect(app.context.liveReload?.connections).toBe(1);

    app.context.swapSnapshot(loadSnapshot(dir as string, snapshotOptionsOf(app.context.config)).snapshot);
    await stream.until('event: reload\n');
    expect(stream.text()).toBe('retry: 1000\n\nevent: reload\ndata: changed\n\n');

    const started = performance.now();
    await app.app.close();
    await stream.ended;
    // The stream never ends by itself: without ending it first, close would wait forever.
    expect(performance.now() - started).toBeLessThan(5000);
    expect(app.context.liveReload?.connections).toBe(0);
    t = undefined;
  });

  it('tells a page drawn from an earlier build to reload at once; one of the build served waits', async () => {
    const { app, origin } = await serve(SITE, true);
    const build = app.context.snapshot().chrome.liveReload?.build as string;
    const current = await open(origin, `/_sitegate/reload?since=${build}`);
    const earlier = await open(origin, '/_sitegate/reload?since=0-0');
    await earlier.until('event: reload\n');
    expect(earlier.text()).toBe('retry: 1000\n\nevent: reload\ndata: changed\n\n');
    await current.until('retry:');
    expect(current.text()).toBe('retry: 1000\n\n');
    // A rebuild makes a new build id, so the page drawn from the old one is now the earlier one.
    app.context.swapSnapshot(loadSnapshot(dir as string, snapshotOptionsOf(app.context.config)).snapshot);
    expect(app.context.snapshot().chrome.liveReload?.build).not.toBe(build);
    await current.until('event: reload\n');
  });

  it('answers HEAD with the stream head and no body', async () => {
    const { origin } = await serve(SITE, true);
    const stream = await open(origin, '/_sitegate/reload', {}, 'HEAD');
    await stream.ended;
    expect([stream.response.statusCode, stream.response.headers['content-type'], stream.text()]).toStrictEqual([
      200,
      'text/event-stream',
      '',
    ]);
  });

  it(`serves at most ${LIVE_RELOAD_MAX_CONNECTIONS} streams at once, then 503 with Retry-After`, async () => {
    const { app, origin } = await serve(SITE, true);
    const streams = await Promise.all(Array.from({ length: LIVE_RELOAD_MAX_CONNECTIONS }, () => open(origin, '/_sitegate/reload')));
    await Promise.all(streams.map((one) => one.until('retry:')));
    expect(app.context.liveReload?.connections).toBe(LIVE_RELOAD_MAX_CONNECTIONS);
    const refused = await open(origin, '/_sitegate/reload');
    await refused.ended;
    expect([refused.response.statusCode, refused.response.headers['retry-after'], JSON.parse(refused.text())]).toStrictEqual([
      503,
      '5',
      errorBody('temporarily_unavailable', `At most ${LIVE_RELOAD_MAX_CONNECTIONS} live-reload connections are served at once.`, origin),
    ]);
    // A stream that closes frees its place.
    (streams[0] as Stream).response.destroy();
    await expect.poll(() => app.context.liveReload?.connections).toBe(LIVE_RELOAD_MAX_CONNECTIONS - 1);
    const again = await open(origin, '/_sitegate/reload');
    expect(again.response.statusCode).toBe(200);
  });

  it('sends a heartbeat comment while a stream is open', async () => {
    const hub = createLiveReload({ heartbeatMs: 20 });
    const site = { site: { publicPages: [{}] } } as unknown as Snapshot;
    const server = createServer((request, response) => {
      const answer = hub.answer({ search: '' } as RequestFacts, site, undefined) as RawAnswer;
      void answer.run(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const stream = await open(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/');
      await stream.until(': heartbeat\n\n: heartbeat\n\n');
      expect(stream.text().startsWith('retry: 1000\n\n: heartbeat\n\n')).toBe(true);
      hub.close();
      await stream.ended;
      expect(hub.connections).toBe(0);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reveals nothing to whom can read no page: 401 without a credential on an all-internal site, a stream with one', async () => {
    const { app, origin } = await serve({ 'internal/index.md': '# Staff\n\nOnly staff.\n' }, true);
    const anonymous = await open(origin, '/_sitegate/reload');
    await anonymous.ended;
    expect([anonymous.response.statusCode, JSON.parse(anonymous.text())]).toStrictEqual([
      401,
      errorBody('credential_required', 'This resource needs a credential and none was sent.', origin),
    ]);
    const bad = await open(origin, '/_sitegate/reload', { 'x-api-key': 'sg_live_nope' });
    await bad.ended;
    expect(bad.response.statusCode).toBe(401);
    const { apiKey } = await issueKey(app.context, ['content:read', 'internal:read']);
    const keyed = await open(origin, '/_sitegate/reload', { 'x-api-key': apiKey });
    expect([keyed.response.statusCode, keyed.response.headers['content-type']]).toStrictEqual([200, 'text/event-stream']);
  });

  it('pages load the script from /_sitegate/, which is served; the CSP is unchanged', async () => {
    const { app, origin } = await serve(SITE, true);
    const build = app.context.snapshot().chrome.liveReload?.build as string;
    expect(build).toMatch(/^[0-9a-z]+-\d+$/);
    const page = await app.app.inject({ url: '/guide', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe(HTML_TYPE);
    expect(page.headers['content-security-policy']).toBe(HTML_SECURITY['content-security-policy'].replace('http://sitegate.test', origin));
    expect(page.body.split(scriptTag(build))).toHaveLength(2);
    const script = await app.app.inject('/_sitegate/reload.js');
    expect([script.statusCode, script.headers['content-type']]).toStrictEqual([200, 'text/javascript; charset=utf-8']);
    expect(script.body).toContain('new EventSource(url)');
    // The 404 page, drawn in the same chrome, reloads too (a page being written may not exist yet).
    const missing = await app.app.inject({ url: '/not-yet', headers: { accept: 'text/html' } });
    expect([missing.statusCode, missing.body.includes(scriptTag(build))]).toStrictEqual([404, true]);
  });
});

describe('serve without --watch', () => {
  it('has no stream, no script and no script tag', async () => {
    const { app } = await serve(SITE, false);
    expect(app.context.liveReload).toBeUndefined();
    const stream = await app.app.inject({ url: '/_sitegate/reload', headers: { accept: 'text/event-stream' } });
    expect(stream.statusCode).toBe(404);
    const script = await app.app.inject('/_sitegate/reload.js');
    expect(script.statusCode).toBe(404);
    const page = await app.app.inject({ url: '/guide', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('reload.js');
  });
});
