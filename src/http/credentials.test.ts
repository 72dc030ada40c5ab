import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import type { SchemeName } from '../auth/principal.js';
import { credentialReader, presentedCredential } from './credentials.js';

const bearer = (token: string): { headers: { authorization: string } } => ({ headers: { authorization: `Bearer ${token}` } });

describe('presentedCredential', () => {
  it('reads each request of a connection afresh when its Authorization value changes', () => {
    const connection = {};
    expect(presentedCredential(bearer('first.token.a'), connection)).toStrictEqual({ scheme: 'bearer', value: 'first.token.a' });
    expect(presentedCredential(bearer('first.token.a'), connection)).toStrictEqual({ scheme: 'bearer', value: 'first.token.a' });
    expect(presentedCredential(bearer('second.token.b'), connection)).toStrictEqual({ scheme: 'bearer', value: 'second.token.b' });
    expect(() => presentedCredential({ headers: { authorization: 'Basic c2VjcmV0' } }, connection)).toThrow(ApiError);
    expect(presentedCredential({ headers: { 'x-api-key': ' sgk_key ' } }, connection)).toStrictEqual({
      scheme: 'apiKey',
      value: 'sgk_key',
    });
    expect(presentedCredential({ headers: {} }, connection)).toBeUndefined();
  });

  it('tells the two headers apart when a connection sends the same value in each', () => {
    const connection = {};
    expect(presentedCredential({ headers: { 'x-api-key': 'Bearer a.b.c' } }, connection)).toStrictEqual({
      scheme: 'apiKey',
      value: 'Bearer a.b.c',
    });
    expect(presentedCredential({ headers: { authorization: 'Bearer a.b.c' } }, connection)).toStrictEqual({
      scheme: 'bearer',
      value: 'a.b.c',
    });
    expect(presentedCredential({ headers: { 'x-api-key': 'Bearer a.b.c' } }, connection)).toStrictEqual({
      scheme: 'apiKey',
      value: 'Bearer a.b.c',
    });
  });

  it('keeps connections apart', () => {
    const one = {};
    const other = {};
    expect(presentedCredential(bearer('one.token.a'), one)).toStrictEqual({ scheme: 'bearer', value: 'one.token.a' });
    expect(presentedCredential(bearer('other.token.b'), other)).toStrictEqual({ scheme: 'bearer', value: 'other.token.b' });
    expect(presentedCredential(bearer('one.token.a'), one)).toStrictEqual({ scheme: 'bearer', value: 'one.token.a' });
  });

  it('refuses both credentials at once, and a malformed Bearer value, with the RFC 6750 error', () => {
    expect(() => presentedCredential({ headers: { 'x-api-key': 'k', authorization: 'Bearer t' } })).toThrow(
      new ApiError('invalid_request', { message: 'Send one credential: X-API-Key or Authorization, not both.' }),
    );
    let thrown: unknown;
    try {
      presentedCredential({ headers: { authorization: 'Bearer a b' } }, {});
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe('invalid_token');
    expect((thrown as ApiError).message).toBe('The Authorization header must be "Bearer <access token>".');
  });
});

describe('credentialReader', () => {
  const ALL: readonly SchemeName[] = ['apiKey', 'bearer', 'session'];
  const API: readonly SchemeName[] = ['apiKey', 'bearer'];
  const read = credentialReader('http://docs.example.com');
  const value = 'v'.repeat(43);

  it('reads the session cookie among the others when the route takes the session', () => {
    const request = { headers: { cookie: `theme=dark; sitegate_session=${value}; _ga=1` } };
    expect(read(request, ALL, {})).toStrictEqual({ scheme: 'session', value });
  });

  it('reads no cookie on a route that takes only the headers', () => {
    expect(read({ headers: { cookie: `sitegate_session=${value}` } }, API, {})).toBeUndefined();
  });

  it('lets a header credential win: the cookie is then not read', () => {
    const request = { headers: { 'x-api-key': 'sgk_key', cookie: `sitegate_session=${value}` } };
    expect(read(request, ALL, {})).toStrictEqual({ scheme: 'apiKey', value: 'sgk_key' });
    expect(() => read({ headers: { 'x-api-key': 'k', authorization: 'Bearer t', cookie: `sitegate_session=${value}` } }, ALL)).toThrow(
      ApiError,
    );
  });

  it('finds no credential in other cookies, an empty value, or a cookie of another name that contains ours', () => {
    for (const cookie of ['theme=dark', 'sitegate_session=', 'theme=dark; sitegate_session=', `xsitegate_session=${value}`])
      expect(read({ headers: { cookie } }, ALL, {})).toBeUndefined();
    expect(read({ headers: {} }, ALL, {})).toBeUndefined();
  });

  it('reads the __Host- prefixed name on an https public URL, and only it', () => {
    const secure = credentialReader('https://docs.example.com');
    expect(secure({ headers: { cookie: `__Host-sitegate_session=${value}` } }, ALL)).toStrictEqual({ scheme: 'session', value });
    expect(secure({ headers: { cookie: `sitegate_session=${value}` } }, ALL)).toBeUndefined();
  });

  it('hands back the same credential for the same Cookie header on a connection, and reads a changed one afresh', () => {
    const connection = {};
    const first = read({ headers: { cookie: `sitegate_session=${value}` } }, ALL, connection);
    expect(read({ headers: { cookie: `sitegate_session=${value}` } }, ALL, connection)).toBe(first);
    expect(read({ headers: { cookie: 'sitegate_session=other' } }, ALL, connection)).toStrictEqual({ scheme: 'session', value: 'other' });
  });
});
