import { gunzipSync } from 'node:zlib';
import { inject, type InjectOptions, type Response } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { makeBody, type Body } from '../body.js';
import { bodyAnswer, plainAnswer, type HeaderFields, type PlainAnswer } from '../answers/answer.js';
import { createWriter } from './write.js';

describe('the writer', () => {
  /** A listener that writes one answer, as the production listener does. */
  function serve(
    body: Body,
    headers: HeaderFields = {},
    transport: HeaderFields = {},
  ): { inject(options: InjectOptions): Promise<Response> } {
    const write = createWriter(transport);
    return { inject: (options) => inject((request, response) => void write(request, response, bodyAnswer(body, headers)), options) };
  }

  const big = makeBody(`${'All work and no play. '.repeat(100)}\n`, 'text/plain; charset=utf-8');
  const small = makeBody('{"ok":true}', 'application/json; charset=utf-8');

  it('sends a small body as is, with its ETag and the default cache policy', async () => {
    const res = await serve(small).inject({ url: '/', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toStrictEqual({
      etag: small.etag,
      'cache-control': 'public, max-age=300',
      'content-type': 'application/json; charset=utf-8',
      'content-length': '11',
      date: expect.any(String) as string,
      connection: 'keep-alive',
    });
    expect(res.body).toBe('{"ok":true}');
  });

  it('adds Accept-Encoding to Vary for a compressible body, after the caller’s Vary', async () => {
    const res = await serve(big, { vary: 'Accept', 'cache-control': 'no-store' }).inject({ url: '/' });
    expect(res.headers.vary).toBe('Accept, Accept-Encoding');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(big.bytes)).toBe(true);
  });

  it('sends the gzip variant with its own ETag', async () => {
    const res = await serve(big).inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.etag).toBe(`${big.etag.slice(0, -1)}-gzip"`);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(gunzipSync(res.rawPayload).equals(big.bytes)).toBe(true);
  });

  it('answers 304 without a body when If-None-Match names any coding of the body', async () => {
    const server = serve(big);
    for (const tag of [big.etag, `${big.etag.slice(0, -1)}-br"`]) {
      const res = await server.inject({ url: '/', headers: { 'if-none-match': tag, 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(304);
      expect(res.headers).toStrictEqual({
        etag: `${big.etag.slice(0, -1)}-gzip"`,
        'cache-control': 'public, max-age=300',
        vary: 'Accept-Encoding',
        date: expect.any(String) as string,
        connection: 'keep-alive',
      });
      expect(res.body).toBe('');
    }
  });

  it('adds the transport headers to every answer, and Content-Length to computed ones', async () => {
    const write = createWriter({ 'strict-transport-security': 'max-age=31536000' });
    const res = await inject(
      (request, response) => void write(request, response, plainAnswer(201, { 'content-type': 'text/plain' }, 'é')),
      {
        url: '/',
      },
    );
    expect(res.statusCode).toBe(201);
    expect(res.headers).toStrictEqual({
      'content-type': 'text/plain',
      'strict-transport-security': 'max-age=31536000',
      'content-length': '2',
      date: expect.any(String) as string,
      connection: 'keep-alive',
    });
    expect(res.body).toBe('é');
  });

  it('writes an answer object with a Buffer body the same each time it is handed over, and another with the same headers by its own length', async () => {
    const write = createWriter({ 'strict-transport-security': 'max-age=31536000' });
    const headers: HeaderFields = { 'content-type': 'application/json; charset=utf-8' };
    const shared = plainAnswer(200, headers, Buffer.from('{"scheme":"apiKey"}'));
    const other = plainAnswer(200, headers, Buffer.from('{"scheme":"bearer","x":1}'));
    const send = (answer: PlainAnswer, method: 'GET' | 'HEAD' = 'GET'): Promise<Response> =>
      inject((request, response) => void write(request, response, answer), { url: '/', method });
    const expected = (length: number): Record<string, unknown> => ({
      'content-type': 'application/json; charset=utf-8',
      'strict-transport-security': 'max-age=31536000',
      'content-length': String(length),
      date: expect.any(String) as string,
      connection: 'keep-alive',
    });
    for (const [answer, body] of [
      [shared, '{"scheme":"apiKey"}'],
      [other, '{"scheme":"bearer","x":1}'],
      [shared, '{"scheme":"apiKey"}'],
    ] as const) {
      const res = await send(answer);
      expect(res.statusCode).toBe(200);
      expect(res.headers).toStrictEqual(expected(body.length));
      expect(res.body).toBe(body);
    }
    const head = await send(shared, 'HEAD');
    expect(head.headers).toStrictEqual(expected(19));
    expect(head.body).toBe('');
  });
});
