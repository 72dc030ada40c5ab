/**
 * html-validate (recommended rules) over every HTML document of docs-small: each public page, each
 * generated folder listing, the developer portal, the search results page and the 404 page.
 *
 * Rules changed from `html-validate:recommended`, and why:
 * - `valid-id` relaxed: HTML5 allows any id without whitespace; heading ids are GitHub slugs,
 *   which keep a leading emoji or digit (`⚠️ Using…` → `️-using…`) so that links from GitHub work.
 * - `void-style` off: `<br>` and `<br/>` are both valid HTML5; sitegate writes `<br>`, authors'
 *   raw HTML uses either.
 * - `long-title` off: a page's `<title>` is the author's title plus the site name; its length is
 *   the author's choice, not a markup error.
 * - `no-trailing-whitespace` off: it fires inside `<pre>` code blocks, whose whitespace is content.
 * - `attribute-boolean-style` off: the sanitizer writes the boolean attributes it keeps as
 *   `disabled=""` (a task list's checkbox, authors' `<details open>`), sitegate's own templates as
 *   `open`; both are valid (HTML §2.3.2 "Boolean attributes": the empty string or the name).
 *
 * sitegate passes authors' raw HTML through its allow-list (src/content/sanitize.ts), which drops
 * what it does not know (JSX attributes such as `className`, a literal `<rule>` tag, comments) and
 * writes what it keeps back well nested. A few docs-small pages still carry invalid raw HTML of their own; {@link AUTHOR_HTML_PROBLEMS} lists them with the exact rules they
 * break, so that any other message on them, and any message at all on every other page (which
 * share the same shell and renderer), fails the test.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HtmlValidate, type Message } from 'html-validate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, DOCS_SMALL, type TestApp } from './helpers.js';

const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: {
    'valid-id': ['error', { relaxed: true }],
    'void-style': 'off',
    'long-title': 'off',
    'no-trailing-whitespace': 'off',
    'attribute-boolean-style': 'off',
  },
});

/** Pages of docs-small whose markdown source holds invalid HTML, and the rules it breaks. */
const AUTHOR_HTML_PROBLEMS: Record<string, { rules: string[]; cause: string }> = {
  '/trust/trust-manager/api-reference': { rules: ['element-permitted-content'], cause: 'generated HTML tables: <p> around <tr>' },
  '/reference/api-docs': { rules: ['prefer-tbody'], cause: 'HTML tables with <tr> directly in <table>' },
  // Parts of the pages above (served in parts, README "Long pages") carry their share of the same HTML.
  '/policy/approval/approver-policy/api-reference': {
    rules: ['element-permitted-content'],
    cause: 'generated HTML tables: <p> inside <tbody>',
  },
  '/policy/approval/approver-policy/api-reference;part=2': {
    rules: ['element-permitted-content'],
    cause: 'the same generated HTML tables as part 1 (the cut is at an H3 between two tables)',
  },
  '/reference/api-docs;part=2': { rules: ['prefer-tbody'], cause: 'the same HTML tables as part 1' },
  '/reference/api-docs;part=4': { rules: ['prefer-tbody'], cause: 'the same HTML tables as part 1' },
  '/releases/': { rules: ['no-dup-id'], cause: '<a id="long-term-support-releases"> above the heading of the same slug' },
  '/trust/trust-manager/installation': { rules: ['no-deprecated-attr'], cause: '<a name="…"> anchors' },
};

let t: TestApp;
/** Every HTML document of the site: [url, expected status]. */
let documents: [string, number][];

// Shared, as rendering every document of docs-small is costly: every test only GETs them.
beforeAll(async () => {
  t = await buildTestApp(DOCS_SMALL);
  const { site, pages } = t.loaded.snapshot;
  const listings = [...site.folders.values()]
    .filter((folder) => folder.index === undefined && !site.pages.has(folder.key))
    .map((folder) => folder.url);
  documents = [
    ...site.publicPages.map((page) => [page.url, 200] as [string, number]),
    // The later parts of the pages served in parts (README "Long pages").
    ...site.publicPages.flatMap((page) => (pages.get(page.key)?.parts ?? []).slice(1).map((part) => [part.url, 200] as [string, number])),
    ...listings.map((url) => [url, 200] as [string, number]),
    ['/developers', 200],
    ['/no/such/page', 404],
    // The search results page: hits with excerpts, paging, the no-query and no-result states.
    ['/search?q=certificate', 200],
    ['/search?q=certificate&offset=20', 200],
    ['/search', 200],
    ['/search?q=zzzqqqxxyy', 200],
  ];
});

afterAll(async () => {
  await t.app.close();
});

const describeMessage = (message: Message): string => `${message.ruleId} at ${message.line}:${message.column}: ${message.message}`;

describe('html-validate', () => {
  it('covers all 201 pages of docs-small, its folder listings, the portal and the 404 page', () => {
    expect(documents.filter(([url]) => url !== '/developers' && url !== '/no/such/page').length).toBeGreaterThan(201);
    expect(t.loaded.snapshot.site.publicPages).toHaveLength(201);
  });

  it('passes on every document, apart from the listed raw HTML of authors', async () => {
    const failures: string[] = [];
    const seenProblems: Record<string, string[]> = {};
    for (const [url, status] of documents) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      const report = await validator.validateString(res.body, url);
      const messages = report.results.flatMap((result) => result.messages);
      const known = AUTHOR_HTML_PROBLEMS[url];
      if (known === undefined) {
        failures.push(...messages.map((message) => `${url}: ${describeMessage(message)}`));
        continue;
      }
      seenProblems[url] = [...new Set(messages.map((message) => message.ruleId))].sort();
    }
    expect(failures).toStrictEqual([]);
    expect(seenProblems).toStrictEqual(Object.fromEntries(Object.entries(AUTHOR_HTML_PROBLEMS).map(([url, { rules }]) => [url, rules])));
  });

  it('the listed problems are in the authors’ markdown sources, not in what sitegate writes', () => {
    const sources: Record<string, string> = {
      '/releases/': 'releases/README.md',
      '/trust/trust-manager/installation': 'trust/trust-manager/installation.md',
    };
    const evidence: Record<string, string> = {
      '/releases/': '<a id="long-term-support-releases"></a>',
      '/trust/trust-manager/installation': '<a name="',
    };
    for (const [url, file] of Object.entries(sources)) {
      expect(readFileSync(path.join(DOCS_SMALL, file), 'utf8'), url).toContain(evidence[url]);
    }
  });

  it('finds an error sitegate would write (the check can fail)', async () => {
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body><p><div></div></p></body></html>',
    );
    expect(report.valid).toBe(false);
  });
});
