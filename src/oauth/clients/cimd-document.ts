/**
 * The pure half of Client ID Metadata Documents (draft-ietf-oauth-client-id-metadata-document;
 * MCP 2025-11-25 "Authorization", "Client ID Metadata Documents"): which client_id URLs name a
 * document, and which documents describe a client sitegate can serve. cimd-fetch.ts fetches, cimd.ts
 * caches; nothing here touches the network.
 */
import { checkRedirectUri } from './redirect-uris.js';
import type { AgentClient } from './client.js';

/** Longest client_id URL accepted (characters). */
export const CLIENT_ID_URL_MAX_CHARS = 2000;

/** Longest client name shown (characters); longer ones are cut. */
export const CLIENT_NAME_MAX_CHARS = 100;

/**
 * Whether a client_id is meant as a metadata document: it starts like an http(s) URL, whatever else
 * is wrong with it (an `http://` one is then refused as such, with a message saying why).
 */
export function isMetadataDocumentClientId(clientId: string): boolean {
  return /^https?:\/\//i.test(clientId);
}

/**
 * Whether a client_id is a usable Client Identifier URL (draft §3): an https URL with a path, no
 * fragment, no username or password, no `.` or `..` path segment. It must also be written as the
 * URL parser writes it (lower-case host, no default port): the draft forbids the server to
 * normalise, and the document's `client_id` must equal the very URL fetched.
 * @returns why not ("must …" words), or undefined
 */
export function checkClientIdUrl(clientId: string): string | undefined {
  if (clientId.length > CLIENT_ID_URL_MAX_CHARS) return `must be at most ${CLIENT_ID_URL_MAX_CHARS} characters`;
  let url: URL;
  try {
    url = new URL(clientId);
  } catch {
    return 'must be an absolute https URL';
  }
  if (url.protocol !== 'https:') return 'must be an https URL';
  if (clientId.includes('#')) return 'must not contain a fragment';
  if (url.username !== '' || url.password !== '') return 'must not contain a username or password';
  // The path as written (the parser resolves dot segments away), up to the query.
  const written = /^https:\/\/[^/?]*([^?]*)/i.exec(clientId)?.[1] ?? '';
  if (written === '' || written === '/') return 'must have a path (https://client.example/oauth/metadata.json)';
  const dot = /^(\.|%2e){1,2}$/i;
  if (written.split('/').some((segment) => dot.test(segment))) return 'must not contain . or .. path segments';
  if (url.href !== clientId) return `must be written in normal form (${url.href})`;
  return undefined;
}

/**
 * A client name as the consent page may show it: control characters and bidirectional controls removed, trimmed, at most
 * {@link CLIENT_NAME_MAX_CHARS} characters.
 * @returns undefined when nothing is left
 */
export function cleanClientName(name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  // Control characters, line separators and bidirectional controls (which could reorder what the consent page shows).
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, '').trim();
  if (clean === '') return undefined;
  // Cut between graphemes, so no emoji or accented letter is split.
  const graphemes = Array.from(new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(clean), (part) => part.segment);
  return graphemes.slice(0, CLIENT_NAME_MAX_CHARS).join('').trim();
}

/** A `client_uri` the consent page may link to: an absolute https URL, else undefined. */
export function httpsUri(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > CLIENT_ID_URL_MAX_CHARS) return undefined;
  try {
    return new URL(value).protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The client a fetched document describes (draft §4; §8.1 `redirect_uris`; MCP 2025-11-25: public
 * clients, `token_endpoint_auth_method` `none`).
 * @param clientId the URL the document was fetched from (it passed {@link checkClientIdUrl})
 * @param document the parsed JSON body
 * @returns the client, or why the document cannot be used (a sentence for the person or the agent)
 */
export function clientOfDocument(clientId: string, document: unknown): AgentClient | string {
  if (typeof document !== 'object' || document === null || Array.isArray(document)) return 'it is not a JSON object.';
  const fields = document as Record<string, unknown>;
  if (fields.client_id !== clientId)
    return fields.client_id === undefined
      ? 'it has no client_id; it must be the URL it was fetched from.'
      : `its client_id ${JSON.stringify(fields.client_id)} is not the URL it was fetched from.`;
  const method = fields.token_endpoint_auth_method;
  if (method !== undefined && method !== 'none')
    return `its token_endpoint_auth_method ${JSON.stringify(method)} is not supported: sitegate serves public clients ("none", with PKCE).`;
  const secret = Object.keys(fields).find((key) => key.startsWith('client_secret'));
  if (secret !== undefined) return `it carries ${secret}: a metadata document must not hold a shared secret.`;
  const uris = fields.redirect_uris;
  if (!Array.isArray(uris) || uris.length === 0) return 'its redirect_uris is not a non-empty list of URIs.';
  for (const [index, uri] of uris.entries()) {
    if (typeof uri !== 'string') return `its redirect_uris[${index}] is not a string.`;
    const problem = checkRedirectUri(uri);
    if (problem !== undefined) return `its redirect_uris[${index}] ${JSON.stringify(uri)} ${problem}.`;
  }
  const clientUri = httpsUri(fields.client_uri);
  return {
    clientId,
    kind: 'metadata-document',
    name: cleanClientName(fields.client_name) ?? new URL(clientId).host,
    ...(clientUri === undefined ? {} : { clientUri }),
    redirectUris: [...(uris as string[])],
  };
}
