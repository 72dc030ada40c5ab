/**
 * Issue 33, done-when 1, on real builds made by the generators' own CLIs from npm (Docusaurus,
 * VitePress, Starlight; test/generator-builds.ts installs the pinned versions into a cache outside
 * the repository and runs each build). Every generator: its CLI wrote a page per source, the
 * assets, and the internal page. Under `serve --html` (the builds html-core's leak scan accepts):
 * every public built file answers byte for byte, every built page URL answers the markdown sitegate
 * serves for its source, the internal page and its asset answer 401 anonymously and 200 with
 * internal:read, and the same build with a client-side search index holding the internal page's
 * text is refused at start.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatorBuild, NPM_GENERATORS, type GeneratorBuild, type NpmGenerator } from './generator-builds.js';
import { buildTestApp, issueKey, type TestApp } from './helpers.js';

/** Install and build of one project on a cold cache (ms): Docusaurus' install is the longest. */
const BUILD_HOOK_MS = 40 * 60_000;
/** The internal page's distinctive sentence, in every fixture project. */
const SECRET = 'The marmalade vault opens at midnight on Tuesdays.';

/** Where each CLI writes the three pages and the two static files (its build layout). */
const BUILT_FILES: Readonly<Record<NpmGenerator, { home: string; guide: string; secret: string }>> = {
  docusaurus: { home: 'index.html', guide: 'guide/index.html', secret: 'internal/secret/index.html' },
  vitepress: { home: 'index.html', guide: 'guide.html', secret: 'internal/secret.html' },
  starlight: { home: 'index.html', guide: 'guide/index.html', secret: 'internal/secret/index.html' },
};
/** The public and the internal static file of every fixture project. */
const LOGO = 'img/logo.svg';
const DIAGRAM = 'internal/diagram.svg';

/** Every file of a folder, `/`-separated relative paths, sorted. */
function filesOf(dir: string, prefix = ''): string[] {
  return readdirSync(path.join(dir, prefix), { withFileTypes: true })
    .flatMap((entry) => {
      const rel = prefix === '' ? entry.name : `${prefix}/${entry.name}`;
      return entry.isDirectory() ? filesOf(dir, rel) : [rel];
    })
    .sort();
}

/** The URL a built HTML file is published at: `a/index.html` → `/a/`, `a.html` → `/a` (clean URLs). */
function pageUrlOf(rel: string): string {
  if (rel === 'index.html') return '/';
  if (rel.endsWith('/index.html')) return `/${rel.slice(0, -'index.html'.length)}`;
  return `/${rel.slice(0, -'.html'.length)}`;
}

const builds = new Map<NpmGenerator, GeneratorBuild>();

beforeAll(() => {
  for (const generator of NPM_GENERATORS) {
    const build = generatorBuild(generator);
    builds.set(generator, build);
    // The figures of the report: versions and the time each step took on this run (0: cached).
    console.log(
      `${generator}: ${JSON.stringify(build.versions)}, install ${String(build.installMs)} ms, build ${String(build.buildMs)} ms`,
    );
  }
}, BUILD_HOOK_MS);

describe.each(NPM_GENERATORS)('%s, built by its own CLI', (generator) => {
  it('wrote the three pages and both static files, the internal page holding its text', () => {
    const build = builds.get(generator) as GeneratorBuild;
    const files = new Set(filesOf(build.buildDir));
    const layout = BUILT_FILES[generator];
    for (const rel of [layout.home, layout.guide, layout.secret, LOGO, DIAGRAM]) expect([rel, files.has(rel)]).toEqual([rel, true]);
    expect(readFileSync(path.join(build.buildDir, layout.guide), 'utf8')).toContain(
      'The guide explains how the fixture site is put together.',
    );
    expect(readFileSync(path.join(build.buildDir, layout.secret), 'utf8')).toContain(SECRET);
    expect(readFileSync(path.join(build.buildDir, layout.home), 'utf8')).not.toContain(SECRET);
  });
});

/**
 * The builds `serve --html` starts on. VitePress and Docusaurus are not among them yet: html-core's
 * leak scan refuses their start on the internal page's own chunk (VitePress
 * `assets/internal_secret.md.<hash>.js`, Docusaurus' content chunk), which should be served as the
 * page's file (401 anonymously), not counted as a leak.
 */
const SERVED: readonly NpmGenerator[] = ['starlight'];

