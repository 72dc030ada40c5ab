import { describe, expect, it } from 'vitest';
import { AuthorizationError, codeResponseLocation, errorResponseLocation } from './response.js';

const ISSUER = 'https://docs.example.com/docs';

describe('authorization response locations (RFC 6749 §4.1.2, §3.1.2; RFC 9207 §2)', () => {
  it('adds code, state and iss after a redirect URI without a query', () => {
    expect(codeResponseLocation({ redirectUri: 'https://agent.example/cb', state: 'a b&c' }, 'CODE', ISSUER)).toBe(
      'https://agent.example/cb?code=CODE&state=a+b%26c&iss=https%3A%2F%2Fdocs.example.com%2Fdocs',
    );
  });

  it("keeps the redirect URI's own query byte for byte and leaves state out when the request had none", () => {
    expect(codeResponseLocation({ redirectUri: 'http://127.0.0.1:7/cb?x=%20y', state: undefined }, 'CODE', ISSUER)).toBe(
      'http://127.0.0.1:7/cb?x=%20y&code=CODE&iss=https%3A%2F%2Fdocs.example.com%2Fdocs',
    );
  });

  it('works for a private-use scheme (RFC 8252 §7.1) and never carries a fragment', () => {
    const error = new AuthorizationError('access_denied', 'The person denied the request.');
    expect(errorResponseLocation({ redirectUri: 'com.example.app:/oauth#frag', state: 's' }, error, ISSUER)).toBe(
      'com.example.app:/oauth?error=access_denied&error_description=The+person+denied+the+request.&state=s&iss=https%3A%2F%2Fdocs.example.com%2Fdocs',
    );
  });
});
