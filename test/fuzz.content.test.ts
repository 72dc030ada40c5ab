/**
 * Property tests of the content pipeline (issue 6): random content folders (odd file names,
 * frontmatter YAML valid and not, link shapes, empty, huge and binary files, symlinks out of the
 * root) through loadSnapshot and the check command. Invariants: nothing throws; no byte from
 * outside the root and no internal or draft page reaches a public body; every page's URLs resolve
 * back to it. Seed: SITEGATE_FUZZ_SEED; run count: SITEGATE_FUZZ_SCALE.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkContent } from '../src/cli/check.js';
import { loadSnapshot, type Snapshot } from '../src/snapshot/snapshot.js';
import { resolvePath } from '../src/snapshot/lookup.js';
import { removeDir } from './helpers.js';
import { CaseCounter, DRAFT_MARKER, INTERNAL_MARKER, fuzzParameters } from './fuzz-support.js';

/** Text only files outside the content root hold. */
const OUTSIDE_MARKER = 'Ou7sideRootMarker';

let outside: string;
// Shared: the files outside the roots are written once and only ever read (linked to, never changed).
beforeAll(() => {
  outside = mkdtempSync(path.join(tmpdir(), 'sitegate-outside-'));
  writeFileSync(path.join(outside, 'secret.md'), `# Secret ${OUTSIDE_MARKER}\n\n${OUTSIDE_MARKER}\n`);
  mkdirSync(path.join(outside, 'folder'));
  writeFileSync(path.join(outside, 'folder', 'page.md'), `# Folder ${OUTSIDE_MARKER}\n\n${OUTSIDE_MARKER}\n`);
});
afterAll(() => removeDir(outside));

/** File names as real sites have them, and worse. Never `/` or NUL: the file system forbids them. */
const NAME_ARB = fc.oneof(
  fc.constantFrom(
    ...['index.md', 'README.md', 'readme.MD', 'page.md', 'UPPER.MD', 'x.md.md', '..md', '...md', '[.md', '%.md', '~.md', '%25.md'],
    ...['c++.md', 'a b.md', 'a..md', 'a.md.', 'ünïcödé.md', '😀.md', '#.md', '?.md', '\\.md', 'a\nb.md', '%2e%2e.md', '.hidden.md'],
    ...['-.md', '.md', 'notes.txt', 'image.png', 'a%2fb.md', ' .md', 'CON.md'],
  ),
  fc.string({ minLength: 1, maxLength: 12 }).map((stem) => `${stem.replace(/[/\0]/g, '_')}.md`),
);
const FOLDER_ARB = fc.constantFrom(
  '',
  'guides',
  'guides/deep',
  'internal',
  'INTERNAL',
  'Internal/x',
  'posts',
  'legal',
  '..md',
  '%',
  'a b',
  '.git',
);

const YAML_ARB = fc.oneof(
  fc.constantFrom(
    ...[
      'title: Plain',
      'title: [unclosed',
      'title: "unterminated',
      ': :',
      '- a\n- b',
      'a: &a [*a, *a]',
      'title: !!binary aGk=',
      'draft: true',
    ],
    ...['access: internal', 'kind: legal', 'kind: 42', 'title: 12', 'title: {a: 1}', 'date: not-a-date', 'lastmod: 2026-13-45', '\t\tbad'],
    ...['llms: false', 'description: ' + 'long '.repeat(100), 'title: ""', 'x: !!js/function "function(){}"', '---', 'a:\n  - b: c\n    d'],
  ),
  fc.string({ maxLength: 80 }),
  fc
    .dictionary(fc.constantFrom('title', 'description', 'kind', 'access', 'draft', 'date', 'x'), fc.jsonValue({ maxDepth: 2 }))
    .map((data) =>
      Object.entries(data)
        .map(([key, value]) => `${key}: ${JSON.stringify(value)}`)
        .join('\n'),
    ),
);
const LINK_ARB = fc.constantFrom(
  ...['[up](../../../../etc/passwd)', '[abs](/etc/passwd)', '[enc](%2e%2e/%2e%2e/secret.md)', '[file](file:///etc/passwd)', '[self](./)'],
  ...[
    '[md](page.md)',
    '[md](../README.md#x)',
    '[q](page.md?x=1)',
    '![img](../../outside.png)',
    '<a href="../../x.md">x</a>',
    '[ref]\n\n[ref]: ../../../x.md',
  ],
  ...[
    '[js](javascript:alert(1))',
    '[mail](mailto:a@b)',
    '[empty]()',
    '[ws]( page.md )',
    '[bs](..\\..\\x.md)',
    '[nul](a%00.md)',
    '[[x]]',
    '{{x}}',
  ],
);
const BODY_ARB = fc.oneof(
  { arbitrary: fc.constant(''), weight: 3 },
  { arbitrary: fc.string({ maxLength: 200 }), weight: 5 },
  {
    arbitrary: fc
      .array(
        fc.oneof(
          LINK_ARB,
          fc.string({ maxLength: 40 }),
          fc.constantFrom('# H1', '## H2', '```\ncode\n```', '> quote', '| a |\n|---|\n| b |'),
        ),
        {
          maxLength: 8,
        },
      )
      .map((parts) => parts.join('\n\n')),
    weight: 8,
  },
  { arbitrary: fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes).toString('latin1')), weight: 3 },
  // Expanded by writeCase, so a failing case prints short; rare, as each costs ~100 ms to build.
  { arbitrary: fc.constantFrom('HUGE:100000', 'HUGE:300000'), weight: 1 },
);

