/**
 * The API key format (DESIGN.md "Credentials and tokens"), after GitHub's token format: a
 * recognisable prefix, the public id, the secret and a CRC32 checksum, so typos are caught without
 * a database hit and secret scanners can find leaked keys.
 *
 *   client_id:     sgc_<16 base62>
 *   client_secret: <32 base62>                       (~190 bits)
 *   X-API-Key:     sgk_<16 base62>_<32 base62><6 base62 CRC32 of everything before it>
 *
 * Only the SHA-256 of the secret is stored: the secret is high-entropy and machine-made, so a slow
 * password hash would add latency without adding safety. Comparisons are constant-time.
 */
import { hash, randomInt, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const ID_CHARS = 16;
const SECRET_CHARS = 32;
const CHECKSUM_CHARS = 6;

/** Prefix of every client_id. */
export const CLIENT_ID_PREFIX = 'sgc_';
/** Prefix of every X-API-Key value. */
export const API_KEY_PREFIX = 'sgk_';

const API_KEY_PATTERN = new RegExp(
  `^${API_KEY_PREFIX}([0-9A-Za-z]{${ID_CHARS}})_([0-9A-Za-z]{${SECRET_CHARS}})([0-9A-Za-z]{${CHECKSUM_CHARS}})$`,
);
const CLIENT_ID_PATTERN = new RegExp(`^${CLIENT_ID_PREFIX}[0-9A-Za-z]{${ID_CHARS}}$`);

/** A freshly made credential: shown once, never stored in clear. */
export interface NewCredential {
  clientId: string;
  clientSecret: string;
  /** The X-API-Key value, carrying both halves. */
  apiKey: string;
}

/** The halves of a well-formed API key. */
export interface ParsedApiKey {
  clientId: string;
  clientSecret: string;
}

/** Random base62 text from the CSPRNG (no modulo bias: `randomInt` rejects out-of-range draws). */
function randomBase62(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += BASE62.charAt(randomInt(62));
  return text;
}

function checksum(text: string): string {
  let value = crc32(text);
  let encoded = '';
  for (let i = 0; i < CHECKSUM_CHARS; i++) {
    encoded = BASE62.charAt(value % 62) + encoded;
    value = Math.floor(value / 62);
  }
  return encoded;
}

/** Formats the X-API-Key value for a client id and secret. */
export function formatApiKey(clientId: string, clientSecret: string): string {
  const body = `${API_KEY_PREFIX}${clientId.slice(CLIENT_ID_PREFIX.length)}_${clientSecret}`;
  return body + checksum(body);
}

/** Makes a new client id, secret and API key. */
export function generateCredential(): NewCredential {
  const clientId = CLIENT_ID_PREFIX + randomBase62(ID_CHARS);
  const clientSecret = randomBase62(SECRET_CHARS);
  return { clientId, clientSecret, apiKey: formatApiKey(clientId, clientSecret) };
}

/** Makes a new secret for an existing client id (rotation). */
export function generateSecret(clientId: string): NewCredential {
  const clientSecret = randomBase62(SECRET_CHARS);
  return { clientId, clientSecret, apiKey: formatApiKey(clientId, clientSecret) };
}

/** Splits an X-API-Key value, or returns undefined when its shape or checksum is wrong. */
export function parseApiKey(value: string): ParsedApiKey | undefined {
  const match = API_KEY_PATTERN.exec(value);
  if (match === null) return undefined;
  const [, id, secret, sum] = match as unknown as [string, string, string, string];
  if (checksum(value.slice(0, -CHECKSUM_CHARS)) !== sum) return undefined;
  return { clientId: CLIENT_ID_PREFIX + id, clientSecret: secret };
}

/** Whether a string has the shape of a client_id. */
export function isClientId(value: string): boolean {
  return CLIENT_ID_PATTERN.test(value);
}

/** SHA-256 of a secret, hex: what the store keeps. */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}

/**
 * Compares a presented secret with a stored hash in constant time. One-shot `crypto.hash` (Node
 * ≥ 20.12) costs about half of a `createHash` object; the token endpoint hashes on every request.
 */
export function secretMatches(secret: string, storedHash: string): boolean {
  const presented = hash('sha256', secret, 'buffer');
  const stored = Buffer.from(storedHash, 'hex');
  return stored.length === presented.length && timingSafeEqual(presented, stored);
}
