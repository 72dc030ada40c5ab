/**
 * Languages on the Starlight corpus (issue 14, done-when 3): 17 locales from `astro.config.mjs`
 * (`root` English at the top, 16 folders). Searching an English word returns English pages only;
 * `Accept-Language: de` and `lang=de` return German ones; the sitemap's hreflang alternates
 * validate against the XSDs; one llms.txt per language.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, CORPORA_DIR, TEST_BASE_URL, type TestApp } from './helpers.js';
import { validateSitemap } from './languages-support.js';

const CONTENT = path.join(CORPORA_DIR, 'real/starlight/content');
/** The locale folders astro.config.mjs declares, besides `root`. */
const FOLDERS = ['de', 'es', 'ja', 'fr', 'it', 'id', 'zh-cn', 'pt-br', 'pt-pt', 'ko', 'tr', 'ru', 'hi', 'da', 'uk', 'fa'];
const inLocaleFolder = (url: string): boolean => FOLDERS.some((folder) => url.startsWith(`/${folder}/`));

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(CONTENT);
}, 120_000);
afterAll(async () => {
  await t.app.close();
});

const searchPaths = async (query: string, headers: Record<string, string> = {}): Promise<string[]> => {
  const res = await t.app.inject({ url: `/api/search.json?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return (JSON.parse(res.body) as { path: string }[]).map((doc) => doc.path);
};

describe('real/starlight in its 17 languages', () => {
  it('reads the locales of astro.config.mjs: English at the root, each folder its own tree', () => {
    const { languages, folders } = t.loaded.snapshot.site;
    expect(languages.map((language) => language.lang)).toStrictEqual([
      'en',
      'de',
      'es',
      'ja',
      'fr',
      'it',
      'id',
      'zh-CN',
      'pt-BR',
      'pt-PT',
      'ko',
      'tr',
      'ru',
      'hi',
      'da',
      'uk',
      'fa',
    ]);
    expect(languages.slice(1).map((language) => language.rootKey)).toStrictEqual(FOLDERS.map((folder) => `/${folder}/`));
    expect(languages.find((language) => language.lang === 'fa')?.direction).toBe('rtl');
    // No "Da/", "De/"… among the sections of the English tree.
    expect(folders.get('/')?.items.map((item) => item.url)).toStrictEqual([
      '/getting-started',
      '/manual-setup',
      '/environmental-impact',
      '/guides/',
      '/components/',
      '/reference/',
      '/resources/',
    ]);
    expect(folders.get('/de/')?.folders.map((folder) => folder.url)).toStrictEqual([
      '/de/guides/',
      '/de/components/',
      '/de/reference/',
      '/de/resources/',
    ]);
  });

  it('an English word finds English pages only, each once', async () => {
    const paths = await searchPaths('q=sidebar&limit=100');
    expect(paths.length).toBeGreaterThanOrEqual(10);
    expect(paths.filter(inLocaleFolder)).toStrictEqual([]);
    expect(paths[0]).toBe('/guides/sidebar');
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('Accept-Language: de finds German pages, and so does lang=de', async () => {
    const byHeader = await searchPaths('q=sidebar&limit=100', { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(byHeader.length).toBeGreaterThanOrEqual(5);
    expect(byHeader.filter((url) => !url.startsWith('/de/'))).toStrictEqual([]);
    expect(byHeader[0]).toBe('/de/guides/sidebar');
    expect(await searchPaths('q=sidebar&limit=100&lang=de')).toStrictEqual(byHeader);
    const german = await searchPaths('q=Seitenleiste&lang=de');
    expect(german[0]).toBe('/de/guides/sidebar');
    expect(german.filter((url) => !url.startsWith('/de/'))).toStrictEqual([]);
  });

  it('pages link their translations; the sitemap alternates validate in the XSDs', async () => {
    // Its URL as the conventions publish it (with or without Starlight's trailing slash).
    const url = [...t.loaded.snapshot.site.pages.values()].find((page) => page.file === 'de/guides/i18n.mdx')?.url as string;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="de" data-theme="auto">');
    const hreflangs = [...res.body.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => match[1]);
    expect(hreflangs).toStrictEqual(['en', 'de', 'es', 'ja', 'fr', 'zh-CN', 'ko', 'ru', 'x-default']);
    const sitemap = (await t.app.inject({ url: '/sitemap.xml' })).body;
    expect(sitemap.match(/<xhtml:link /g)?.length).toBeGreaterThan(1_000);
    const result = validateSitemap(sitemap);
    expect(result.error, 'xmllint must be on PATH (apt-get install libxml2-utils)').toBeUndefined();
    expect(result.stderr).toBe(`${result.file} validates\n`);
    expect(result.status).toBe(0);
  });

  it('llms.txt lists the English pages and links one llms.txt per language, each listing its own', async () => {
    const root = (await t.app.inject({ url: '/llms.txt' })).body;
    const links = [...root.matchAll(/\]\((http:\/\/sitegate\.test[^)]+)\)/g)].map((match) =>
      (match[1] as string).slice(TEST_BASE_URL.length),
    );
    expect(links.filter((link) => link.endsWith('.md')).filter(inLocaleFolder)).toStrictEqual([]);
    expect(links.filter((link) => /^\/[^/]+\/llms\.txt$/.test(link))).toStrictEqual(FOLDERS.map((folder) => `/${folder}/llms.txt`));
    const german = await t.app.inject({ url: '/de/llms.txt' });
    expect(german.statusCode).toBe(200);
    const germanLinks = [...german.body.matchAll(/\]\((http:\/\/sitegate\.test[^)]+\.md)\)/g)]
      .map((match) => match[1] as string)
      .filter((link) => link !== `${TEST_BASE_URL}/developers.md`); // the API section's portal link
    expect(germanLinks.length).toBe(t.loaded.snapshot.site.languages[1]?.navPages.length);
    expect(germanLinks.filter((link) => !link.startsWith(`${TEST_BASE_URL}/de/`))).toStrictEqual([]);
  });
});
