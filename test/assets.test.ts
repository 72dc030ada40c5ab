/**
 * Static files (issue 13): served from the content folder and the static folder beside it, with
 * their type, a strong ETag, caching, ranges, nosniff and a sandbox for SVG; internal ones only
 * with internal:read; hidden files never but for GitBook's `.gitbook/assets`; pages link them by
 * absolute URLs in HTML and markdown; `check` counts them and what it does not serve.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent, summaryLines } from '../src/cli/check.js';
import { buildTestApp, issueKey, removeDir, TEST_BASE_URL, type TestApp } from './helpers.js';

const OUTSIDE = 'Ou7sideAssetMarker';
/** Fixed modification time of every fixture file: 2023-11-14T22:13:20Z. */
const MTIME_S = 1_700_000_000;
const PNG = Buffer.from('\x89PNG\r\n\x1a\nfake-png-bytes', 'latin1');
const CLIP = Buffer.from(Array.from({ length: 100 }, (_, i) => i));
/** Over the 256 KiB that are sent at once: streamed. */
const BIG = Buffer.from(Array.from({ length: 300 * 1024 }, (_, i) => (i * 7) % 251));
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
const PAGE = [
  '# Guide',
  '',
  '![Logo](img/logo.png)',
  '',
  '<img src="img/logo.png" alt="again">',
  '',
  '[Manual](files/manual%20v1.pdf) and ![Brand](/brand.svg)',
  '',
].join('\n');

let parent: string;
let root: string;
let t: TestApp;
const write = (file: string, data: string | Buffer): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, data);
  utimesSync(file, MTIME_S, MTIME_S);
};

beforeAll(async () => {
  parent = mkdtempSync(path.join(tmpdir(), 'sitegate-assets-'));
  root = path.join(parent, 'content');
  write(path.join(root, 'guide.md'), PAGE);
  write(path.join(root, 'img/logo.png'), PNG);
  write(path.join(root, 'files/manual v1.pdf'), '%PDF-1.4 manual');
  write(path.join(root, 'media/clip.mp4'), CLIP);
  write(path.join(root, 'evil.svg'), SVG);
  write(path.join(root, 'media/long.webm'), BIG);
  write(path.join(root, 'internal/diagram.png'), PNG);
  write(path.join(root, '.gitbook/assets/upload.png'), PNG);
  write(path.join(root, '.gitbook/other.png'), PNG);
  write(path.join(root, '.hidden/x.png'), PNG);
  write(path.join(root, 'img/.secret.png'), PNG);
  write(path.join(root, 'config.yaml'), 'a: 1\n');
  write(path.join(root, 'script.js'), 'x()\n');
  write(path.join(root, 'package.json'), '{}\n');
  write(path.join(parent, 'outside.png'), OUTSIDE);
  write(path.join(parent, 'static/brand.svg'), SVG);
  symlinkSync(path.join(parent, 'outside.png'), path.join(root, 'img/linked.png'));
  t = await buildTestApp(root);
});
afterAll(async () => {
  await t.app.close();
  removeDir(parent);
});

