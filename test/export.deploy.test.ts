/**
 * `sitegate export` served by Debian's nginx with the configuration the export writes
 * (docs/export.md "nginx"): a page URL answers markdown to `Accept: text/markdown` (byte for byte
 * the server's `.md` answer, `text/markdown; charset=utf-8`, `Vary: Accept`) and HTML otherwise,
 * nginx picks what sitegate picks for the Accept headers agents and browsers send, llms.txt lists
 * exactly the exported public pages and each of its links answers 200, and no private word is
 * anywhere in the export or served.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runExport } from '../src/cli/export.js';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';
import { freePort } from './free-port.js';
import { filesHolding, INTERNAL_MARKER, PLAIN_SITE } from './export-site.js';

const NGINX = '/usr/sbin/nginx';
/** A page long enough to be served in parts at the smallest page limit (5,000 characters). */
const LONG_PAGE = `---\ntitle: Long\n---\n${Array.from({ length: 8 }, (_, i) => `## Step ${i}\n\n${'Words here and there. '.repeat(60)}\n`).join('\n')}`;

let work: string;
let content: string;
let out: string;
let origin: string;
/** Set by beforeAll; undefined when it failed before starting them. */
let nginx: ChildProcess | undefined;
let started: TestApp | undefined;
const stderr: string[] = [];

