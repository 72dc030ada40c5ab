/**
 * The path safety corpus (issue 6): traversal in every encoding (`..`, `%2e%2e`, `%2f`, `%5c`,
 * double encoding, NUL, overlong UTF-8), mixed-case `.MD`, trailing dots, symlinks out of the root
 * (file and folder), and the real odd names of docs-large (`..md`, `[.md`, `%.md`, `~.md`; copies in
 * test/fixtures/docs-large-names).
 * Every target goes over a real socket exactly as written and through inject (which normalises
 * it as a WHATWG URL). 0 escapes: no byte of a file outside the root in any answer; the odd
 * names serve their own page.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, FIXTURES_DIR, removeDir, TEST_BASE_URL, type TestApp } from './helpers.js';
import { expectSafeAnswer, rawRequest } from './fuzz-support.js';

/** Text only the files outside the content root hold. */
const OUTSIDE = 'Ou7sideRootMarker';
const ODD_NAMES = ['..md', '[.md', '%.md', '~.md', 'c++.md'];
/** Where the odd names come from: docs-large's own files, copied into the repository. */
const ODD_NAMES_DIR = path.join(FIXTURES_DIR, 'docs-large-names/content/common');

let parent: string;
let t: TestApp;
let port: number;
// Shared by every case here over one listening server: each only reads (GETs, the problems list).
beforeAll(async () => {
  // parent/content is the root; parent/secret.md and parent/outside/ sit beside it.
  parent = mkdtempSync(path.join(tmpdir(), 'sitegate-paths-'));
  const root = path.join(parent, 'content');
  mkdirSync(path.join(root, 'common'), { recursive: true });
  mkdirSync(path.join(root, 'guides'));
  mkdirSync(path.join(parent, 'outside'));
  for (const name of ODD_NAMES) copyFileSync(path.join(ODD_NAMES_DIR, name), path.join(root, 'common', name));
  writeFileSync(path.join(root, 'README.md'), '# Home\n\nThe root.\n');
  writeFileSync(path.join(root, 'guides', 'setup.md'), '# Setup\n\nSetup text.\n');
  writeFileSync(path.join(root, 'guides', 'Notes.MD'), '# Notes\n\nUpper-case extension.\n');
  writeFileSync(path.join(parent, 'secret.md'), `# Secret\n\n${OUTSIDE} file\n`);
  writeFileSync(path.join(parent, 'secret'), `${OUTSIDE} bare\n`);
  writeFileSync(path.join(parent, 'outside', 'page.md'), `# Outside\n\n${OUTSIDE} folder\n`);
  symlinkSync(path.join(parent, 'secret.md'), path.join(root, 'linked.md'));
  symlinkSync(path.join(parent, 'outside'), path.join(root, 'linked-folder'));
  symlinkSync('../../secret.md', path.join(root, 'guides', 'relative-link.md'));
  // Static files: one served, one linked out of the root (file and folder), hidden ones.
  mkdirSync(path.join(root, 'img'));
  mkdirSync(path.join(root, '.git'));
  mkdirSync(path.join(root, '.gitbook', 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'img', 'logo.png'), 'PNG-logo-bytes');
  writeFileSync(path.join(root, 'img', '.hidden.png'), `${OUTSIDE} hidden`);
  writeFileSync(path.join(root, '.git', 'config.png'), `${OUTSIDE} git`);
  writeFileSync(path.join(root, '.gitbook', 'assets', '.dot.png'), `${OUTSIDE} dot`);
  writeFileSync(path.join(root, '.gitbook', 'assets', 'diagram.png'), 'PNG-gitbook-bytes');
  writeFileSync(path.join(root, '.env.png'), `${OUTSIDE} env`);
  writeFileSync(path.join(parent, 'secret.png'), `${OUTSIDE} png`);
  writeFileSync(path.join(parent, 'outside', 'photo.png'), `${OUTSIDE} folder png`);
  symlinkSync(path.join(parent, 'secret.png'), path.join(root, 'img', 'linked.png'));
  symlinkSync('../../secret.png', path.join(root, 'img', 'relative.png'));
  t = await buildTestApp(root);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t.app.close();
  removeDir(parent);
});

