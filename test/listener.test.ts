/**
 * Tests run what production runs: `app.inject` drives the very `(request, response)` listener the
 * node:http server of `serve` has installed, so an answer only the listener layer gives (a request
 * target over the limit, refused before any route is looked up) and a page GET both pass through it.
 */
import type { RequestListener } from 'node:http';
import { inject } from 'light-my-request';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp(EXAMPLE_SITE, { settings: { limits: { maxUrlBytes: 1024 } } });
});
afterEach(async () => {
  await t.app.close();
});

describe('the production listener', () => {
  it('is the one request listener of the server', () => {
    expect(t.app.server.listeners('request')).toStrictEqual([t.app.listener]);
  });

  it('answers a limit refusal and a page GET alike, both through the injected listener', async () => {
    const seen: string[] = [];
    const spy: RequestListener = function spy(request, response) {
      seen.push(request.url ?? '');
      t.app.listener(request, response);
    };
    const long = `/guides/${'a'.repeat(1100)}`;
    const refused = await inject(spy, { url: long });
    expect(refused.statusCode).toBe(414);
    expect(refused.json()).toMatchObject({ error: true, code: 'uri_too_long', message: 'The request URL is longer than 1024 bytes.' });
    const page = await inject(spy, { url: '/guides/configuration', headers: { accept: 'text/markdown' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/markdown; charset=utf-8');
    expect(seen).toStrictEqual([long, '/guides/configuration']);
  });

  it('gives app.inject the same answers as the listener itself', async () => {
    const viaApp = await t.app.inject({ url: '/api/v1/health' });
    const viaListener = await inject(t.app.listener, { url: '/api/v1/health' });
    expect(viaApp.statusCode).toBe(200);
    expect(viaApp.body).toBe(viaListener.body);
    expect({ ...viaApp.headers, date: '' }).toStrictEqual({ ...viaListener.headers, date: '' });
  });
});
