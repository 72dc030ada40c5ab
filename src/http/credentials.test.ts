import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { presentedCredential } from './credentials.js';

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
