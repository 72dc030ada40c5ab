/**
 * Docusaurus' versioned docs as the docs plugin's options decide them
 * (docusaurus.io/docs/versioning, docusaurus.io/docs/api/plugins/@docusaurus/plugin-content-docs#configuration):
 * `lastVersion`, `includeCurrentVersion`, `onlyIncludeVersions`, `versions.<name>.label/path/banner`,
 * on small sites written for each case; and the safety rules: only the folders versions.json names
 * are read, none beside a content folder that is the docs folder, and a versioned page never
 * shadows the URL of a page of no version.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadSnapshot, type LoadedSnapshot } from '../../snapshot/snapshot.js';
import { removeDir, TEST_BASE_URL, writeContent } from '../../../test/helpers.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach(removeDir));

/** Builds the site of `files`, given the folder `content` (default: the site folder). */
function load(files: Record<string, string>, content = ''): LoadedSnapshot {
  const dir = writeContent(files);
  dirs.push(dir);
  return loadSnapshot(path.join(dir, content), { baseUrl: TEST_BASE_URL, parallel: false });
}

const page = (title: string): string => `---\ntitle: ${title}\n---\n\n${title} text.\n`;
const SITE = {
  'versions.json': '["2.0", "1.0"]',
  'docs/intro.md': page('Next intro'),
  'versioned_docs/version-2.0/intro.md': page('Two intro'),
  'versioned_docs/version-1.0/intro.md': page('One intro'),
};
const config = (docs: string): string => `export default { title: 'T', presets: [['classic', { docs: ${docs} }]] };\n`;

/** Each version as `name label rootKey current banner`, and each page as `url version`. */
function versionsOf({ snapshot }: LoadedSnapshot): { versions: string[]; pages: string[] } {
  const { site } = snapshot;
  return {
    versions: site.versions.map((version) => `${version.name} ${version.label} ${version.rootKey} ${version.current} ${version.banner}`),
    pages: [...site.pages.values()].map((one) => `${one.url} ${one.version ?? '-'}`).sort(),
  };
}

