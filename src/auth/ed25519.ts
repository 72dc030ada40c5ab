/**
 * Ed25519 signatures (RFC 8032 §5.1.6) for the tokens sitegate issues, by libsodium when the
 * optional dependency `sodium-native` loads, else by node:crypto. Ed25519 is deterministic, so both
 * give the same 64 bytes for a key and message (tested); only the cost differs. Signing was the
 * largest cost of the token endpoint: inside the server under load, libsodium signs in ~27 µs of
 * CPU on the event loop, OpenSSL 3 (node:crypto) in ~53 µs, and about as much on libuv's
 * threadpool, plus the hand-off. Per token, the server spends ~10 % less CPU with libsodium
 * (pinned to one core: 93–100 µs against 104–112 µs); on two free cores the threadpool gave one
 * process ~10 % more tokens per second, since it signed beside the event loop. CPU per token is
 * what a deployment pays for; a replica per core gives the rest. `npm run bench -- --only token`
 * compares the endpoint with oidc-provider.
 */
import { sign, type KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';

/** The part of sodium-native's API this module uses (https://sodium-friends.github.io/docs/). */
export interface Libsodium {
  /** Writes the 64-byte signature of `message` into `signature`; `secretKey` is seed ‖ public key (64 bytes). */
  crypto_sign_detached(signature: Buffer, message: Buffer, secretKey: Buffer): void;
  /** A buffer in guarded memory, for secret keys. */
  sodium_malloc(size: number): Buffer;
}

/** Signs a message with an Ed25519 private key; settles with the 64-byte signature. */
export interface Ed25519Signer {
  /** Which one signs. */
  readonly name: 'libsodium' | 'node:crypto';
  /** Why libsodium is not the one (sodium-native's load error), for the start-up log. */
  readonly fallbackReason?: string;
  /** @throws {Error} (rejects) when OpenSSL fails to sign */
  sign(message: Buffer, privateKey: KeyObject): Promise<Buffer>;
}

/** node:crypto's Ed25519 on libuv's threadpool (the callback form of `crypto.sign`). */
export const nodeCryptoSigner: Ed25519Signer = {
  name: 'node:crypto',
  sign(message, privateKey) {
    return new Promise((resolve, reject) => {
      sign(null, message, privateKey, function signed(error, signature) {
        if (error === null) resolve(signature);
        else reject(error);
      });
    });
  },
};

/** Ed25519 signature length, bytes (RFC 8032 §5.1.6). */
const SIGNATURE_BYTES = 64;

/**
 * libsodium's `crypto_sign_detached`, on the event loop. Each key's 64-byte libsodium secret key
 * (RFC 8032 §5.1.5's 32-byte seed, the JWK's `d`, then the public key, `x`) is made once, in
 * sodium's guarded memory, and kept as long as the KeyObject.
 */
export function libsodiumSigner(sodium: Libsodium): Ed25519Signer {
  const secretKeys = new WeakMap<KeyObject, Buffer>();
  const secretKeyOf = (privateKey: KeyObject): Buffer => {
    let secretKey = secretKeys.get(privateKey);
    if (secretKey === undefined) {
      const { d = '', x = '' } = privateKey.export({ format: 'jwk' });
      secretKey = sodium.sodium_malloc(SIGNATURE_BYTES);
      secretKey.write(d, 0, 'base64url');
      secretKey.write(x, 32, 'base64url');
      secretKeys.set(privateKey, secretKey);
    }
    return secretKey;
  };
  return {
    name: 'libsodium',
    sign(message, privateKey) {
      const signature = Buffer.allocUnsafe(SIGNATURE_BYTES);
      sodium.crypto_sign_detached(signature, message, secretKeyOf(privateKey));
      return Promise.resolve(signature);
    },
  };
}

const requireSodium = (): Libsodium => createRequire(import.meta.url)('sodium-native') as Libsodium;

/**
 * The signer this process uses: libsodium when `load` returns it, else node:crypto with the
 * reason (sodium-native is optional: not installed, or no prebuilt binary for this platform).
 * @param load returns sodium-native (default: `require('sodium-native')`); may throw
 */
export function chooseEd25519Signer(load: () => Libsodium = requireSodium): Ed25519Signer {
  try {
    return libsodiumSigner(load());
  } catch (error) {
    return { ...nodeCryptoSigner, fallbackReason: error instanceof Error ? error.message : String(error) };
  }
}

/** The signer of this process, chosen once when the module loads. */
export const ed25519Signer: Ed25519Signer = chooseEd25519Signer();

/**
 * The start-up line about a signer that fell back, e.g. `signing tokens with node:crypto, not
 * libsodium: Cannot find module 'sodium-native'`; undefined for libsodium.
 */
export function signerNotice(signer: Ed25519Signer): string | undefined {
  return signer.fallbackReason === undefined ? undefined : `signing tokens with ${signer.name}, not libsodium: ${signer.fallbackReason}`;
}
