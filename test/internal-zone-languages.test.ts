/**
 * The internal zone at every language level (issue 28, item 3): `internal.md` and `internal/…`
 * directly under any language folder a site declares (folder languages, Starlight and VitePress
 * `locales`, Starlight's `defaultLocale` folder, Docusaurus and Hugo sites with language folders,
 * Hugo's `languages.<lang>.contentDir`) answer exactly as the root's zone does: 401 to anyone
 * without `internal:read`, the same body and headers whether a page is there or not; and no
 * llms.txt, sitemap, search, MCP answer, alternate link or locale fallback names or serves them.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';
import { errorBody } from './http-expect.js';

/** A word found only in the internal pages of every fixture. */
const MARKER = 'zebrafish';
const SECRET = '# Zebrafish roadmap\n\nThe zebrafish launch is secret.\n';

const dirs: string[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.app.close();
  dirs.forEach(removeDir);
});

/** The app of a site whose files are `files`: generator config at the top, pages under `content/`. */
async function siteOf(files: Record<string, string>): Promise<TestApp> {
  const dir = writeContent(files);
  dirs.push(dir);
  const t = await buildTestApp(path.join(dir, 'content'));
  apps.push(t);
  return t;
}

/** Headers that differ between any two answers (when and which request), left out of comparisons. */
const PER_REQUEST_HEADERS = new Set(['date', 'x-request-id']);

/** Status, headers (but per-request ones) and body of a GET. */
async function answerOf(
  t: TestApp,
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  const res = await t.app.inject({ method: 'GET', url, headers });
  const kept = Object.fromEntries(Object.entries(res.headers).filter(([name]) => !PER_REQUEST_HEADERS.has(name)));
  return { status: res.statusCode, headers: kept, body: res.body };
}

const ACCEPTS = ['text/html', 'text/markdown', 'application/json'];

/**
 * Asserts that anonymous GETs of `urls` answer exactly as `/internal/nothing-here` (the root's
 * zone, where no page is) does, in every representation: 401 `credential_required`.
 */
async function expectTopZoneAnswer(t: TestApp, urls: readonly string[]): Promise<void> {
  const json = await t.app.inject({ method: 'GET', url: '/internal/nothing-here', headers: { accept: 'application/json' } });
  expect([json.statusCode, json.json()]).toStrictEqual([
    401,
    errorBody('credential_required', 'This resource needs a credential and none was sent.'),
  ]);
  for (const accept of ACCEPTS) {
    const top = await answerOf(t, '/internal/nothing-here', { accept });
    for (const url of urls) expect({ url, accept, ...(await answerOf(t, url, { accept })) }).toStrictEqual({ url, accept, ...top });
  }
}

/**
 * Every public answer of the site that names an internal page of a language folder or carries
 * its text: pages and listings (their bodies and `Link` headers: hreflang alternates), each
 * language's llms files, the sitemap, search in each language, MCP search. Must be none.
 */
async function leaks(t: TestApp, langs: readonly string[]): Promise<string[]> {
  const { snapshot } = t.loaded;
  const urls = new Set<string>(['/llms.txt', '/llms-full.txt', ...snapshot.discovery.llmsFiles.keys(), '/sitemap.xml']);
  for (const key of snapshot.discovery.sitemapParts.keys()) urls.add(key);
  for (const lang of ['', ...langs]) {
    urls.add(`/api/search.json?q=${MARKER}${lang === '' ? '' : `&lang=${lang}`}`);
    urls.add(`/api/search.json?q=roadmap${lang === '' ? '' : `&lang=${lang}`}`);
  }
  for (const page of snapshot.site.publicPages) urls.add(page.url).add(page.markdownUrl);
  for (const key of snapshot.listings.keys()) urls.add(snapshot.site.folders.get(key)?.url ?? key);
  const found: string[] = [];
  const look = (name: string, text: string): void => {
    if (/zebrafish|internal\/(roadmap|secret|notes|diagram)/i.test(text)) found.push(name);
  };
  for (const url of urls)
    for (const accept of ACCEPTS) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
      look(`${accept} ${url} ${res.statusCode}`, `${String(res.headers.link ?? '')}\n${res.body}`);
    }
  for (const lang of langs) {
    const mcp = await t.app.inject({
      method: 'POST',
      url: '/mcp',
      headers: { accept: 'application/json, text/event-stream', 'content-type': 'application/json', 'mcp-protocol-version': '2025-06-18' },
      payload: { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'search', arguments: { query: MARKER, lang } } },
    });
    expect(mcp.statusCode).toBe(200);
    look(`mcp search ${lang}`, mcp.body);
  }
  return found;
}

