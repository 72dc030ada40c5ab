import { describe, expect, it } from 'vitest';
import type { ContentProblem } from '../content/problems.js';
import { FINDING_KIND_IDS, kindOf } from './check-kinds.js';

/** A message each producer writes today (content/, cli/check*.ts), by the kind it must fall in. */
const SAMPLES: readonly [string, Omit<ContentProblem, 'file'>][] = [
  [
    'held-back',
    { severity: 'error', message: 'YAML frontmatter: bad indentation; it names access or draft, so the page is held back', heldBack: true },
  ],
  ['include', { severity: 'error', message: '--8<--: include refused: ../.env is outside the site folder' }],
  ['include', { severity: 'error', message: '{{#include}}: anchor x not found in a.rs' }],
  ['broken-link', { severity: 'error', message: 'broken relative link: guide.md' }],
  ['no-page', { severity: 'error', message: 'no page at: /nowhere' }],
  ['no-static-file', { severity: 'error', message: 'no static file at: /f.png' }],
  ['link-escapes', { severity: 'error', message: 'link escapes the content folder: ../x.md' }],
  ['duplicate-url', { severity: 'error', message: 'duplicate URL /a: also served by a.md, which wins' }],
  ['unreadable', { severity: 'error', message: 'cannot read file: EACCES' }],
  ['unreadable', { severity: 'warning', message: 'not valid UTF-8: the bytes that do not decode are shown as U+FFFD' }],
  ['site-setup', { severity: 'error', message: 'static folder not found' }],
  ['site-setup', { severity: 'warning', message: 'conventions hugo: none of its config files found; its file rules apply alone' }],
  ['site-setup', { severity: 'warning', message: 'redirects: a page is served at /a; its redirect is ignored' }],
  ['hugo-shortcode', { severity: 'warning', message: 'Hugo shortcodes not rendered: code-toggle ×2 dropped' }],
  ['hugo-shortcode', { severity: 'warning', message: '{{< ref "x.md" >}}: no such page' }],
  ['mdx-component', { severity: 'warning', message: 'MDX components unwrapped (unknown): Preview ×3' }],
  ['vue-interpolation', { severity: 'warning', message: 'Vue interpolation not rendered: {{ dep.name }}' }],
  ['gitbook-tag', { severity: 'warning', message: 'GitBook tags not rendered: unknowntag' }],
  ['gitbook-tag', { severity: 'warning', message: 'link marked broken by GitBook (broken-reference): its target was deleted' }],
  [
    'render-link-hook',
    {
      severity: 'warning',
      message: "3 links left to the site's render-link hook, not verified: sitegate cannot run it (--verbose lists them)",
    },
  ],
  ['page-size', { severity: 'warning', message: '7159 characters as markdown: over the page limit of 5000, so it is served in 3 parts' }],
  ['no-title', { severity: 'warning', message: 'no title (frontmatter title or H1); using "untitled"' }],
  ['frontmatter', { severity: 'warning', message: 'YAML frontmatter: Unexpected scalar; the frontmatter is ignored' }],
  ['frontmatter', { severity: 'warning', message: 'frontmatter kind "article" is not one of page, post, legal, internal' }],
  ['access', { severity: 'warning', message: 'access: internal outside internal/: its URL answers 401 to the public' }],
  ['url-taken', { severity: 'warning', message: 'old URL /a/ also leads to /b/, which keeps it' }],
  ['url-taken', { severity: 'warning', message: 'not served: /img/a.png is served by img/a.png' }],
  [
    'html-leak',
    {
      severity: 'error',
      message:
        '--html: search/search_index.json holds the title of internal page internal/a.md (/internal/a), and every visitor could fetch it: remove the file from the build, turn off the generator feature that writes it, or make the page public',
    },
  ],
  ['html-url-mismatch', { severity: 'warning', message: 'built at another URL: /old/, where a.md is served at /a' }],
  ['html-no-source', { severity: 'warning', message: 'built page with no source: /tags/' }],
  ['html-not-built', { severity: 'warning', message: 'no built page: /a is not in the --html build' }],
  ['html-replaced', { severity: 'warning', message: "replaced by sitegate's /sitemap.xml: the build's file is not served" }],
  ['other', { severity: 'warning', message: 'something new' }],
];

describe('the kinds of finding', () => {
  it.each(SAMPLES)('%s: %j', (kind, problem) => {
    expect(kindOf({ file: 'a.md', ...problem }).id).toBe(kind);
  });

  it('has a sample of every kind, and unique ids', () => {
    expect([...new Set(SAMPLES.map(([kind]) => kind))].sort()).toStrictEqual([...FINDING_KIND_IDS].sort());
    expect(new Set(FINDING_KIND_IDS).size).toBe(FINDING_KIND_IDS.length);
  });
});
