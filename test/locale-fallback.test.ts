/**
 * Untranslated pages (issue 14): Starlight shows the default language's page at a locale's URL it
 * has not translated (starlight.astro.build/guides/i18n/#fallback-content); sitegate answers that
 * URL with one 308 to the default page (content/redirects.ts `LocaleFallback`), and links to it
 * resolve there in HTML, served markdown and `check`. Never for a private page, never for a
 * generator without fallback (VitePress), never for a folder that is no recognised locale.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkContent } from '../src/cli/check.js';
import { buildTestApp, issueKey, removeDir, writeContent, type TestApp } from './helpers.js';

const dirs: string[] = [];
const apps: TestApp[] = [];
afterAll(async () => {
  for (const t of apps) await t.app.close();
  dirs.forEach(removeDir);
});

/** The app of a site whose generator files are `files` (config at the top, pages under `content/`), and its `check` errors. */
async function site(files: Record<string, string>): Promise<{ t: TestApp; errors: string[] }> {
  const dir = writeContent(files);
  dirs.push(dir);
  const content = path.join(dir, 'content');
  const t = await buildTestApp(content);
  apps.push(t);
  const errors = checkContent(content)
    .problems.filter((problem) => problem.severity === 'error')
    .map((problem) => `${problem.file}: ${problem.message}`);
  return { t, errors };
}

/** `[status, location]` of a GET, HTML asked for. */
async function hop(t: TestApp, url: string, headers: Record<string, string> = {}): Promise<[number, string | undefined]> {
  const res = await t.app.inject({ url, headers: { accept: 'text/html', ...headers } });
  return [res.statusCode, res.headers.location];
}

/** The hrefs of the page body's links, in order. */
async function hrefs(t: TestApp, url: string): Promise<string[]> {
  const body = (await t.app.inject({ url, headers: { accept: 'text/html' } })).body;
  const main = body.slice(body.indexOf('<article'), body.indexOf('</article>'));
  return [...main.matchAll(/<a href="([^"]*)"/g)].map((match) => match[1] as string);
}

const GERMAN_LINKS =
  '[translated](/de/guides/setup/) [untranslated](/de/guides/deploy/) [relative](guides/deploy/) ' +
  '[markdown](/de/guides/deploy.md) [private](/de/secret/) [internal](/de/internal/plan/)\n';

describe('Starlight: a locale’s untranslated pages fall back to the default language', async () => {
  const { t, errors } = await site({
    'astro.config.mjs':
      "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S', " +
      "locales: { root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch' }, fr: { label: 'Français' } } })] };\n",
    'content/index.md': '# Home\n',
    'content/guides/setup.md': '# Setup\n',
    'content/guides/deploy.md': '# Deploy\n',
    'content/secret.md': '---\naccess: internal\n---\n# Secret\n',
    'content/internal/plan.md': '# Plan\n',
    'content/de/index.md': `# Start\n\n${GERMAN_LINKS}`,
    'content/de/guides/setup.md': '# Einrichtung\n',
  });

  it('answers a locale URL with no translation 308 to the default page, in every spelling, with one hop', async () => {
    expect(await hop(t, '/de/guides/deploy')).toStrictEqual([308, '/guides/deploy']);
    expect(await hop(t, '/de/guides/deploy/')).toStrictEqual([308, '/guides/deploy']);
    expect(await hop(t, '/de/Guides/Deploy')).toStrictEqual([308, '/guides/deploy']);
    expect(await hop(t, '/de/guides/deploy.md')).toStrictEqual([308, '/guides/deploy.md']);
    // fr has translated nothing: every page is the default one, but its language's own listing stays its home.
    expect(await hop(t, '/fr/')).toStrictEqual([200, undefined]);
    expect(await hop(t, '/fr/guides/setup')).toStrictEqual([308, '/guides/setup']);
  });

  it('serves a translated page as itself, and a page the default language lacks as missing', async () => {
    expect(await hop(t, '/de/guides/setup')).toStrictEqual([200, undefined]);
    expect(await hop(t, '/de/guides/nothing')).toStrictEqual([404, undefined]);
  });

  it('never falls back to a private page: its locale URL answers 404 to everyone, or 401 in a locale’s internal zone', async () => {
    const reader = { 'x-api-key': (await issueKey(t.context, ['content:read', 'internal:read'])).apiKey };
    for (const url of ['/de/secret', '/de/secret/']) {
      expect(await hop(t, url), url).toStrictEqual([404, undefined]);
      expect(await hop(t, url, reader), url).toStrictEqual([404, undefined]);
    }
    // de/ and fr/ are locales: their internal/ is in the internal zone, where every URL answers 401 without a credential (issue 28).
    for (const url of ['/de/internal/plan', '/fr/internal/plan']) {
      expect(await hop(t, url), url).toStrictEqual([401, undefined]);
      expect(await hop(t, url, reader), url).toStrictEqual([404, undefined]);
    }
  });

  it('resolves links to untranslated pages to the default page in HTML and served markdown; check reports only the private one', async () => {
    expect(await hrefs(t, '/de/')).toStrictEqual([
      '/de/guides/setup',
      '/guides/deploy',
      '/guides/deploy',
      '/guides/deploy.md',
      '/de/secret/',
      '/de/internal/plan/',
    ]);
    const markdown = await t.app.inject({ url: '/de/index.md' });
    expect(markdown.statusCode).toBe(200);
    expect(markdown.body).toContain(
      '[translated](http://sitegate.test/de/guides/setup) [untranslated](http://sitegate.test/guides/deploy) ' +
        '[relative](http://sitegate.test/guides/deploy) [markdown](http://sitegate.test/guides/deploy.md) ' +
        '[private](http://sitegate.test/de/secret/) [internal](http://sitegate.test/de/internal/plan/)\n',
    );
    expect(errors).toStrictEqual(['de/index.md: no page at: /de/secret/', 'de/index.md: no page at: /de/internal/plan/']);
  });
});

describe('VitePress: no fallback, a missing translation stays missing', async () => {
  const { t, errors } = await site({
    'content/.vitepress/config.mts':
      "export default { title: 'V', locales: { root: { label: 'English', lang: 'en' }, de: { label: 'Deutsch' } } }\n",
    'content/index.md': '# Home\n',
    'content/deploy.md': '# Deploy\n',
    'content/de/index.md': '# Start\n\n[untranslated](/de/deploy)\n',
  });

  it('answers 404 at the locale URL, and check reports the link', async () => {
    expect(await hop(t, '/de/deploy')).toStrictEqual([404, undefined]);
    expect(await hrefs(t, '/de/')).toStrictEqual(['/de/deploy']);
    expect(errors).toStrictEqual(['de/index.md: no page at: /de/deploy']);
  });
});

describe('Starlight: a folder named like a language that holds no translations is no locale', async () => {
  const { t } = await site({
    'astro.config.mjs': "import starlight from '@astrojs/starlight';\nexport default { integrations: [starlight({ title: 'S' })] };\n",
    'content/index.md': '# Home\n',
    'content/deploy.md': '# Deploy\n',
    'content/de/notes.md': '# Notes\n',
  });

  it('answers 404 at /de/deploy', async () => {
    expect(t.loaded.snapshot.site.languages.map((language) => language.lang)).toStrictEqual(['en']);
    expect(await hop(t, '/de/notes')).toStrictEqual([200, undefined]);
    expect(await hop(t, '/de/deploy')).toStrictEqual([404, undefined]);
  });
});
