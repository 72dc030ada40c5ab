/**
 * The CLI: help, usage errors as one line with exit code 2 and no stack, `check`, and `serve`
 * answering requests and stopping cleanly on SIGTERM. The built CLI (`bin/sitegate.js` over
 * `dist/`, so `npm test` builds first) runs as a process once per exit code and kind of output
 * (`run`), and for `serve`; the other cases call its `main` in the test's process (`call`). Each
 * run gets an empty working folder and an environment without sitegate's variables, so no
 * `sitegate.json` or `PORT` of the machine leaks in.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_SITE, removeDir, REPO_DIR, writeContent } from './helpers.js';
import { CLI_TIMEOUT_MS, runInProcess } from './cli-process.js';

const CLI = path.join(REPO_DIR, 'bin/sitegate.js');
/** A CLI call's bound: the one of every CLI test (a busy machine takes seconds to load the program). */
const RUN_TIMEOUT_MS = CLI_TIMEOUT_MS;

/** The environment minus everything sitegate reads. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (!/^(SITEGATE_|PORT$|DATABASE_URL$|REDIS_URL$)/.test(name)) env[name] = value;
  }
  return env;
}

interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the CLI to its end (bounded), in a fresh working folder that is removed afterwards. */
function run(...args: string[]): Promise<Run> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sitegate-cwd-'));
  return new Promise<Run>((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env: cleanEnv(), timeout: RUN_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  }).finally(() => removeDir(cwd));
}

/** Runs the CLI's `main` in this process ({@link runInProcess}), in a fresh working folder that is removed afterwards. */
async function call(...args: string[]): Promise<Run> {
  const cwd = mkdtempSync(path.join(tmpdir(), 'sitegate-cwd-'));
  try {
    const { code, stdout, stderr } = await runInProcess(args, cwd);
    return { status: code, stdout, stderr };
  } finally {
    removeDir(cwd);
  }
}