/** A body as written: `HUGE:n` becomes n bytes of words and links. */
function expandBody(body: string): string {
  const huge = /^HUGE:(\d+)$/.exec(body);
  return huge?.[1] === undefined ? body : `# Huge\n\n${'word [l](x.md) '.repeat(Number(huge[1]) / 15)}`;
}

interface FileSpec {
  folder: string;
  name: string;
  yaml: string | undefined;
  body: string;
}
const FILE_ARB: fc.Arbitrary<FileSpec> = fc.record({
  folder: FOLDER_ARB,
  name: NAME_ARB,
  yaml: fc.option(YAML_ARB, { nil: undefined }),
  body: BODY_ARB,
});
const LINK_OUT_ARB = fc.constantFrom('none', 'file', 'folder', 'both');

/** Writes a case; internal pages carry INTERNAL_MARKER, drafts DRAFT_MARKER. Returns the folder. */
function writeCase(files: FileSpec[], links: string): string {
  const root = mkdtempSync(path.join(tmpdir(), 'sitegate-content-'));
  for (const file of files) {
    const internal = file.folder.toLowerCase().startsWith('internal') || file.yaml?.includes('access: internal') === true;
    const draft = /^draft: true$/m.test(file.yaml ?? '');
    const marker = draft ? ` ${DRAFT_MARKER}` : internal ? ` ${INTERNAL_MARKER}` : '';
    const text = `${file.yaml === undefined ? '' : `---\n${file.yaml}\n---\n`}${expandBody(file.body)}${marker}\n`;
    const dir = path.join(root, file.folder);
    mkdirSync(dir, { recursive: true });
    // A later file of the same name replaces an earlier one, as on disk.
    writeFileSync(path.join(dir, file.name), text);
  }
  if (links === 'file' || links === 'both') symlinkSync(path.join(outside, 'secret.md'), path.join(root, 'linked.md'));
  if (links === 'folder' || links === 'both') symlinkSync(path.join(outside, 'folder'), path.join(root, 'linked-folder'));
  return root;
}

/** Every body a client without internal:read can be sent, with where it came from. */
function publicBodies(snapshot: Snapshot): [string, string][] {
  const bodies: [string, string][] = [
    ['search index', snapshot.discovery.publicIndex.bytes.toString()],
    ['sitemap', snapshot.discovery.sitemap.bytes.toString()],
    ['portal', snapshot.discovery.portal.bytes.toString()],
    ['404 page', snapshot.notFoundHtml.bytes.toString()],
    ...[...snapshot.discovery.llmsFiles].map(([url, body]): [string, string] => [url, body.bytes.toString()]),
    ...[...snapshot.discovery.sitemapParts].map(([url, body]): [string, string] => [url, body.bytes.toString()]),
    ...[...snapshot.listings].flatMap(([key, bodies]): [string, string][] => [
      [`listing ${key}`, bodies.html.bytes.toString()],
      [`listing ${key}.md`, bodies.markdown.bytes.toString()],
    ]),
  ];
  for (const page of snapshot.site.publicPages) {
    const found = snapshot.pages.get(page.key);
    if (found === undefined) continue;
    bodies.push([page.url, found.html.bytes.toString()], [page.markdownUrl, found.markdown.bytes.toString()]);
  }
  return bodies;
}

describe('fuzz: random content folders', () => {
  it('build, check and serve no outside, internal or draft bytes publicly', ({ task }) => {
    const counter = new CaseCounter(task.meta);
    fc.assert(
      fc.property(fc.array(FILE_ARB, { minLength: 1, maxLength: 8 }), LINK_OUT_ARB, (files, links) => {
        counter.tick();
        const root = writeCase(files, links);
        try {
          const { snapshot } = loadSnapshot(root, { baseUrl: 'http://sitegate.test' });
          const checked = checkContent(root);
          expect(checked.pages).toBe(snapshot.site.pages.size);
          if (links !== 'none')
            expect(checked.problems.map((p) => p.message)).toContain('symlink points outside the content folder, skipped');
          for (const [where, text] of publicBodies(snapshot)) {
            expect(text, where).not.toContain(INTERNAL_MARKER);
            expect(text, where).not.toContain(DRAFT_MARKER);
            expect(text, where).not.toContain(OUTSIDE_MARKER);
          }
          for (const page of snapshot.site.pages.values()) {
            expect(snapshot.site.sources.get(page.key)?.read(), page.file).not.toContain(OUTSIDE_MARKER);
            const html = resolvePath(snapshot, page.url);
            const expected = page.kind === 'internal' ? 'internal' : 'page';
            expect(html.kind, page.url).toBe(expected);
            const found = html.kind === 'internal' ? html.find() : html.kind === 'page' ? html : undefined;
            expect(found?.kind === 'page' ? found.page?.key : undefined, page.url).toBe(page.key);
            const markdown = resolvePath(snapshot, page.markdownUrl);
            const foundMarkdown = markdown.kind === 'internal' ? markdown.find() : markdown.kind === 'page' ? markdown : undefined;
            expect(foundMarkdown?.kind === 'page' ? foundMarkdown.page?.key : undefined, page.markdownUrl).toBe(page.key);
          }
        } finally {
          removeDir(root);
        }
      }),
      fuzzParameters(80),
    );
    expect(counter.count).toBeGreaterThanOrEqual(1);
    // 80 whole builds: some 30 s on an idle machine, past the default 60 s on a loaded one; the
    // bound is on the cases run, not on time.
  }, 240_000);
});