describe('Docusaurus versions (docusaurus.io/docs/versioning)', () => {
  it('serves the first name of versions.json at the route base, docs/ as Next at next/, older versions at their name', () => {
    const site = load({ ...SITE, 'docusaurus.config.js': config('{}') });
    expect(versionsOf(site)).toStrictEqual({
      versions: ['current Next /docs/next/ false unreleased', '2.0 2.0 /docs/ true none', '1.0 1.0 /docs/1.0/ false unmaintained'],
      pages: ['/docs/1.0/intro 1.0', '/docs/intro 2.0', '/docs/next/intro current'],
    });
    expect(site.problems).toStrictEqual([]);
  });

  it("follows lastVersion: 'current', and versions.<name> label, path and banner", () => {
    const options =
      "{ lastVersion: 'current', versions: { current: { label: 'Canary' }, '1.0': { label: 'One', path: 'legacy', banner: 'none' } } }";
    const site = load({ ...SITE, 'docusaurus.config.js': config(options) });
    expect(versionsOf(site)).toStrictEqual({
      versions: ['current Canary /docs/ true none', '2.0 2.0 /docs/2.0/ false unmaintained', '1.0 One /docs/legacy/ false none'],
      pages: ['/docs/2.0/intro 2.0', '/docs/intro current', '/docs/legacy/intro 1.0'],
    });
  });

  it('leaves out what includeCurrentVersion: false and onlyIncludeVersions leave out, and never serves their files', () => {
    const site = load({ ...SITE, 'docusaurus.config.js': config("{ includeCurrentVersion: false, onlyIncludeVersions: ['2.0'] }") });
    expect(versionsOf(site)).toStrictEqual({ versions: ['2.0 2.0 /docs/ true none'], pages: ['/docs/intro 2.0'] });
  });

  it('never serves a versioned_docs folder versions.json does not name', () => {
    const site = load({ ...SITE, 'docusaurus.config.js': config('{}'), 'versioned_docs/version-0.9/intro.md': page('Stale') });
    expect(versionsOf(site).pages).toStrictEqual(['/docs/1.0/intro 1.0', '/docs/intro 2.0', '/docs/next/intro current']);
  });

  it('reads no version folder beside a content folder that is the docs folder, and says so', () => {
    const site = load({ ...SITE, 'docusaurus.config.js': config('{}') }, 'docs');
    expect(versionsOf(site)).toStrictEqual({ versions: [], pages: ['/intro -'] });
    expect(site.problems.map((problem) => `${problem.file}: ${problem.message}`)).toContain(
      '../versions.json: the versioned docs lie beside the content folder, which is the docs folder: serve the site folder to serve them',
    );
  });

  it('reports a versions.json that is no list of names, and serves the docs unversioned', () => {
    const site = load({ ...SITE, 'versions.json': '{"2.0": true}', 'docusaurus.config.js': config('{}') });
    expect(versionsOf(site).versions).toStrictEqual([]);
    expect(site.problems.map((problem) => `${problem.file}: ${problem.message}`)).toContain(
      'versions.json: versions.json is not an array of version names; the docs are served unversioned',
    );
  });

  it('lets a page of no version keep its URL: a versioned page claiming it loses and is reported', () => {
    const site = load({
      ...SITE,
      'docusaurus.config.js': config('{}'),
      'pages/claim.md': '---\ntitle: Claim\nslug: /docs/1.0/intro\n---\n',
      'versioned_docs/version-1.0/climb.md': '---\ntitle: Climb\nslug: /../../pages/claim\n---\n',
    });
    expect(site.snapshot.site.pages.get('/docs/1.0/intro')?.file).toBe('pages/claim.md');
    expect(site.problems.map((problem) => `${problem.file}: ${problem.message}`)).toContain(
      'versioned_docs/version-1.0/intro.md: duplicate URL /docs/1.0/intro: also served by pages/claim.md, which wins',
    );
    // A slug cannot climb out of its version: `/../../pages/claim` stays under /docs/1.0/.
    expect(site.snapshot.site.pages.get('/docs/1.0/pages/claim')?.file).toBe('versioned_docs/version-1.0/climb.md');
  });

  it('keeps the includes of a versioned page inside its version folder', () => {
    const site = load({
      ...SITE,
      'docusaurus.config.js': config('{}'),
      'versioned_docs/version-1.0/_note.mdx': 'A note of 1.0.\n',
      'versioned_docs/version-1.0/uses.mdx': "---\ntitle: Uses\n---\n\nimport Note from './_note.mdx';\n\n<Note />\n",
      'versioned_docs/version-1.0/steals.mdx': "---\ntitle: Steals\n---\n\nimport Other from '../version-2.0/_secret.mdx';\n\n<Other />\n",
      'versioned_docs/version-2.0/_secret.mdx': 'A note of 2.0.\n',
    });
    const text = (url: string): string => site.snapshot.pages.get(url)?.markdown.bytes.toString('utf8') ?? '';
    expect(text('/docs/1.0/uses')).toContain('A note of 1.0.');
    expect(text('/docs/1.0/steals')).not.toContain('A note of 2.0.');
    expect(site.problems.map((problem) => `${problem.file}: ${problem.message}`)).toContain(
      "versioned_docs/version-1.0/steals.mdx: MDX partial not inlined: include refused: ../version-2.0/_secret.mdx is outside its version's folder",
    );
  });

  it('reads each version’s sidebars from versioned_sidebars/version-<name>-sidebars.json', () => {
    const site = load({
      ...SITE,
      'docusaurus.config.js': config("{ sidebarPath: './sidebars.js' }"),
      'sidebars.js': "export default { docs: ['intro'] };\n",
      'versioned_docs/version-1.0/zeta.md': page('Zeta'),
      'versioned_sidebars/version-1.0-sidebars.json': '{ "docs": ["zeta", "intro"] }',
    });
    const one = site.snapshot.site.versions.find((version) => version.name === '1.0');
    expect(one?.navPages.map((nav) => nav.url)).toStrictEqual(['/docs/1.0/zeta', '/docs/1.0/intro']);
  });
});