/** Resolves once something accepts connections at `url`, or throws after `timeoutMs`. */
async function waitFor(url: string, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await fetch(url);
      return;
    } catch (error) {
      if (Date.now() > until) throw new Error(`nginx did not answer at ${url}: ${stderr.join('')}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

beforeAll(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'sitegate-export-nginx-'));
  // nginx's workers run as `nobody` when the tests run as root: they must read the export.
  chmodSync(work, 0o755);
  content = writeContent({
    ...PLAIN_SITE,
    'guides/long.md': LONG_PAGE,
    'a b/c d.md': '---\ntitle: Spaced\n---\nA spaced path.\n',
    // `$` starts a variable in nginx values: the twin map must still name this page's file.
    'guides/cost$.md': '---\ntitle: Cost\n---\nPrices.\n',
  });
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  out = path.join(work, 'site');
  await runExport(out, { content, baseUrl: origin, nginxListen: `127.0.0.1:${port}`, pageMaxChars: '5000' });
  started = await buildTestApp(content, { baseUrl: origin, settings: { pageMaxChars: 5000 } });
  const prefix = path.join(work, 'nginx');
  mkdirSync(path.join(prefix, 'temp'), { recursive: true });
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${prefix}/temp/${kind};`).join(' ');
  writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes 1;\nevents { worker_connections 64; }\nhttp {\n  access_log off;\n  ${temp}\n  include ${out}/nginx.conf;\n}\n`,
  );
  nginx = spawn(
    NGINX,
    ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', `daemon off; pid ${prefix}/nginx.pid; error_log stderr warn;`],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  nginx.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  await waitFor(`${origin}/robots.txt`);
});

afterAll(async () => {
  const child = nginx;
  if (child?.exitCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  await started?.app.close();
  removeDir(content);
  removeDir(work);
});

/** The sitegate app over the same content, to compare nginx's answers with. */
function server(): TestApp {
  if (started === undefined) throw new Error('the app was not built');
  return started;
}

/** A GET to nginx. */
async function get(
  urlPath: string,
  accept?: string,
): Promise<{ status: number; type: string | null; vary: string | null; link: string | null; body: string }> {
  const res = await fetch(origin + urlPath, { headers: accept === undefined ? {} : { accept } });
  return {
    status: res.status,
    type: res.headers.get('content-type'),
    vary: res.headers.get('vary'),
    link: res.headers.get('link'),
    body: await res.text(),
  };
}

/** The exported public pages: the search index's paths. */
function exportedPages(): string[] {
  return (JSON.parse(readFileSync(path.join(out, 'api/search.json'), 'utf8')) as { path: string }[]).map((doc) => doc.path);
}

describe('an export served by nginx', () => {
  it('starts nginx with the written configuration without a warning', () => {
    // Not `[alert]`: run as another user than root, nginx says it cannot open its built-in log path first.
    const complaints = stderr
      .join('')
      .split('\n')
      .filter((line) => /\[(warn|error|crit|emerg)\]/.test(line));
    expect(complaints).toStrictEqual([]);
  });

  it('answers Accept: text/markdown on a page URL with the markdown the server answers at its .md URL', async () => {
    const pages = [...exportedPages(), '/guides/', '/guides/long;part=2'];
    expect(pages).toStrictEqual([
      '/',
      '/a%20b/c%20d',
      '/guides/cost%24',
      '/guides/long',
      '/guides/setup',
      '/guides/tuning',
      '/guides/',
      '/guides/long;part=2',
    ]);
    for (const page of pages) {
      const markdownUrl = page.endsWith('/') ? `${page}index.md` : `${page}.md`;
      const expected = await server().app.inject({ url: markdownUrl, headers: { accept: 'text/markdown' } });
      expect(expected.statusCode).toBe(200);
      const res = await get(page, 'text/markdown');
      expect([page, res.status, res.type, res.vary, res.body === expected.body]).toStrictEqual([
        page,
        200,
        'text/markdown; charset=utf-8',
        'Accept',
        true,
      ]);
      const direct = await get(markdownUrl);
      expect([markdownUrl, direct.status, direct.type, direct.vary, direct.body === expected.body]).toStrictEqual([
        markdownUrl,
        200,
        'text/markdown; charset=utf-8',
        null,
        true,
      ]);
    }
  });

  it("answers HTML without it, the server's bytes, with Vary: Accept and the page's Link header", async () => {
    for (const page of [...exportedPages(), '/guides/']) {
      const expected = await server().app.inject({ url: page, headers: { accept: 'text/html' } });
      const res = await get(page);
      expect([page, res.status, res.type, res.vary, res.body === expected.body]).toStrictEqual([
        page,
        200,
        'text/html; charset=utf-8',
        'Accept',
        true,
      ]);
    }
    expect((await get('/guides/setup')).link).toBe(
      `<${origin}/guides/setup.md>; rel="alternate"; type="text/markdown", <${origin}/llms.txt>; rel="llms-txt"; type="text/plain"`,
    );
  });

  // A client that accepts neither gets sitegate's 406; nginx answers it HTML (docs/export.md).
  it('picks HTML or markdown as sitegate does for the Accept headers browsers and agents send', async () => {
    for (const accept of [
      'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
      '*/*',
      'text/markdown',
      'text/markdown, text/html',
      'text/html, text/markdown',
      'text/markdown, text/html;q=0.9, */*;q=0.8',
      'text/html;q=0.9, text/markdown',
      '*/*, text/markdown',
      'text/html, text/markdown;q=0',
      'text/markdown;q=0, */*',
      'text/plain, text/markdown;q=0.9',
      'application/json, text/markdown',
    ]) {
      const expected = await server().app.inject({ url: '/guides/setup', headers: { accept } });
      const res = await get('/guides/setup', accept);
      expect([accept, expected.statusCode, res.type]).toStrictEqual([accept, 200, expected.headers['content-type']]);
    }
  });

  it('serves llms.txt listing exactly the exported public pages, each link answering 200', async () => {
    const llms = await get('/llms.txt');
    expect([llms.status, llms.type]).toStrictEqual([200, 'text/plain; charset=utf-8']);
    const links = [...llms.body.matchAll(/\]\(([^)]+)\)/g)].map((match) => match[1] as string);
    const pageLinks = links.filter((link) => link.endsWith('.md'));
    expect(pageLinks.sort()).toStrictEqual(
      exportedPages()
        .map((page) => `${origin}${page}.md`.replace(/\/\.md$/, '/index.md'))
        .sort(),
    );
    expect(links.filter((link) => !link.endsWith('.md'))).toStrictEqual([`${origin}/llms-full.txt`]);
    for (const link of links) expect([link, (await fetch(link)).status]).toStrictEqual([link, 200]);
  });

  it('serves no private page, draft or internal file, and holds no word of them', async () => {
    expect(filesHolding(out, INTERNAL_MARKER)).toStrictEqual([]);
    for (const urlPath of [
      '/internal/runbook',
      '/internal/runbook.md',
      '/internal/secret.svg',
      '/guides/private',
      '/guides/private.md',
      '/guides/draft',
    ]) {
      const res = await get(urlPath, 'text/markdown');
      expect([urlPath, res.status, res.body.includes(INTERNAL_MARKER)]).toStrictEqual([urlPath, 404, false]);
    }
    for (const urlPath of ['/llms-full.txt', '/sitemap.xml', '/api/search.json'])
      expect((await get(urlPath)).body).not.toContain(INTERNAL_MARKER);
  });

  it("serves each file with the type sitegate sends, and not the export's own configuration", async () => {
    for (const urlPath of [
      '/sitemap.xml',
      '/api/search.json',
      '/openapi.json',
      '/robots.txt',
      '/llms-full.txt',
      '/guides/diagram.png',
      '/_sitegate/site.css',
    ]) {
      const expected = await server().app.inject({ url: urlPath });
      const res = await get(urlPath);
      expect([urlPath, res.status, res.type]).toStrictEqual([urlPath, 200, expected.headers['content-type']]);
    }
    expect((await get('/nginx.conf')).status).toBe(404);
    expect((await get('/_headers')).status).toBe(404);
  });
});