/** Targets that try to leave the root or name a file the site does not serve: never 2xx. */
const ESCAPES = [
  ...['/../secret.md', '/../secret', '/common/../../secret.md', '/%2e%2e/secret.md', '/%2E%2E/secret', '/.%2e/secret.md'],
  ...['/common/%2e%2e/%2e%2e/secret.md', '/..%2fsecret.md', '/..%2Fsecret', '/%2e%2e%2fsecret.md', '/..%5csecret.md', '/..%5Csecret'],
  ...['/..\\secret.md', '/%252e%252e/secret.md', '/%252e%252e%252fsecret.md', '/%c0%ae%c0%ae/secret.md', '/%c0%ae%c0%ae%c0%afsecret'],
  ...['/%e0%80%ae%e0%80%ae/secret.md', '/guides/setup%00.md', '/guides/setup%00', '/%00/../secret.md', '/linked', '/linked.md'],
  ...['/linked-folder/page', '/linked-folder/page.md', '/linked-folder/', '/guides/relative-link', '/guides/relative-link.md'],
  ...['/guides/setup.', '/guides/setup..', '/guides/setup.md.', '/guides/setup.MD', '/guides/Notes.MD', '/common/.', '/common/..'],
  ...['/content/guides/setup', '/./guides/setup', '//guides/setup', '/guides//setup', `/${'..%2f'.repeat(20)}etc/passwd`],
  // Static files: traversal in every encoding, links out of the root, hidden names.
  ...['/img/../../secret.png', '/img/%2e%2e/%2e%2e/secret.png', '/img%2f..%2f..%2fsecret.png', '/img/..%5c..%5csecret.png'],
  ...['/%2e%2e/secret.png', '/img/%252e%252e/secret.png', '/img/linked.png', '/img/relative.png', '/linked-folder/photo.png'],
  ...['/img/.hidden.png', '/img/%2ehidden.png', '/.git/config.png', '/%2egit/config.png', '/.gitbook/assets/.dot.png'],
  ...[
    '/.env.png',
    '/%2eenv.png',
    '/.gitbook/assets/../../.env.png',
    '/.gitbook/assets/%2e%2e/%2e%2e/secret.png',
    '/.gitbook/../.git/config.png',
  ],
  ...['/img/logo.png%00', '/img/logo.png/', '/img/logo.png.', '/img/LOGO.PNG', '/img/logo.png/..%2f..%2fsecret.png'],
];

/** Odd names of docs-large and mixed case, served at their canonical URLs: [target, status, page heading or Location]. */
const SERVED: [string, number, string][] = [
  ['/common/..md', 200, '>.</h1>'],
  ['/common/..md.md', 200, '# .'],
  ['/common/%5B', 200, '>[</h1>'],
  ['/common/%5B.md', 200, '# ['],
  ['/common/[', 308, '/common/%5B'],
  ['/common/%25', 200, '>%</h1>'],
  ['/common/%25.md', 200, '# %'],
  ['/common/~', 200, '>~</h1>'],
  ['/common/~.md', 200, '# ~'],
  ['/common/%7E', 308, '/common/~'],
  ['/common/%7e.md', 308, '/common/~.md'],
  ['/common/c%2B%2B', 200, '>c++</h1>'],
  ['/common/c++', 308, '/common/c%2B%2B'],
  ['/guides/Notes', 200, '>Notes</h1>'],
  ['/guides/Notes.md', 200, '# Notes'],
  ['/guides/setup', 200, '>Setup</h1>'],
  ['/img/logo.png', 200, 'PNG-logo-bytes'],
  ['/img/logo%2Epng', 308, '/img/logo.png'],
  // GitBook's own asset folder is the one dot-named folder served.
  ['/.gitbook/assets/diagram.png', 200, 'PNG-gitbook-bytes'],
];

/** Every file outside the root, whole: no answer may hold any of them. */
const outsideTexts = (): string[] =>
  [
    path.join(parent, 'secret.md'),
    path.join(parent, 'secret'),
    path.join(parent, 'outside', 'page.md'),
    path.join(parent, 'secret.png'),
    path.join(parent, 'outside', 'photo.png'),
  ].map((file) => readFileSync(file, 'utf8'));

describe('path safety over a real socket (raw targets)', () => {
  it.each(ESCAPES)('%s: no escape, no page', async (target) => {
    const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: sitegate.test\r\nConnection: close\r\n\r\n`);
    expect([400, 404]).toContain(answer.status);
    expect(answer.body).not.toContain(OUTSIDE);
    for (const text of outsideTexts()) expect(answer.body).not.toContain(text);
    expectSafeAnswer(answer, { internalAllowed: false, path: target, baseUrl: TEST_BASE_URL });
  });

  it.each(SERVED)('%s: %i', async (target, status, expected) => {
    const answer = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: sitegate.test\r\nConnection: close\r\n\r\n`);
    expect(answer.status).toBe(status);
    if (status === 308) expect(answer.headers.location).toBe(expected);
    else expect(answer.body).toContain(expected);
  });

  it('reports every symlink out of the root as a content problem', () => {
    expect(t.loaded.problems.filter((problem) => problem.message.includes('outside')).map((problem) => problem.file)).toStrictEqual([
      'guides/relative-link.md',
      'img/linked.png',
      'img/relative.png',
      'linked-folder',
      'linked.md',
    ]);
  });
});

describe('path safety through inject (normalised targets)', () => {
  it.each(ESCAPES)('%s: no escape', async (target) => {
    // inject resolves dot-segments first (`/./guides/setup` is `/guides/setup`), so a 200 here is a page of the root.
    const res = await t.app.inject({ url: target });
    expect(res.body).not.toContain(OUTSIDE);
    for (const text of outsideTexts()) expect(res.body).not.toContain(text);
    expectSafeAnswer(
      { status: res.statusCode, headers: res.headers, body: res.body },
      { internalAllowed: false, path: target, baseUrl: TEST_BASE_URL },
    );
  });

  it.each(SERVED.filter(([target]) => !target.includes('[')))('%s: %i', async (target, status, expected) => {
    const res = await t.app.inject({ url: target });
    expect(res.statusCode).toBe(status);
    if (status === 308) expect(res.headers.location).toBe(expected);
    else expect(res.body).toContain(expected);
  });
});
