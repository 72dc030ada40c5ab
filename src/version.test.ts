import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PACKAGE_VERSION, versionOf } from './version.js';

describe('the package version', () => {
  it('is package.json’s version, read beside the code', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(PACKAGE_VERSION).toBe(manifest.version);
  });

  it.each([[{}], [{ version: '' }], [{ version: 1 }], [null]])('refuses a manifest without a version: %j', (manifest) => {
    expect(() => versionOf(manifest)).toThrow(new Error('package.json has no "version"'));
  });

  it('reads a manifest’s version', () => {
    expect(versionOf({ name: 'sitegate', version: '1.2.3-rc.1' })).toBe('1.2.3-rc.1');
  });
});
