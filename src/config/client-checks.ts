/**
 * The rules of `auth.clients` (issue 30: agents' clients the operator registers in config) that a
 * JSON Schema cannot state or says badly: each problem named by its place in the list
 * (`auth.clients[1].redirectUris[0]: …`), redirect URIs checked by the rule registration uses
 * (oauth/clients/redirect-uris.ts), client_ids unique and in none of the other kinds' shapes.
 */
import { checkRedirectUri } from '../oauth/clients/redirect-uris.js';
import type { ValueProblem } from './checks.js';

/** Keys of one client. */
const CLIENT_KEYS = ['clientId', 'name', 'redirectUris'] as const;

/** A configured client_id: 1–255 characters from `[A-Za-z0-9._:/-]`. */
const CLIENT_ID = /^[A-Za-z0-9._:/-]{1,255}$/;

/** Longest configured client name (characters), as a metadata document's `client_name` is cut. */
const NAME_MAX_CHARS = 100;

/** The JSON Schema of one `auth.clients` entry (the loader's {@link explainClients} says what is wrong precisely). */
export const CLIENT_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['clientId', 'name', 'redirectUris'],
  properties: {
    $comment: { type: 'string', description: 'A note for people; sitegate ignores it.' },
    clientId: {
      type: 'string',
      pattern: '^(?![Ss][Gg][Cc]_)(?![Hh][Tt][Tt][Pp][Ss]?://)[A-Za-z0-9._:/-]{1,255}$',
      description: 'The client_id the agent sends: 1 to 255 of A-Z a-z 0-9 . _ : / -, not starting with sgc_, http:// or https://.',
    },
    name: { type: 'string', minLength: 1, maxLength: NAME_MAX_CHARS, description: 'The name the consent page shows.' },
    redirectUris: {
      type: 'array',
      items: { type: 'string' },
      minItems: 1,
      description:
        'Exact redirect URIs: https, http on 127.0.0.1, [::1] or localhost (any port), or a private-use scheme such as com.example.app:/callback.',
    },
  },
} as const;

/**
 * What is wrong with an `auth.clients` value, at its place in the list.
 * @param value the value as given (any JSON value)
 * @returns the path below `auth.clients` and the problem, or undefined when the list is fine
 */
export function explainClients(value: unknown): ValueProblem | undefined {
  const got = (item: unknown): string => `, got ${(JSON.stringify(item) as string | undefined) ?? String(item)}`;
  if (!Array.isArray(value))
    return {
      path: '',
      problem: `must be a list of clients like {"clientId": "my-agent", "name": "My Agent", "redirectUris": ["http://127.0.0.1/callback"]}${got(value)}`,
    };
  const seen = new Set<string>();
  for (const [index, client] of value.entries()) {
    const at = `[${index}]`;
    if (typeof client !== 'object' || client === null || Array.isArray(client))
      return { path: at, problem: `must be an object with clientId, name and redirectUris${got(client)}` };
    const entry = client as Record<string, unknown>;
    const unknown = Object.keys(entry).find((key) => key !== '$comment' && !(CLIENT_KEYS as readonly string[]).includes(key));
    if (unknown !== undefined) return { path: at, problem: `unknown key "${unknown}" (known: ${CLIENT_KEYS.join(', ')})` };
    const { clientId, name, redirectUris } = entry;
    if (typeof clientId !== 'string' || !CLIENT_ID.test(clientId))
      return { path: `${at}.clientId`, problem: `must be 1 to 255 of A-Z a-z 0-9 . _ : / -${got(clientId)}` };
    if (/^sgc_/i.test(clientId))
      return { path: `${at}.clientId`, problem: `must not start with sgc_ (the ids of registered clients)${got(clientId)}` };
    if (/^https?:\/\//i.test(clientId))
      return { path: `${at}.clientId`, problem: `must not be a URL (URLs name Client ID Metadata Documents)${got(clientId)}` };
    if (seen.has(clientId)) return { path: `${at}.clientId`, problem: `must be unique; ${JSON.stringify(clientId)} is listed before` };
    seen.add(clientId);
    // eslint-disable-next-line no-control-regex
    if (typeof name !== 'string' || name.trim() === '' || name.length > NAME_MAX_CHARS || /[\x00-\x1f\x7f]/.test(name))
      return { path: `${at}.name`, problem: `must be one line of 1 to ${NAME_MAX_CHARS} characters${got(name)}` };
    if (!Array.isArray(redirectUris) || redirectUris.length === 0)
      return { path: `${at}.redirectUris`, problem: `must be a non-empty list of redirect URIs${got(redirectUris)}` };
    for (const [position, uri] of redirectUris.entries()) {
      const problem = typeof uri === 'string' ? checkRedirectUri(uri) : 'must be a string';
      if (problem !== undefined) return { path: `${at}.redirectUris[${position}]`, problem: `${problem}${got(uri)}` };
    }
  }
  return undefined;
}
