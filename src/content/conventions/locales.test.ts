import { describe, expect, it } from 'vitest';
import type { SourceFile } from '../load.js';
import { configLocales, folderLocales, languageTagOf, localeOfFile } from './locales.js';
import { parseJsModule } from './js-literal.js';
import { DEFAULT_LOCALE } from './types.js';

const files = (...relPaths: string[]): SourceFile[] => relPaths.map((relPath) => ({ relPath, mtimeMs: 0, read: () => '' }));

describe('languageTagOf', () => {
  it('canonicalises BCP 47 folder names with a known two-letter language', () => {
    expect(['de', 'pt-br', 'zh-cn', 'zh-hans', 'sr-latn', 'EN-us'].map(languageTagOf)).toStrictEqual([
      'de',
      'pt-BR',
      'zh-CN',
      'zh-Hans',
      'sr-Latn',
      'en-US',
    ]);
  });

  it('refuses names that only look like tags', () => {
    expect(['js', 'ui', 'go', 'api', 'img', 'v2', 'de_DE', 'zz', '', 'de-'].map(languageTagOf)).toStrictEqual(Array(10).fill(undefined));
  });
});

describe('folderLocales', () => {
  it('takes tag-named top folders that translate the default tree, in name order', () => {
    const locales = folderLocales(
      files('index.md', 'guide.md', 'api/x.md', 'fr/guide.md', 'de/index.md', 'de/guide.md', 'de/only-de.md', 'logo.png'),
      DEFAULT_LOCALE,
    );
    expect(locales).toStrictEqual([DEFAULT_LOCALE, { lang: 'de', dir: 'de' }, { lang: 'fr', dir: 'fr' }]);
  });

  it('leaves a tag-named folder of pages of its own as a section (os/ is Ossetian, and an operating-systems folder)', () => {
    expect(folderLocales(files('index.md', 'guide.md', 'os/linux.md', 'os/macos.md', 'os/guide.md'), DEFAULT_LOCALE)).toStrictEqual([
      DEFAULT_LOCALE,
    ]);
  });

  it('counts translations against a default language kept in a folder of its own', () => {
    const en = { lang: 'en', dir: 'en' };
    expect(folderLocales(files('en/a.md', 'en/b.md', 'ja/a.md'), en)).toStrictEqual([en, { lang: 'ja', dir: 'ja' }]);
  });
});

describe('configLocales (Starlight and VitePress `locales`)', () => {
  const read = (source: string) => parseJsModule(`export default ${source}`).exported;

  it('puts root first, takes lang (else the key), label and dir', () => {
    expect(
      configLocales(
        read(
          `{ fa: { label: 'فارسی', lang: 'fa', dir: 'rtl' }, root: { label: 'English', lang: 'en' }, 'zh-cn': { lang: 'zh-CN' }, de: {} }`,
        ),
      ),
    ).toStrictEqual({
      locales: [
        { lang: 'en', dir: '', label: 'English' },
        { lang: 'fa', dir: 'fa', label: 'فارسی', direction: 'rtl' },
        { lang: 'zh-CN', dir: 'zh-cn', label: undefined },
        { lang: 'de', dir: 'de', label: undefined },
      ],
    });
  });

  it('without root, the default is Starlight defaultLocale', () => {
    const result = configLocales(read(`{ fr: { lang: 'fr' }, en: { lang: 'en' } }`), 'en');
    expect(result).toStrictEqual({
      locales: [
        { lang: 'en', dir: 'en', label: undefined },
        { lang: 'fr', dir: 'fr', label: undefined },
      ],
    });
  });

  it('says what it could not read', () => {
    expect(configLocales(read('makeLocales()'))).toStrictEqual({
      problem: 'line 1: locales is not a literal (makeLocales()); languages follow folder names',
    });
    expect(configLocales(read(`{ root: { label: 'English' } }`))).toStrictEqual({
      problem: 'locale "root" has no valid BCP 47 lang; languages follow folder names',
    });
    expect(configLocales(undefined)).toBeUndefined();
  });
});

describe('localeOfFile', () => {
  it('is the locale whose folder holds the file, else the default', () => {
    const locales = [DEFAULT_LOCALE, { lang: 'pt-BR', dir: 'pt-br' }];
    expect(['pt-br/a.md', 'pt-brx/a.md', 'a.md'].map((relPath) => localeOfFile(relPath, locales).lang)).toStrictEqual([
      'pt-BR',
      'en',
      'en',
    ]);
  });
});
