import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { tokenResponseBody } from './grant.js';
import { parseForm } from './params.js';

describe('parseForm', () => {
  it('decodes as URLSearchParams does (WHATWG form-urlencoded): + as space, percent-decoding as UTF-8, bad escapes kept', () => {
    for (const text of ['a=1&b=2', 'a=%zz&b=%E2%82%AC', 'a+b=c+d', '=x&y', 'a=%C3', 'x&y=', 'a=1&&b=2&', '__proto__=1&constructor=2']) {
      expect({ ...parseForm(text) }).toStrictEqual(Object.fromEntries(new URLSearchParams(text)));
    }
  });

  it('refuses a repeated parameter (RFC 6749 §3.2)', () => {
    expect(() => parseForm('grant_type=client_credentials&scope=a&scope=b')).toThrow(
      new ApiError('invalid_request', { message: 'The parameter scope is repeated.' }),
    );
  });
});

describe('tokenResponseBody', () => {
  it('is the JSON of the response, field for field', () => {
    const response = {
      access_token: 'eyJhbGciOiJFZERTQSJ9.eyJzY29wZSI6InNlYXJjaDpyZWFkIn0.c2lnbmF0dXJlXy0',
      token_type: 'Bearer' as const,
      expires_in: 3600,
      scope: 'search:read content:read',
    };
    expect(tokenResponseBody(response)).toBe(JSON.stringify(response));
  });
});
