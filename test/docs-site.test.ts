/**
 * The project's own docs as a site (issue 32): `npm run docs` serves `docs/` with the settings of
 * `sitegate.docs.json`; `sitegate check` finds no error in it; every page its sitemap lists is
 * served; and every relative link of README.md and of the pages under docs/ leads to a file that
 * exists and, with a `#fragment`, to a heading of it. The only targets allowed to be missing are the
 * pages other branches of issue 32 write, named in `check.knownMissing`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import GithubSlugger from 'github-slugger';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { buildTestApp, REPO_DIR } from './helpers.js';
import { cliProcesses } from './cli-process.js';

const CONFIG_FILE = path.join(REPO_DIR, 'sitegate.docs.json');
const DOCS_DIR = path.join(REPO_DIR, 'docs');
const { run } = cliProcesses();

interface DocsSettings {
  contentDir: string;
  site: { title: string };
}
const SETTINGS = JSON.parse(readFileSync(CONFIG_FILE, 'utf8')) as DocsSettings;

/** Every markdown file under `dir`, as absolute paths. */
function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The `href`/`src` of every link and image of a markdown file (code spans and blocks are not links). */
function linkTargets(file: string): string[] {
  const tokens = new MarkdownIt({ html: true }).parse(readFileSync(file, 'utf8'), {});
  const targets: string[] = [];
  for (const token of tokens.flatMap((block) => [block, ...(block.children ?? [])])) {
    const target = token.type === 'link_open' ? token.attrGet('href') : token.type === 'image' ? token.attrGet('src') : null;
    if (target !== null) targets.push(target);
  }
  return targets;
}

/** The anchors GitHub (and sitegate) give the headings of a markdown file. */
function headingAnchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = new MarkdownIt({ html: true }).parse(readFileSync(file, 'utf8'), {});
  const anchors = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.type === 'heading_open') anchors.add(slugger.slug(tokens[index + 1]?.content ?? ''));
  });
  return anchors;
}

/** What is wrong with a relative link of `file`, or undefined when it resolves. */
function brokenLink(file: string, target: string): string | undefined {
  const [pathPart = '', fragment] = decodeURI(target).split('#');
  const resolved = pathPart === '' ? file : path.resolve(path.dirname(file), pathPart);
  if (!existsSync(resolved)) return `${target}: no such file`;
  if (fragment === undefined || !resolved.endsWith('.md')) return undefined;
  return headingAnchors(resolved).has(fragment) ? undefined : `${target}: no heading #${fragment}`;
}

describe('the docs site (npm run docs)', () => {
  it('is the script that serves docs/ with sitegate.docs.json', () => {
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_DIR, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.docs).toBe('npm run build && node bin/sitegate.js serve --config sitegate.docs.json');
    expect(path.resolve(REPO_DIR, SETTINGS.contentDir)).toBe(DOCS_DIR);
  });

  it('has no check errors', { timeout: 60_000 }, async (context) => {
    const result = await run(context, ['check', '--config', CONFIG_FILE], REPO_DIR);
    expect(result.stdout.split('\n').filter((line) => line.includes(': error:'))).toStrictEqual([]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\d+ pages, \d+ static files, 0 errors, \d+ warnings?$/m);
  });

  it('serves every page of its sitemap, under the title sitegate', { timeout: 60_000 }, async () => {
    const { app } = await buildTestApp(DOCS_DIR, { settings: { site: SETTINGS.site } });
    try {
      const sitemap = await app.inject({ url: '/sitemap.xml' });
      const urls = [...sitemap.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
      expect(urls).toContain('/');
      expect(urls).toContain('/settings');
      expect(urls).toContain('/screenshots/');
      for (const url of urls) {
        const page = await app.inject({ url });
        expect(page.statusCode, url).toBe(200);
        expect(page.body, url).toMatch(/<title>[^<]*sitegate<\/title>/);
      }
    } finally {
      await app.close();
    }
  });
});

describe('relative links of README.md and docs/', () => {
  const files = [path.join(REPO_DIR, 'README.md'), ...markdownFiles(DOCS_DIR)];

  it('reads README.md and every page of docs/', () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it.each(files.map((file) => [path.relative(REPO_DIR, file), file]))('%s: every relative link resolves', (_name, file) => {
    const relative = linkTargets(file).filter((target) => !/^[a-z][a-z0-9+.-]*:|^\/\//i.test(target));
    const broken = relative.map((target) => brokenLink(file, target)).filter((problem) => problem !== undefined);
    expect(broken).toStrictEqual([]);
  });
});
