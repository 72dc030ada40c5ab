import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.js';
import { checkGrantType, tokenResponseBody } from './grant.js';

describe('checkGrantType', () => {
  it('takes client_credentials always, the agent grants only when the authorization server for agents is on', () => {
    expect(checkGrantType({ grant_type: 'client_credentials' })).toBe('client_credentials');
    expect(checkGrantType({ grant_type: 'authorization_code' }, true)).toBe('authorization_code');
    expect(checkGrantType({ grant_type: 'refresh_token' }, true)).toBe('refresh_token');
    for (const grantType of ['authorization_code', 'refresh_token'])
      expect(() => checkGrantType({ grant_type: grantType }, false)).toThrow(
        new ApiError('unsupported_grant_type', { message: `The grant type ${grantType} is not supported; use client_credentials.` }),
      );
    expect(() => checkGrantType({ grant_type: 'password' }, true)).toThrow(
      new ApiError('unsupported_grant_type', {
        message:
          'The grant type password is not supported; use client_credentials (API keys), authorization_code or refresh_token (agents).',
      }),
    );
    expect(() => checkGrantType({}, true)).toThrow(new ApiError('invalid_request', { message: 'grant_type is required.' }));
  });
});

describe('tokenResponseBody of an agent grant', () => {
  it('is the JSON of the response, refresh_token last', () => {
    const response = {
      access_token: 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJhbGljZSJ9.c2lnbmF0dXJlXy0',
      token_type: 'Bearer' as const,
      expires_in: 3600,
      scope: 'internal:read',
      refresh_token: 'sgr_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ',
    };
    expect(tokenResponseBody(response)).toBe(JSON.stringify(response));
  });
});
