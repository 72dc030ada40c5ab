import { generateKeyPairSync, verify } from 'node:crypto';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { chooseEd25519Signer, ed25519Signer, libsodiumSigner, nodeCryptoSigner, signerNotice, type Libsodium } from './ed25519.js';

const sodium = createRequire(import.meta.url)('sodium-native') as Libsodium;

describe('Ed25519 signers', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');

  it('libsodium and node:crypto give the same signature, which node:crypto verifies (RFC 8032 §5.1.6: deterministic)', async () => {
    const libsodium = libsodiumSigner(sodium);
    for (const message of ['', 'eyJhbGciOiJFZERTQSJ9.eyJzY29wZSI6InNlYXJjaDpyZWFkIn0', 'ü €'.repeat(300)]) {
      const bytes = Buffer.from(message);
      const [ours, openssl] = await Promise.all([libsodium.sign(bytes, privateKey), nodeCryptoSigner.sign(bytes, privateKey)]);
      expect(ours).toHaveLength(64);
      expect(ours.equals(openssl)).toBe(true);
      expect(verify(null, bytes, publicKey, ours)).toBe(true);
    }
  });

  it('keeps one secret key per key object and signs with each key its own', async () => {
    const other = generateKeyPairSync('ed25519');
    const libsodium = libsodiumSigner(sodium);
    const message = Buffer.from('header.payload');
    const first = await libsodium.sign(message, privateKey);
    const second = await libsodium.sign(message, other.privateKey);
    expect(verify(null, message, other.publicKey, second)).toBe(true);
    expect(verify(null, message, publicKey, second)).toBe(false);
    expect((await libsodium.sign(message, privateKey)).equals(first)).toBe(true);
  });

  it('this process signs with libsodium: the optional dependency is installed and loads here', () => {
    expect(ed25519Signer.name).toBe('libsodium');
    expect(ed25519Signer.fallbackReason).toBeUndefined();
  });

  it('falls back to node:crypto, with the reason, when sodium-native does not load', async () => {
    const signer = chooseEd25519Signer(() => {
      throw new Error("Cannot find module 'sodium-native'");
    });
    expect(signer.name).toBe('node:crypto');
    expect(signer.fallbackReason).toBe("Cannot find module 'sodium-native'");
    expect(signerNotice(signer)).toBe("signing tokens with node:crypto, not libsodium: Cannot find module 'sodium-native'");
    expect(signerNotice(ed25519Signer)).toBeUndefined();
    const message = Buffer.from('header.payload');
    expect(verify(null, message, publicKey, await signer.sign(message, privateKey))).toBe(true);
  });
});