// No shared app: every test runs its own CLI process in its own folder; this only checks dist/.
beforeAll(() => {
  if (!existsSync(path.join(REPO_DIR, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run `npm run build` (npm test does) first');
});

describe.concurrent('help', () => {
  it.each([['--version'], ['-V']])('%s prints the package version alone and exits 0', async (flag) => {
    const { version } = JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { version: string };
    expect(await (flag === '--version' ? run : call)(flag)).toStrictEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('--help prints the commands and exits 0', async () => {
    const { status, stdout, stderr } = await run('--help');
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.startsWith('Usage: sitegate [options] [command]\n')).toBe(true);
    expect(stdout).toMatch(/^ {2}serve \[options\] \[dir\] /m);
    expect(stdout).toMatch(/^ {2}check \[options\] \[dir\] /m);
  });

  it('serve --help prints every flag and exits 0', async () => {
    const { status, stdout, stderr } = await call('serve', '--help');
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.startsWith('Usage: sitegate serve [options] [dir]\n')).toBe(true);
    for (const flag of [
      '--port <n>',
      '--host <host>',
      '--base-url <url>',
      '--data-dir <dir>',
      '--log-level <level>',
      '--watch',
      '--drain-timeout <seconds>',
      '--page-max-chars <n>',
      '--trust-proxy <list>',
    ]) {
      expect(stdout).toContain(flag);
    }
  });

  it('check --help prints its usage and exits 0', async () => {
    const { status, stdout, stderr } = await call('check', '--help');
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(stdout.startsWith('Usage: sitegate check [options] [dir]\n')).toBe(true);
    expect(stdout).toContain('--page-max-chars <n>');
  });
});

describe.concurrent('usage errors: one line on stderr, exit 2, no stack', () => {
  // The first as a process (its exit code is 2), the others in this one.
  it.each([
    [['--bogus'], "sitegate: unknown option '--bogus'\n"],
    [['serve', '--bogus'], "sitegate: unknown option '--bogus'\n"],
    [['serve', '/no/such/dir'], 'sitegate: content folder not found: /no/such/dir\n'],
    [['serve', '--port', 'abc'], 'sitegate: --port: must be an integer from 0 to 65535, got "abc"\n'],
    [['serve', '--port', '70000'], 'sitegate: --port: must be an integer from 0 to 65535, got "70000"\n'],
    [['serve', '--base-url', 'ftp://example.com'], 'sitegate: --base-url: must use http or https, got "ftp://example.com"\n'],
    [['check', '/no/such/dir'], 'sitegate: content folder not found: /no/such/dir\n'],
    [['check', '--page-max-chars', '100'], 'sitegate: --page-max-chars: must be 0 (serve every page whole) or at least 5000, got "100"\n'],
    [
      ['serve', '--trust-proxy', '127.0.0.1,10.0.0.0/33'],
      'sitegate: --trust-proxy: must hold IP addresses, CIDR ranges (10.0.0.0/8) or loopback, linklocal, uniquelocal; "10.0.0.0/33" is none, got "127.0.0.1,10.0.0.0/33"\n',
    ],
  ])('sitegate %j', async (args, line) => {
    const { status, stdout, stderr } = await (args[0] === '--bogus' ? run : call)(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(line);
  });
});

describe.concurrent('check', () => {
  it('passes on the example site', async () => {
    const { status, stdout, stderr } = await run('check', EXAMPLE_SITE);
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe('8 pages, 0 errors, 0 warnings\n');
  });

  it('lists problems and exits 1 on errors', async () => {
    const dir = writeContent({
      'index.md': '# Home\n\nSee [the guide](guide.md) and [outside](../outside.md).\n',
      'untitled.md': 'No title.\n',
      // Lines count from the top of the file, frontmatter included.
      'with-frontmatter.md':
        '---\ntitle: F\n---\n\nText.\n\n- one\n- [two](nope.md)\n\nA paragraph\nof lines, [the third](gone.md)\nbreaks.\n',
    });
    const { status, stdout, stderr } = await run('check', dir).finally(() => removeDir(dir));
    expect(status).toBe(1);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'broken-link: 3 errors\n' +
        "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.\n" +
        '  index.md:3: error: broken relative link: guide.md\n' +
        '  with-frontmatter.md:8: error: broken relative link: nope.md\n' +
        '  with-frontmatter.md:11: error: broken relative link: gone.md\n' +
        'link-escapes: 1 error\n' +
        '  fix: Link to a page inside the content folder, or to the absolute URL of what lies outside it.\n' +
        '  index.md:3: error: link escapes the content folder: ../outside.md\n' +
        'no-title: 1 warning\n' +
        '  fix: Give the page an H1 or a frontmatter title.\n' +
        '  untitled.md: warning: no title (frontmatter title or H1); using "untitled"\n' +
        '3 pages, 4 errors, 1 warning\n',
    );
  });

  it('names the line as written when dialect steps dropped, added or inlined lines before it', async () => {
    const dir = writeContent({
      'mdx.mdx':
        "---\ntitle: M\n---\n\nimport Tabs from '@theme/Tabs';\nimport Part from './_part.mdx';\n\n:::tip Title\n\nSee [a](a.md).\n\n:::\n\n{/* note */}\n\n<Part />\n\nThen [b](b.md).\n",
      '_part.mdx': '# Part\n\nSee [c](c.md).\n',
      'mkdocs.md': '# K\n\n!!! note "T"\n\n    Body [d](d.md).\n\n=== "Tab"\n\n    In [e](e.md).\n',
      // No dialect, but an HTML comment over two lines before a link (mdBook's `<!--\nignore -->`).
      'comment.md': '# C\n\nSee [x](x.md)<!--\nignore --> and [y](y.md).\n',
      'hugo.md': '# H\n\n{{< note >}}\nNote.\n{{< /note >}}\n\n{{< figure\n  alt="F"\n  src="/f.png"\n>}}\n',
    });
    const { status, stdout, stderr } = await call('check', dir).finally(() => removeDir(dir));
    expect(status).toBe(1);
    expect(stderr).toBe('');
    // A plain folder publishes `_part.mdx` too (only the generators' conventions leave `_` files out).
    expect(stdout).toBe(
      'broken-link: 8 errors\n' +
        "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.\n" +
        '  _part.mdx:3: error: broken relative link: c.md\n' +
        '  comment.md:3: error: broken relative link: x.md\n' +
        '  comment.md:4: error: broken relative link: y.md\n' +
        '  mdx.mdx:10: error: broken relative link: a.md\n' +
        '  mdx.mdx:16: error: broken relative link: ./c.md\n' +
        '  mdx.mdx:18: error: broken relative link: b.md\n' +
        '  mkdocs.md:5: error: broken relative link: d.md\n' +
        '  mkdocs.md:9: error: broken relative link: e.md\n' +
        'no-static-file: 1 error\n' +
        '  fix: Add the file to the content or static folder, correct the link, or name it in check.knownMissing.\n' +
        '  hugo.md:9: error: no static file at: /f.png\n' +
        '5 pages, 9 errors, 0 warnings\n',
    );
  });
});

describe.concurrent('check: links it cannot verify', () => {
  /** A Hugo site whose link render hook is `layouts/_markup/render-link.html`; its content folder is `content/`. */
  const hugoSite = (): string =>
    writeContent({
      'hugo.toml': 'title = "H"\n',
      'layouts/_markup/render-link.html': '<a href="{{ .Destination }}">{{ .Text }}</a>\n',
      'content/_index.md': '---\ntitle: Home\n---\n\nA [page kind](g), a [section](g) and [the guide](guide.md).\n\n![Shot](shot.png)\n',
      'content/guide.md': '---\ntitle: Guide\n---\n\nBack [home](/) or to [nowhere](/nowhere/).\n',
    });

  it("counts the links left to a Hugo site's render-link hook in one warning; a missing image is still an error", async () => {
    const dir = hugoSite();
    const { status, stdout, stderr } = await call('check', path.join(dir, 'content')).finally(() => removeDir(dir));
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'conventions: hugo (../hugo.toml)\n' +
        'broken-link: 1 error\n' +
        "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.\n" +
        '  _index.md:7: error: broken relative link: shot.png\n' +
        'render-link-hook: 1 warning\n' +
        '  fix: Nothing to fix: links a Hugo render hook rewrites are not verified (--verbose lists them).\n' +
        "  ../layouts/_markup/render-link.html: warning: 3 links left to the site's render-link hook, not verified: sitegate cannot run it (--verbose lists them)\n" +
        '2 pages, 1 error, 1 warning\n',
    );
    expect(status).toBe(1);
  });

  it('--verbose lists each link left to the hook', async () => {
    const dir = hugoSite();
    const { stdout } = await call('check', path.join(dir, 'content'), '--verbose').finally(() => removeDir(dir));
    expect(stdout.split('\n').filter((line) => line.includes(': note: '))).toStrictEqual([
      "_index.md:5: note: left to the site's render-link hook: g",
      "_index.md:5: note: left to the site's render-link hook: g",
      "guide.md:5: note: left to the site's render-link hook: /nowhere/",
    ]);
  });

  it('check.knownMissing counts the links to the targets it names in one line; any other broken link still fails', async () => {
    const dir = writeContent({
      'sitegate.json': JSON.stringify({ check: { knownMissing: ['/img/a%20b.gif', '/guides/shot.png'] } }),
      'content/index.md': '# Home\n\n![A](</img/a b.gif>) ![A again](/img/a%20b.gif)\n\n[Gone](gone.md)\n',
      'content/guides/index.md': '# Guides\n\n![Shot](shot.png)\n',
    });
    const config = path.join(dir, 'sitegate.json');
    const content = path.join(dir, 'content');
    const { status, stdout, stderr } = await call('check', content, '--config', config);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'broken-link: 1 error\n' +
        "  fix: Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.\n" +
        '  index.md:5: error: broken relative link: gone.md\n' +
        '3 links to 2 known-missing targets ignored (setting check.knownMissing)\n' +
        '2 pages, 1 error, 0 warnings\n',
    );
    expect(status).toBe(1);
    const verbose = await call('check', content, '--config', config, '--verbose').finally(() => removeDir(dir));
    expect(verbose.stdout.split('\n').filter((line) => line.includes(': note: '))).toStrictEqual([
      'guides/index.md:3: note: known missing (check.knownMissing): shot.png',
      // markdown-it percent-encodes a destination written in angle brackets.
      'index.md:3: note: known missing (check.knownMissing): /img/a%20b.gif',
      'index.md:3: note: known missing (check.knownMissing): /img/a%20b.gif',
    ]);
  });
});

describe.concurrent('check against the page limit', () => {
  const long = `# Long\n\n${['Alpha', 'Beta', 'Gamma'].map((name) => `## ${name}\n\n${'A sentence of the section that says something. '.repeat(50)}\n`).join('\n')}`;

  it('says in how many parts a page over the limit is served', async () => {
    const dir = writeContent({ 'long.md': long });
    const { status, stdout, stderr } = await call('check', dir, '--page-max-chars', '5000').finally(() => removeDir(dir));
    expect(status).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe(
      'page-size: 1 warning\n' +
        '  fix: Split the page at its headings, or give it headings to be cut at; pageMaxChars sets the limit.\n' +
        '  long.md: warning: 7159 characters as markdown: over the page limit of 5000, so it is served in 3 parts\n' +
        '1 pages, 0 errors, 1 warning\n',
    );
  });

  it('with the limit off, warns only past the size agents truncate at', async () => {
    const dir = writeContent({ 'long.md': long });
    const { stdout } = await call('check', dir, '--page-max-chars', '0').finally(() => removeDir(dir));
    expect(stdout).toBe('1 pages, 0 errors, 0 warnings\n');
  });
});

describe('serve', () => {
  /** Collects a stream's text and resolves once it matches. */
  function waitFor(stream: NodeJS.ReadableStream, pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    return new Promise((resolve, reject) => {
      let text = '';
      const timer = setTimeout(() => reject(new Error(`timed out waiting for ${String(pattern)}; got: ${text}`)), timeoutMs);
      stream.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        const match = pattern.exec(text);
        if (match !== null) {
          clearTimeout(timer);
          resolve(match);
        }
      });
    });
  }

  function exited(
    child: ChildProcessWithoutNullStreams,
    timeoutMs: number,
  ): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not exit after SIGTERM')), timeoutMs);
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        resolve({ code, signal });
      });
    });
  }

  it('says the bound address and the public URL apart, in pretty lines with --log-format pretty', async () => {
    const site = writeContent({ 'index.md': '# Hello\n' });
    const cwd = mkdtempSync(path.join(tmpdir(), 'sitegate-cwd-'));
    const args = ['serve', site, '--port', '0', '--data-dir', path.join(cwd, 'data'), '--base-url', 'https://docs.example.com/'];
    const child = spawn(process.execPath, [CLI, ...args, '--log-format', 'pretty'], { cwd, env: cleanEnv() });
    try {
      const [output] = await waitFor(child.stdout, /^[\s\S]*public URL .+\n/, RUN_TIMEOUT_MS);
      expect(output).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: serving .+ \(1 page, built in \d+ ms\)\n/);
      expect(output).toMatch(
        /\n\[\d\d:\d\d:\d\d\] INFO: listening on http:\/\/127\.0\.0\.1:[1-9]\d*\n {4}address: "http:\/\/127\.0\.0\.1:\d+"\n/,
      );
      expect(output).toMatch(/\n\[\d\d:\d\d:\d\d\] INFO: public URL https:\/\/docs\.example\.com\n$/);
    } finally {
      child.kill('SIGKILL');
      removeDir(site);
      removeDir(cwd);
    }
  });

  it('prints the listening URL, answers, and stops with exit 0 on SIGTERM', async () => {
    const site = writeContent({ 'index.md': '# Hello\n\nA temporary site.\n' });
    const cwd = mkdtempSync(path.join(tmpdir(), 'sitegate-cwd-'));
    const child = spawn(
      process.execPath,
      [CLI, 'serve', site, '--port', '0', '--data-dir', path.join(cwd, 'data'), '--log-level', 'warn'],
      {
        cwd,
        env: cleanEnv(),
      },
    );
    try {
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const stdout: string[] = [];
      child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk.toString('utf8')));

      const [, url] = await waitFor(child.stdout, /"msg":"listening on (http:\/\/127\.0\.0\.1:\d+)"/, RUN_TIMEOUT_MS);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);

      const health = await fetch(`${url!}/api/v1/health`);
      expect(health.status).toBe(200);
      const { version } = JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { version: string };
      expect(await health.json()).toStrictEqual({ ok: true, name: 'sitegate', docs: `${url!}/developers`, version });
      const page = await fetch(`${url!}/`, { headers: { accept: 'text/markdown' } });
      expect(page.status).toBe(200);
      // The page's markdown with the llms.txt pointer after its H1.
      expect(await page.text()).toBe(`# Hello\n\n> For agents: the index of this site is ${url!}/llms.txt\n\nA temporary site.\n`);

      const exit = exited(child, RUN_TIMEOUT_MS);
      child.kill('SIGTERM');
      expect(await exit).toStrictEqual({ code: 0, signal: null });
      // Not a TTY: pino's JSON lines, the start and stop lines at info although the level is warn.
      const lines = stdout
        .join('')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(lines.map((line) => line.level)).toStrictEqual([30, 30, 30, 30, 30, 30]);
      expect(lines.map((line) => line.msg)).toStrictEqual([
        expect.stringMatching(/^serving .+ \(1 page, built in \d+ ms\)$/),
        `data folder ${path.join(cwd, 'data')} (from --data-dir)`,
        `listening on ${url!}`,
        `public URL ${url!}`,
        'SIGTERM received, closing (requests in flight have 10 s to finish)',
        'closed',
      ]);
      expect(stderr).toBe('');
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      removeDir(site);
      removeDir(cwd);
    }
  });
});
