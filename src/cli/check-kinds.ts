/**
 * The kinds of finding `sitegate check` groups its problems by (issue 32), each with the one-line
 * fix it prints: one table, in the order `check` lists the kinds (errors before warnings). A
 * problem's kind is the first row whose test its message passes; `other` takes the rest. The ids
 * are what `check.ignore` rules and `--format json` name, so a row's id never changes meaning.
 */
import { isIncludeProblem } from '../content/dialects/index.js';
import type { ContentProblem } from '../content/problems.js';

/** One kind of finding. */
export interface FindingKind {
  /** Stable id, kebab-case: `broken-link`. */
  readonly id: string;
  /** Whether a problem is of this kind. */
  readonly test: (problem: ContentProblem) => boolean;
  /** The fix, one line, as `check` prints it after `fix:`. */
  readonly fix: string;
}

/** A test on the message's start. */
const startsWith =
  (...prefixes: string[]) =>
  (problem: ContentProblem): boolean =>
    prefixes.some((prefix) => problem.message.startsWith(prefix));

/** The kinds, in the order `check` lists them. */
export const FINDING_KINDS: readonly FindingKind[] = [
  {
    id: 'held-back',
    test: (problem) => problem.heldBack === true,
    fix: 'Fix the frontmatter YAML at the line named: the page names access or draft, so it stays unpublished until it parses.',
  },
  {
    id: 'include',
    test: (problem) => isIncludeProblem(problem.message),
    fix: "Correct the include's path, anchor or region; includes read only files inside the content folder.",
  },
  {
    id: 'broken-link',
    test: startsWith('broken relative link: '),
    fix: "Point the link at a page or file that exists (relative to the page's file), or name its target in check.knownMissing.",
  },
  {
    id: 'no-page',
    test: startsWith('no page at: '),
    fix: 'Correct the path or add the page; a moved page keeps its old URL with the redirects setting.',
  },
  {
    id: 'no-static-file',
    test: startsWith('no static file at: '),
    fix: 'Add the file to the content or static folder, correct the link, or name it in check.knownMissing.',
  },
  {
    id: 'link-escapes',
    test: startsWith('link escapes the content folder: '),
    fix: 'Link to a page inside the content folder, or to the absolute URL of what lies outside it.',
  },
  {
    id: 'duplicate-url',
    test: startsWith('duplicate URL '),
    fix: 'Rename or move one of the two files (or change its slug) so each page has a URL of its own.',
  },
  {
    id: 'unreadable',
    test: (problem) =>
      startsWith('cannot read file: ')(problem) || problem.message === 'not valid UTF-8: the bytes that do not decode are shown as U+FFFD',
    fix: 'Make the file readable by the server and save it as UTF-8.',
  },
  {
    id: 'site-setup',
    test: (problem) =>
      startsWith('no pages: ', 'static folder not found', 'conventions ', 'nav entry is no page', 'redirects: ')(problem) ||
      problem.message === "sitegate's data folder, secret or config file: never served nor read by content",
    fix: 'Correct sitegate.json or the flags (content folder, static folders, conventions, nav, redirects, data folder).',
  },
  {
    id: 'hugo-shortcode',
    test: startsWith('Hugo shortcodes not rendered: ', '{{< ref ', '{{< param '),
    fix: "sitegate cannot run the site's own shortcode templates: write the text as markdown, or ignore the names with check.ignore.",
  },
  {
    id: 'mdx-component',
    test: startsWith('MDX components unwrapped (unknown): ', 'MDX partial not inlined: '),
    fix: "Unknown components are unwrapped (their children kept, their own output lost): put what readers need in the page's markdown.",
  },
  {
    id: 'vue-interpolation',
    test: startsWith('Vue interpolation not rendered: '),
    fix: 'Values computed by the site (data loaders, scripts) are not known to sitegate: write the value into the page.',
  },
  {
    id: 'gitbook-tag',
    test: (problem) => startsWith('GitBook tags not rendered: ')(problem) || problem.message.startsWith('link marked broken by GitBook'),
    fix: 'Replace the tag or the broken-reference link in GitBook (or the file) with markdown or a link to a page that exists.',
  },
  {
    id: 'render-link-hook',
    test: (problem) => problem.message.includes("left to the site's render-link hook"),
    fix: 'Nothing to fix: links a Hugo render hook rewrites are not verified (--verbose lists them).',
  },
  {
    id: 'page-size',
    test: (problem) => / over the page limit |agents may truncate pages|^part \d+ of \d+ has /.test(problem.message),
    fix: 'Split the page at its headings, or give it headings to be cut at; pageMaxChars sets the limit.',
  },
  {
    id: 'no-title',
    test: startsWith('no title '),
    fix: 'Give the page an H1 or a frontmatter title.',
  },
  {
    id: 'frontmatter',
    test: (problem) =>
      problem.message.endsWith('; the frontmatter is ignored') || startsWith('YAML frontmatter: ', 'frontmatter kind ')(problem),
    fix: 'Fix the frontmatter at the line or field named; until then the page is served without it (or as a plain page).',
  },
  {
    id: 'access',
    test: startsWith('access: internal outside internal/'),
    fix: 'Move the page under internal/, so that its URL answers the public as a missing page does.',
  },
  {
    id: 'url-taken',
    test: (problem) => / also leads to .*, which keeps it$|^not served: .* is served by /.test(problem.message),
    fix: 'Give each old URL and each static file a URL that no page or other file takes.',
  },
  {
    id: 'html-leak',
    test: startsWith('--html: '),
    fix: 'Remove the file from the build, turn off the generator feature that writes it (client-side search, feeds), or make the page public.',
  },
  {
    id: 'html-url-mismatch',
    test: startsWith('built at another URL: '),
    fix: "Give the page the same URL in the generator's config and in its frontmatter, so that both forms answer at one URL.",
  },
  {
    id: 'html-no-source',
    test: startsWith('built page with no source: '),
    fix: 'Nothing to fix for generated pages (tag lists, versions); a page of its own needs its source in the content folder to answer agents.',
  },
  {
    id: 'html-not-built',
    test: startsWith('no built page: '),
    fix: "Rebuild the site, or check the generator publishes the page (draft, exclude); sitegate serves its own HTML for it meanwhile.",
  },
  {
    id: 'html-replaced',
    test: startsWith("replaced by sitegate's "),
    fix: "Nothing to fix: sitegate's own resource answers at that path (sitemap, llms.txt, robots.txt…).",
  },
  {
    id: 'other',
    test: () => true,
    fix: "See each line's message.",
  },
];

/** The ids of {@link FINDING_KINDS}, in table order. */
export const FINDING_KIND_IDS: readonly string[] = FINDING_KINDS.map((kind) => kind.id);

/** The kind of a problem: the first row whose test it passes (`other` at the latest). */
export function kindOf(problem: ContentProblem): FindingKind {
  return FINDING_KINDS.find((kind) => kind.test(problem)) as FindingKind;
}
