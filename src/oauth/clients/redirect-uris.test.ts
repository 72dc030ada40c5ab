import { describe, expect, it } from 'vitest';
import { checkRedirectUri, redirectUriMatches } from './redirect-uris.js';

describe('checkRedirectUri', () => {
  it.each([
    'https://app.example.com/callback',
    'https://app.example.com/cb?x=1',
    'http://127.0.0.1/callback',
    'http://127.0.0.1:33418/callback',
    'http://[::1]:8080/cb',
    'http://localhost:6274/oauth/callback',
    'com.example.app:/oauth2redirect',
    'cursor://anysphere.cursor-mcp/oauth/callback',
    'vscode://vscode.github-authentication/did-authenticate',
  ])('accepts %s', (uri) => {
    expect(checkRedirectUri(uri)).toBeUndefined();
  });

  it.each([
    ['callback', 'must be an absolute URI (RFC 6749 §3.1.2)'],
    ['/callback', 'must be an absolute URI (RFC 6749 §3.1.2)'],
    ['https://app.example.com/cb#frag', 'must not contain a fragment (RFC 6749 §3.1.2)'],
    ['https://app.example.com/cb#', 'must not contain a fragment (RFC 6749 §3.1.2)'],
    ['http://app.example.com/cb', 'must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3)'],
    ['http://localhost.evil.example/cb', 'must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3)'],
    ['http://127.0.0.1@evil.example/cb', 'must use https, or http on a loopback host only (127.0.0.1, [::1], localhost: RFC 8252 §7.3)'],
    ['javascript:alert(1)', 'must not use the javascript: scheme'],
    ['JavaScript:alert(1)//a.b', 'must not use the javascript: scheme'],
    ['data:text/html,hi', 'must not use the data: scheme'],
    ['file:///etc/passwd', 'must not use the file: scheme'],
    ['vbscript:msgbox', 'must not use the vbscript: scheme'],
    ['about:blank', 'must not use the about: scheme'],
    ['blob:https://a.example/1', 'must not use the blob: scheme'],
    ['wss://a.example/cb', 'must not use the wss: scheme'],
    [
      'myapp://callback',
      'must use https, http on a loopback host, or a private-use scheme named after a domain (com.example.app:/callback, RFC 8252 §7.1)',
    ],
    [' https://app.example.com/cb', 'must not contain spaces or control characters'],
    ['https://app.example.com/cb\n', 'must not contain spaces or control characters'],
    [`https://app.example.com/${'a'.repeat(2000)}`, 'must be at most 2000 characters'],
  ])('refuses %s', (uri, reason) => {
    expect(checkRedirectUri(uri)).toBe(reason);
  });
});

describe('redirectUriMatches', () => {
  it('matches the same string only', () => {
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb')).toBe(true);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb/')).toBe(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://APP.example.com/cb')).toBe(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com:443/cb')).toBe(false);
    expect(redirectUriMatches('https://app.example.com/cb', 'https://app.example.com/cb?x=1')).toBe(false);
    expect(redirectUriMatches('https://app.example.com:8443/cb', 'https://app.example.com:9443/cb')).toBe(false);
  });

  it('lets an http loopback URI differ in its port alone (RFC 8252 §7.3)', () => {
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:51004/callback')).toBe(true);
    expect(redirectUriMatches('http://127.0.0.1:3000/callback', 'http://127.0.0.1:51004/callback')).toBe(true);
    expect(redirectUriMatches('http://[::1]:3000/cb', 'http://[::1]/cb')).toBe(true);
    expect(redirectUriMatches('http://localhost:3000/cb?a=1', 'http://localhost:4000/cb?a=1')).toBe(true);
    expect(redirectUriMatches('http://localhost/cb', 'http://localhost:1')).toBe(false);
  });

  it('does not let the loopback rule change anything else', () => {
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:5000/other')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://localhost:5000/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:99999/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'http://127.0.0.1:5000@evil.example/callback')).toBe(false);
    expect(redirectUriMatches('http://127.0.0.1/callback', 'https://127.0.0.1:5000/callback')).toBe(false);
    expect(redirectUriMatches('https://127.0.0.1/callback', 'https://127.0.0.1:5000/callback')).toBe(false);
  });
});
