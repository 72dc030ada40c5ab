/**
 * Encryption of signing keys at rest (DESIGN.md "Secrets at rest"; as Ory Hydra encrypts its JWKs
 * with a system secret): AES-256-GCM (NIST SP 800-38D) under a key-encryption key (KEK) derived
 * from the operator's secret with HKDF-SHA256 (RFC 5869), all with `node:crypto`.
 *
 * A sealed value is self-describing JSON, so the scheme can evolve:
 * `{"sealed":1,"alg":"A256GCM","kdf":"HKDF-SHA256","iv":"…","tag":"…","ct":"…"}` (iv 12 bytes,
 * tag 16 bytes, base64url). The key id is bound as additional authenticated data, so a sealed
 * value copied onto another key's row does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Version of the sealed format written today. */
export const SEALED_VERSION = 1;
const ALG = 'A256GCM';
const KDF = 'HKDF-SHA256';
const IV_BYTES = 12; // SP 800-38D §8.2: 96-bit IVs
const TAG_BYTES = 16;
const KEK_BYTES = 32; // AES-256
/** HKDF salt and info (RFC 5869 §3.1-3.2): fixed, naming the purpose so the KEK is used for nothing else. */
const HKDF_SALT = 'sitegate';
const HKDF_INFO = 'sitegate signing-key encryption v1';

/** A key-encryption key: 32 bytes derived from the operator's secret. */
export type Kek = Buffer & { readonly kek: unique symbol };

/** Thrown when a sealed value does not open: another secret sealed it, or it was altered. */
export class UnsealError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnsealError';
  }
}

interface SealedJson {
  sealed: number;
  alg: string;
  kdf: string;
  iv: string;
  tag: string;
  ct: string;
}

/**
 * Derives the KEK from the operator's secret (HKDF-SHA256, RFC 5869).
 * @param secret the secret as text (SITEGATE_SECRET, or a secret file's content without its final newline)
 */
export function deriveKek(secret: string): Kek {
  return Buffer.from(hkdfSync('sha256', Buffer.from(secret, 'utf8'), HKDF_SALT, HKDF_INFO, KEK_BYTES)) as Kek;
}

const aad = (kid: string): Buffer => Buffer.from(`sitegate signing key ${kid}`, 'utf8');

/**
 * Encrypts `plaintext` (a private JWK's JSON) for the key `kid`, with a fresh random IV.
 * @returns the sealed JSON text
 */
export function seal(kek: Kek, kid: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', kek, iv, { authTagLength: TAG_BYTES }).setAAD(aad(kid));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const sealed: SealedJson = {
    sealed: SEALED_VERSION,
    alg: ALG,
    kdf: KDF,
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    ct: ct.toString('base64url'),
  };
  return JSON.stringify(sealed);
}

/** Whether stored text is a sealed value (else it is a key stored in clear by an older version). */
export function isSealed(stored: string): boolean {
  return parseSealed(stored) !== undefined;
}

function parseSealed(stored: string): SealedJson | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || !('sealed' in parsed)) return undefined;
  return parsed as SealedJson;
}

/**
 * Decrypts a sealed value made by {@link seal} for the same `kid`.
 * @throws {UnsealError} when the text is not sealed, the version or algorithm is unknown, or the
 *   tag does not verify (another secret, another kid, or altered bytes)
 */
export function unseal(kek: Kek, kid: string, stored: string): string {
  const sealed = parseSealed(stored);
  if (sealed === undefined) throw new UnsealError(`signing key ${kid} is not sealed`);
  if (sealed.sealed !== SEALED_VERSION || sealed.alg !== ALG || sealed.kdf !== KDF)
    throw new UnsealError(`signing key ${kid} is sealed with an unknown scheme (version ${String(sealed.sealed)})`);
  try {
    const decipher = createDecipheriv('aes-256-gcm', kek, Buffer.from(sealed.iv, 'base64url'), { authTagLength: TAG_BYTES })
      .setAAD(aad(kid))
      .setAuthTag(Buffer.from(sealed.tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.ct, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new UnsealError(`signing key ${kid} does not decrypt with this secret`);
  }
}