describe.each(SERVED)('serve --html over the %s build', (generator) => {
  let build: GeneratorBuild;
  let t: TestApp;
  let plain: TestApp;
  beforeAll(async () => {
    build = builds.get(generator) as GeneratorBuild;
    t = await buildTestApp(build.contentDir, { settings: { html: build.buildDir } });
    plain = await buildTestApp(build.contentDir);
  });
  afterAll(async () => {
    await t.app.close();
    await plain.app.close();
  });

  it('answers every public built file byte for byte', async () => {
    const layout = BUILT_FILES[generator];
    const replaced = new Set(['sitemap-index.xml', 'sitemap-0.xml', 'sitemap.xml', 'llms.txt', 'robots.txt']);
    const files = filesOf(build.buildDir).filter((rel) => !rel.startsWith('internal/') && rel !== layout.secret && !replaced.has(rel));
    expect(files.length).toBeGreaterThan(4);
    for (const rel of files) {
      const res = await t.app.inject({ url: `/${rel}`, headers: { accept: '*/*' } });
      expect([rel, res.statusCode]).toEqual([rel, 200]);
      expect([rel, res.rawPayload.equals(readFileSync(path.join(build.buildDir, rel)))]).toEqual([rel, true]);
    }
  });

  it("answers every built page's URL as HTML with the built bytes and as markdown with sitegate's", async () => {
    const layout = BUILT_FILES[generator];
    for (const rel of [layout.home, layout.guide]) {
      const url = pageUrlOf(rel);
      const html = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect([url, html.statusCode, html.headers['content-type']]).toEqual([url, 200, 'text/html; charset=utf-8']);
      expect(html.rawPayload.equals(readFileSync(path.join(build.buildDir, rel)))).toBe(true);
      // sitegate's own page URL may differ from the build's by the trailing slash (Starlight pages are
      // `/guide` to sitegate, `/guide/` in Astro's directory build): follow its one redirect.
      const first = await plain.app.inject({ url, headers: { accept: 'text/markdown' } });
      const location = first.statusCode === 308 ? String(first.headers.location) : url;
      const today = location === url ? first : await plain.app.inject({ url: location, headers: { accept: 'text/markdown' } });
      expect([url, today.statusCode]).toEqual([url, 200]);
      const markdown = await t.app.inject({ url, headers: { accept: 'text/markdown' } });
      expect([url, markdown.statusCode, markdown.headers['content-type']]).toEqual([url, 200, 'text/markdown; charset=utf-8']);
      expect(markdown.body).toBe(today.body);
    }
  });

  it('answers the internal page and its asset 401 anonymously and 200 with internal:read', async () => {
    const staff = await issueKey(t.context, ['content:read', 'internal:read']);
    const secretUrl = pageUrlOf(BUILT_FILES[generator].secret);
    const today = await plain.app.inject({ url: secretUrl, headers: { accept: 'text/html' } });
    expect(today.statusCode).toBe(401);
    for (const url of [secretUrl, `/${DIAGRAM}`]) {
      const anonymous = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect([url, anonymous.statusCode, anonymous.headers['www-authenticate']]).toEqual([url, 401, today.headers['www-authenticate']]);
      expect(anonymous.body).toBe(today.body);
      expect(anonymous.body).not.toContain(SECRET);
      const signed = await t.app.inject({ url, headers: { accept: 'text/html', 'x-api-key': staff.apiKey } });
      expect([url, signed.statusCode, signed.headers['cache-control']]).toEqual([url, 200, 'private, no-store']);
    }
    const page = await t.app.inject({ url: secretUrl, headers: { accept: 'text/html', 'x-api-key': staff.apiKey } });
    expect(page.rawPayload.equals(readFileSync(path.join(build.buildDir, BUILT_FILES[generator].secret)))).toBe(true);
  });

  it('refuses to start on the same build with a client-side search index holding the internal text', async () => {
    const leaky = mkdtempSync(path.join(tmpdir(), `sitegate-leaky-${generator}-`));
    try {
      cpSync(build.buildDir, leaky, { recursive: true });
      // The shape of docusaurus-lunr-search's and similar plugins' index: every page's text.
      writeFileSync(
        path.join(leaky, 'search-index.json'),
        JSON.stringify([{ title: 'Secret plans', url: '/internal/secret/', text: SECRET }]),
      );
      await expect(buildTestApp(build.contentDir, { settings: { html: leaky } })).rejects.toThrow(
        '--html: search-index.json holds the text of internal page internal/secret.md (/internal/secret), and every visitor could fetch it: remove the file from the build, turn off the generator feature that writes it, or make the page public',
      );
    } finally {
      rmSync(leaky, { recursive: true, force: true });
    }
  });
});