/** Anonymous search for the marker in `lang`: the JSON answer (a list of hits). */
async function searchResults(t: TestApp, lang: string): Promise<unknown> {
  const res = await t.app.inject({ method: 'GET', url: `/api/search.json?q=${MARKER}&lang=${lang}` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** A reader holding `internal:read`. */
async function readerOf(t: TestApp): Promise<Record<string, string>> {
  return { 'x-api-key': (await issueKey(t.context, ['content:read', 'internal:read'])).apiKey };
}

/** A site in English with its German translation under `de/`, and `de/internal/`; `index` names the folder pages. */
const germanSite = (index: string): Record<string, string> => ({
  [`content/${index}`]: '# Home\n\nWelcome.\n',
  'content/guides/setup.md': '# Setup\n\nInstall the tool.\n',
  [`content/de/${index}`]: '# Start\n\nWillkommen.\n',
  'content/de/guides/setup.md': '# Einrichtung\n\nInstalliere das Werkzeug.\n',
  'content/de/internal/roadmap.md': SECRET,
  'content/de/internal/diagram.png': 'png',
});

describe.each([
  ['a folder of markdown', {}, 'index.md', '/de/internal/roadmap'],
  [
    'Docusaurus',
    { 'docusaurus.config.js': "export default { title: 'D', i18n: { defaultLocale: 'en', locales: ['en', 'de'] } };\n" },
    'index.md',
    '/de/internal/roadmap',
  ],
  // Hugo's `index.md` makes a leaf bundle, whose other pages are resources: its sections have `_index.md`.
  // Hugo publishes a regular page at its pretty URL, with a trailing slash (gohugo.io/content-management/urls/).
  ['Hugo', { 'hugo.toml': 'title = "H"\ndefaultContentLanguage = "en"\n' }, '_index.md', '/de/internal/roadmap/'],
])('%s with a de/ language folder holding de/internal/', (_layout, config, index, roadmap) => {
  const site = siteOf({ ...config, ...germanSite(index) });

  it('answers every URL of /de/internal/ as the root zone does, page, asset or none; a reader gets the page', async () => {
    const t = await site;
    expect(t.loaded.snapshot.site.languages.map((language) => [language.lang, language.rootKey])).toStrictEqual([
      ['en', '/'],
      ['de', '/de/'],
    ]);
    await expectTopZoneAnswer(t, [
      '/de/internal/roadmap',
      '/de/internal/roadmap/',
      '/de/internal/roadmap.md',
      '/de/internal/',
      '/de/internal',
      '/de/Internal/Roadmap',
      '/de/internal.md',
      '/de/internal/nothing-here',
      '/de/internal/diagram.png',
    ]);
    const reader = await readerOf(t);
    const page = await t.app.inject({ method: 'GET', url: roadmap, headers: { ...reader, accept: 'text/markdown' } });
    expect([page.statusCode, page.body.includes('The zebrafish launch is secret.')]).toStrictEqual([200, true]);
    const image = await t.app.inject({ method: 'GET', url: '/de/internal/diagram.png', headers: reader });
    expect([image.statusCode, image.body]).toStrictEqual([200, 'png']);
  });

  it('lists it in no llms.txt, sitemap, search (lang=de too) or MCP answer', async () => {
    const t = await site;
    expect(t.loaded.snapshot.site.pages.get(roadmap)?.kind).toBe('internal');
    expect(await searchResults(t, 'de')).toStrictEqual([]);
    const german = await t.app.inject({ method: 'GET', url: '/de/llms.txt' });
    expect(german.statusCode).toBe(200);
    expect(await leaks(t, ['en', 'de'])).toStrictEqual([]);
  });
});

describe('a language folder spelled DE/ with DE/Internal/', () => {
  const site = siteOf({
    'content/index.md': '# Home\n',
    'content/guides/setup.md': '# Setup\n',
    'content/DE/index.md': '# Start\n',
    'content/DE/guides/setup.md': '# Einrichtung\n',
    'content/DE/Internal/Roadmap.md': SECRET,
  });

  it('answers its URLs in any case as the root zone does; a reader gets the page at its own URL', async () => {
    const t = await site;
    expect(t.loaded.snapshot.site.languages.map((language) => language.rootKey)).toStrictEqual(['/', '/DE/']);
    await expectTopZoneAnswer(t, [
      '/DE/Internal/Roadmap',
      '/DE/Internal/Roadmap.md',
      '/de/internal/roadmap',
      '/De/INTERNAL.md',
      '/dE/iNtErNaL/x',
    ]);
    const page = await t.app.inject({
      method: 'GET',
      url: '/DE/Internal/Roadmap',
      headers: { ...(await readerOf(t)), accept: 'text/markdown' },
    });
    expect([page.statusCode, page.body.includes('The zebrafish launch is secret.')]).toStrictEqual([200, true]);
    expect(await leaks(t, ['en', 'de'])).toStrictEqual([]);
  });
});

describe('Starlight with defaultLocale en: its pages under en/, fr/ falling back to them', () => {
  const site = siteOf({
    'astro.config.mjs':
      "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', defaultLocale: 'en', " +
      "locales: { en: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } } })] };\n",
    'content/en/index.md': '# Home\n',
    'content/en/guides/setup.md': '# Setup\n',
    'content/en/guides/deploy.md': '# Deploy\n',
    'content/en/internal/secret.md': SECRET,
    'content/en/internal/notes.md': '# Zebrafish notes\n',
    'content/fr/index.md': '# Accueil\n',
    'content/fr/guides/setup.md': '# Installation\n',
    'content/fr/internal/notes.md': '# Notes zebrafish\n',
  });

  it('answers en/internal/ and its missing French version as the root zone does; a reader gets the page, never a fallback', async () => {
    const t = await site;
    // Public pages keep their fallback: /fr/guides/deploy leads to /en/guides/deploy.
    const deploy = await t.app.inject({ method: 'GET', url: '/fr/guides/deploy' });
    expect([deploy.statusCode, deploy.headers.location]).toStrictEqual([308, '/en/guides/deploy']);
    await expectTopZoneAnswer(t, [
      '/en/internal/secret',
      '/en/internal/secret.md',
      '/fr/internal/secret',
      '/fr/internal/secret.md',
      '/fr/internal/notes',
      '/EN/Internal/Secret',
    ]);
    const reader = await readerOf(t);
    const page = await t.app.inject({ method: 'GET', url: '/en/internal/secret', headers: { ...reader, accept: 'text/markdown' } });
    expect([page.statusCode, page.body.includes('The zebrafish launch is secret.')]).toStrictEqual([200, true]);
    const fallback = await t.app.inject({ method: 'GET', url: '/fr/internal/secret', headers: { ...reader, accept: 'text/html' } });
    expect([fallback.statusCode, fallback.headers.location, fallback.body.includes('zebrafish')]).toStrictEqual([404, undefined, false]);
    const zone = t.loaded.snapshot.site.internalZone;
    expect([...t.loaded.snapshot.site.redirects.keys()].filter((key) => zone.isInternalKey(key))).toStrictEqual([]);
  });

  it('links no alternate to an internal translation and lists none in llms.txt, sitemap, search or MCP', async () => {
    const t = await site;
    const notes = await t.app.inject({
      method: 'GET',
      url: '/fr/internal/notes',
      headers: { ...(await readerOf(t)), accept: 'text/html' },
    });
    expect(notes.statusCode).toBe(200);
    expect(notes.body).not.toContain('hreflang');
    expect(t.loaded.snapshot.site.translations.get('/fr/internal/notes')).toBeUndefined();
    expect(await searchResults(t, 'fr')).toStrictEqual([]);
    expect(await leaks(t, ['en', 'fr'])).toStrictEqual([]);
  });
});

describe('VitePress locales: de/internal/', () => {
  const site = siteOf({
    'content/.vitepress/config.mts':
      "export default { title: 'V', locales: { root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch' } } }\n",
    'content/index.md': '# Home\n',
    'content/de/index.md': '# Start\n',
    'content/de/internal/roadmap.md': SECRET,
  });

  it('answers as the root zone does and is listed nowhere', async () => {
    const t = await site;
    await expectTopZoneAnswer(t, ['/de/internal/roadmap', '/de/internal/roadmap.md', '/de/Internal/']);
    expect(await searchResults(t, 'de')).toStrictEqual([]);
    expect(await leaks(t, ['en', 'de'])).toStrictEqual([]);
  });
});

describe('Hugo languages by content directory (languages.<lang>.contentDir)', () => {
  const site = siteOf({
    'hugo.toml':
      'title = "H"\ndefaultContentLanguage = "en"\n[languages.en]\ncontentDir = "content/en"\n[languages.de]\ncontentDir = "content/de"\n',
    'content/en/_index.md': '# Home\n',
    'content/en/setup.md': '# Setup\n',
    'content/en/internal/roadmap.md': SECRET,
    'content/de/_index.md': '# Start\n',
    'content/de/internal/_index.md': '---\ntitle: Zebrafish section\n---\n',
    'content/de/internal/roadmap.md': SECRET,
  });

  it('answers both languages’ internal/ as the root zone does and lists neither', async () => {
    const t = await site;
    await expectTopZoneAnswer(t, ['/en/internal/roadmap', '/de/internal/roadmap', '/de/internal/', '/en/internal.md']);
    expect(await leaks(t, ['en', 'de'])).toStrictEqual([]);
  });
});

describe('a folder named like a language that is not recognised as one (too few translations)', () => {
  const site = siteOf({
    'content/index.md': '# Home\n',
    'content/guides/setup.md': '# Setup\n',
    'content/de/notes.md': '# Notizen\n',
    'content/de/more.md': '# Mehr\n',
    'content/de/internal/roadmap.md': SECRET,
    'content/fr/internal/diagram.png': 'png',
  });

  it('still holds an internal zone: when in doubt, private', async () => {
    const t = await site;
    expect(t.loaded.snapshot.site.languages.map((language) => language.lang)).toStrictEqual(['en']);
    expect(await t.app.inject({ method: 'GET', url: '/de/notes' }).then((res) => res.statusCode)).toBe(200);
    await expectTopZoneAnswer(t, ['/de/internal/roadmap', '/de/internal/roadmap.md', '/fr/internal/diagram.png', '/fr/internal/']);
    expect(await leaks(t, ['en'])).toStrictEqual([]);
  });
});
