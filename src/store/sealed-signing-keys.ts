/**
 * A {@link Store} whose signing keys are sealed at rest (key-encryption.ts): private keys are
 * encrypted on the way in and decrypted on the way out, so the rest of sitegate sees JWKs while
 * the database holds only ciphertext.
 */
import { ConfigError } from '../config/config.js';
import { isSealed, seal, unseal, UnsealError, type Kek } from './key-encryption.js';
import type { SigningKeyRecord, Store } from './store.js';

/** What a start with the wrong secret says (exit 2); sitegate never makes a new key instead. */
export const WRONG_SECRET =
  "the secret does not decrypt the signing keys in the store: give the secret they were sealed with (SITEGATE_SECRET, --secret-file, or the data folder's secret file)";

/**
 * Seals the keys an older version stored in clear (one transaction, exclusive across processes),
 * checks that every sealed key opens with `kek`, and returns the store with sealing in between.
 * @returns the wrapped store and how many keys were sealed now
 * @throws {ConfigError} {@link WRONG_SECRET} when a stored key does not decrypt (nothing is written)
 */
export async function sealSigningKeys(store: Store, kek: Kek): Promise<{ store: Store; sealedNow: number }> {
  const sealedNow = await withSecretCheck(() =>
    store.rewriteSigningKeys((record) => {
      if (isSealed(record.privateJwk)) {
        unseal(kek, record.kid, record.privateJwk);
        return undefined;
      }
      return seal(kek, record.kid, record.privateJwk);
    }),
  );
  return { store: sealedStore(store, kek), sealedNow };
}

async function withSecretCheck<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof UnsealError) throw new ConfigError(WRONG_SECRET);
    throw error;
  }
}

/** `store` with private keys sealed on write and opened on read. */
function sealedStore(store: Store, kek: Kek): Store {
  const sealed = (record: SigningKeyRecord): SigningKeyRecord => ({ ...record, privateJwk: seal(kek, record.kid, record.privateJwk) });
  const opened = (record: SigningKeyRecord): SigningKeyRecord => ({ ...record, privateJwk: unseal(kek, record.kid, record.privateJwk) });
  return {
    ...store,
    // A key another process added with another secret fails here, loudly, rather than being skipped.
    listSigningKeys: async () => withSecretCheck(async () => (await store.listSigningKeys()).map(opened)),
    addSigningKey: (record) => store.addSigningKey(sealed(record)),
    addFirstSigningKey: (record) => store.addFirstSigningKey(sealed(record)),
    rotateSigningKey: (record, retireAt) => store.rotateSigningKey(sealed(record), retireAt),
    rewriteSigningKeys: (rewrite) =>
      withSecretCheck(() =>
        store.rewriteSigningKeys((record) => {
          const next = rewrite(opened(record));
          return next === undefined ? undefined : seal(kek, record.kid, next);
        }),
      ),
  };
}