describe('static files', () => {
  it('serves a file with its type, strong ETag, caching, ranges and nosniff', async () => {
    const res = await t.app.inject({ url: '/img/logo.png' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toStrictEqual(PNG);
    const { date, connection, ...headers } = res.headers;
    expect(typeof date).toBe('string');
    expect(connection).toBe('keep-alive');
    expect(headers).toStrictEqual({
      'access-control-allow-origin': '*',
      'access-control-expose-headers': 'ETag, Link, Content-Signal, X-Markdown-Tokens, RateLimit, RateLimit-Policy, Retry-After',
      // Every static file is sandboxed, not only the types a browser runs script in (issue 28).
      'content-security-policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=300',
      etag: '"16-18bcfe56800"',
      'last-modified': 'Tue, 14 Nov 2023 22:13:20 GMT',
      'accept-ranges': 'bytes',
      'content-type': 'image/png',
      'content-length': '22',
    });
  });

  it('answers 304 to a matching If-None-Match and HEAD without a body', async () => {
    const notModified = await t.app.inject({ url: '/img/logo.png', headers: { 'if-none-match': '"16-18bcfe56800"' } });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const head = await t.app.inject({ method: 'HEAD', url: '/files/manual%20v1.pdf' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers['content-length']).toBe('15');
    expect(head.body).toBe('');
  });

  it('answers a byte range with 206, one past the end with 416, and ignores a range whose If-Range does not match', async () => {
    const partial = await t.app.inject({ url: '/media/clip.mp4', headers: { range: 'bytes=10-19' } });
    expect(partial.statusCode).toBe(206);
    expect(partial.headers['content-range']).toBe('bytes 10-19/100');
    expect(partial.headers['content-type']).toBe('video/mp4');
    expect(partial.rawPayload).toStrictEqual(CLIP.subarray(10, 20));
    const suffix = await t.app.inject({ url: '/media/clip.mp4', headers: { range: 'bytes=-5' } });
    expect(suffix.rawPayload).toStrictEqual(CLIP.subarray(95));
    const unsatisfiable = await t.app.inject({ url: '/media/clip.mp4', headers: { range: 'bytes=200-' } });
    expect(unsatisfiable.statusCode).toBe(416);
    expect(unsatisfiable.headers['content-range']).toBe('bytes */100');
    expect(unsatisfiable.body).toBe('');
    const stale = await t.app.inject({ url: '/media/clip.mp4', headers: { range: 'bytes=0-1', 'if-range': '"old"' } });
    expect(stale.statusCode).toBe(200);
    expect(stale.rawPayload).toStrictEqual(CLIP);
  });

  it('streams a large file whole and in ranges', async () => {
    const whole = await t.app.inject({ url: '/media/long.webm' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe('307200');
    expect(whole.rawPayload.equals(BIG)).toBe(true);
    const tail = await t.app.inject({ url: '/media/long.webm', headers: { range: 'bytes=1000-299999' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 1000-299999/307200');
    expect(tail.rawPayload.equals(BIG.subarray(1000, 300_000))).toBe(true);
  });

  it('sandboxes SVG so its script cannot run on the site origin', async () => {
    for (const url of ['/evil.svg', '/brand.svg']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toBe('image/svg+xml');
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
      );
    }
  });

  it('serves the static folder beside the content folder at the site root', async () => {
    const res = await t.app.inject({ url: '/brand.svg' });
    expect(res.body).toBe(SVG);
  });

  it('serves internal files only to internal:read, never cached by shared caches', async () => {
    const anonymous = await t.app.inject({ url: '/internal/diagram.png' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.rawPayload.includes(PNG)).toBe(false);
    const { apiKey: publicKey } = await issueKey(t.context, ['content:read']);
    expect((await t.app.inject({ url: '/internal/diagram.png', headers: { 'x-api-key': publicKey } })).statusCode).toBe(403);
    const { apiKey } = await issueKey(t.context, ['internal:read']);
    const res = await t.app.inject({ url: '/internal/diagram.png', headers: { 'x-api-key': apiKey } });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toStrictEqual(PNG);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('serves .gitbook/assets but no other hidden file, nothing outside the root, and redirects other spellings', async () => {
    expect((await t.app.inject({ url: '/.gitbook/assets/upload.png' })).statusCode).toBe(200);
    for (const url of [
      '/.gitbook/other.png',
      '/.hidden/x.png',
      '/img/.secret.png',
      '/img/linked.png',
      '/config.yaml',
      '/script.js',
      '/package.json',
    ])
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    const redirect = await t.app.inject({ url: '/img/logo%2Epng' });
    expect(redirect.statusCode).toBe(308);
    expect(redirect.headers.location).toBe('/img/logo.png');
  });

  it('links files by absolute URLs in the HTML and the markdown of a page', async () => {
    const html = (await t.app.inject({ url: '/guide' })).body;
    expect(html).toContain('<p><img src="/img/logo.png" alt="Logo"></p>\n<img src="/img/logo.png" alt="again">\n');
    expect(html).toContain('<a href="/files/manual%20v1.pdf">Manual</a> and <img src="/brand.svg" alt="Brand">');
    const markdown = (await t.app.inject({ url: '/guide.md' })).body;
    expect(markdown).toContain(
      `![Logo](${TEST_BASE_URL}/img/logo.png)\n\n<img src="${TEST_BASE_URL}/img/logo.png" alt="again">\n\n[Manual](${TEST_BASE_URL}/files/manual%20v1.pdf) and ![Brand](${TEST_BASE_URL}/brand.svg)`,
    );
  });

  it('answers 404 for a file swapped for a symlink out of the root after the build', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-swap-'));
    try {
      const content = path.join(dir, 'content');
      write(path.join(content, 'index.md'), '# Home\n');
      write(path.join(content, 'a.png'), PNG);
      write(path.join(dir, 'secret.png'), OUTSIDE);
      const swap = await buildTestApp(content);
      rmSync(path.join(content, 'a.png'));
      symlinkSync(path.join(dir, 'secret.png'), path.join(content, 'a.png'));
      const res = await swap.app.inject({ url: '/a.png' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain(OUTSIDE);
      await swap.app.close();
    } finally {
      removeDir(dir);
    }
  });

  it('check verifies every image and file link, counts static files and lists what it does not serve', () => {
    // The lines count the frontmatter, the agents' block the HTML leaves out, and raw HTML's own lines.
    const broken = [
      '---',
      'title: Broken',
      '---',
      '',
      '<!-- agents-only -->',
      '',
      'For agents only.',
      '',
      '<!-- /agents-only -->',
      '',
      '![Gone](img/gone.png)',
      '![Gone too](/gone.svg)',
      '',
      '<div>',
      '<img src="../up.png">',
      '</div>',
      '',
    ];
    write(path.join(root, 'broken.md'), broken.join('\n'));
    try {
      const result = checkContent(root, undefined, {}, [path.join(parent, 'static')]);
      expect(result.problems.filter((problem) => problem.file === 'broken.md')).toStrictEqual([
        { severity: 'error', file: 'broken.md', line: 11, message: 'broken relative link: img/gone.png' },
        { severity: 'error', file: 'broken.md', line: 12, message: 'no static file at: /gone.svg' },
        { severity: 'error', file: 'broken.md', line: 15, message: 'link escapes the content folder: ../up.png' },
      ]);
      expect(result.problems.filter((problem) => problem.file === 'img/linked.png')).toStrictEqual([
        { severity: 'error', file: 'img/linked.png', message: 'symlink points outside the content folder, skipped' },
      ]);
      expect(summaryLines(result)).toStrictEqual([
        'not served (neither page nor static file): 1 .js, 1 .json, 1 .yaml',
        '  .js: script.js',
        '  .json: package.json',
        '  .yaml: config.yaml',
        '2 pages, 8 static files, 4 errors, 0 warnings',
      ]);
    } finally {
      rmSync(path.join(root, 'broken.md'));
    }
  });

  it('check errs on a folder without pages and warns on a page that is not UTF-8, with its summary', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-check-'));
    try {
      write(path.join(dir, 'only.png'), PNG);
      const empty = checkContent(dir, undefined, {}, []);
      expect(empty.problems).toStrictEqual([{ severity: 'error', file: '.', message: 'no pages: the folder holds no .md or .mdx file' }]);
      expect(summaryLines(empty)).toStrictEqual(['0 pages, 1 static file, 1 error, 0 warnings']);
      write(path.join(dir, 'latin.md'), Buffer.from('# Caf\xe9\n', 'latin1'));
      expect(checkContent(dir, undefined, {}, []).problems).toStrictEqual([
        { severity: 'warning', file: 'latin.md', message: 'not valid UTF-8: the bytes that do not decode are shown as U+FFFD' },
      ]);
    } finally {
      removeDir(dir);
    }
  });
});
