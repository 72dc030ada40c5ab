/**
 * Incremental snapshots where the conventions are kept across builds (issue 34), compared with
 * builds from scratch after each change (test/incremental-support.ts: every answer, byte for byte):
 *
 * - a plain site in two languages, whose conventions are kept while no change can alter them
 *   (src/content/conventions/conventions-memo.ts, whose choices src/snapshot/site-listing.test.ts
 *   checks), and read again when a change may (a page of the language folder, a page of the default
 *   language added or removed, an asset in a folder named like a language, a folder made a locale);
 * - a Docusaurus site whose folders' `_category_.json` files are kept until reported
 *   (src/content/conventions/frontmatter-memo.ts): one edited, one added, a new folder with its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { closeScene, sceneOf, type Scene } from './incremental-support.js';

const TEST_TIMEOUT_MS = 60_000;
const BUILDS = { loadSnapshot, ReadCache, parallel: false };

const SITE: Record<string, string> = {
  'index.md': '# Lamps\n\nAll about lamps.\n',
  'guides/wiring.md': '# Wiring\n\nWire the lamp: copper.\n',
  'guides/bulbs.md': '# Bulbs\n\nChoose a bulb: filament.\n',
  'de/index.md': '# Lampen\n\nAlles über Lampen.\n',
  'de/guides/wiring.md': '# Verkabelung\n\nDie Lampe verkabeln: Kupfer.\n',
  'img/lamp.png': 'png',
};

const QUERIES = ['lamp', 'lampe', 'copper', 'kupfer', 'filament'];

describe('incremental snapshots: a plain site with a language folder', { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await sceneOf(SITE, BUILDS);
  });
  afterAll(() => closeScene(scene));

  it('builds first: de/ is a locale', async () => {
    expect(scene.rebuild().site.languages.map((language) => language.lang)).toStrictEqual(['en', 'de']);
    await scene.expectSameAnswers(QUERIES);
  });

  it('a page of the default language edited (the conventions kept)', async () => {
    scene.site.write('guides/bulbs.md', '# Bulbs\n\nChoose a bulb: tungsten.\n');
    expect(scene.rebuild(['guides/bulbs.md']).filesRead).toBe(1);
    await scene.expectSameAnswers([...QUERIES, 'tungsten']);
  });

  it('a translation added, then one removed', async () => {
    scene.site.write('de/guides/bulbs.md', '# Glühbirnen\n\nEine Birne wählen: Wolfram.\n');
    expect(scene.rebuild(['de/guides/bulbs.md']).filesRead).toBe(1);
    await scene.expectSameAnswers([...QUERIES, 'wolfram']);
    scene.site.remove('de/guides/wiring.md');
    scene.rebuild(['de/guides/wiring.md']);
    await scene.expectSameAnswers([...QUERIES, 'wolfram']);
  });

  it('pages of the default language removed until de/ is no locale, then one added back', async () => {
    scene.site.remove('guides/bulbs.md');
    scene.site.remove('index.md');
    expect(scene.rebuild(['guides/bulbs.md', 'index.md']).site.languages.map((language) => language.lang)).toStrictEqual(['en']);
    await scene.expectSameAnswers(QUERIES);
    scene.site.write('guides/bulbs.md', '# Bulbs\n\nChoose a bulb: halogen.\n');
    expect(scene.rebuild(['guides/bulbs.md']).site.languages.map((language) => language.lang)).toStrictEqual(['en', 'de']);
    await scene.expectSameAnswers([...QUERIES, 'halogen']);
  });

  it('an internal asset in a new folder named like a language, then a folder made a locale by its file alone', async () => {
    scene.site.write('fr/internal/plan.png', 'png');
    scene.rebuild(['fr/internal/plan.png']);
    expect(scene.cache.listingPatched).toBe(true);
    expect(scene.incremental.t.context.snapshot().site.assets.get('/fr/internal/plan.png')?.internal).toBe(true);
    await scene.expectSameAnswers(QUERIES);
    scene.site.write('fr/guides/bulbs.md', '# Ampoules\n\nChoisir une ampoule : halogène.\n');
    expect(scene.rebuild(['fr/guides/bulbs.md']).site.languages.map((language) => language.lang)).toStrictEqual(['en', 'de', 'fr']);
    await scene.expectSameAnswers([...QUERIES, 'ampoule']);
  });
});

const DOCUSAURUS_SITE: Record<string, string> = {
  'docusaurus.config.js': "module.exports = { title: 'Lamps', presets: [['classic', { docs: {} }]] };\n",
  'docs/intro.md': '# Intro\n\nAbout lamps.\n',
  'docs/guides/wiring.md': '# Wiring\n\nCopper.\n',
  'docs/guides/_category_.json': '{ "label": "Guides", "position": 2 }\n',
  'docs/reference/bulbs.md': '# Bulbs\n\nFilament.\n',
};

describe("incremental snapshots: a Docusaurus site's category files", { timeout: TEST_TIMEOUT_MS }, () => {
  let scene: Scene;
  beforeAll(async () => {
    scene = await sceneOf(DOCUSAURUS_SITE, BUILDS);
  });
  afterAll(() => closeScene(scene));

  const navOf = (snapshot: ReturnType<Scene['rebuild']>): string[] =>
    [...snapshot.site.folders.values()].map((folder) => folder.label).sort();

  it('one edited, one added in a folder that had none, then a new folder with its own', async () => {
    expect(navOf(scene.rebuild())).toStrictEqual(navOf(scene.scratch.t.context.snapshot()));
    await scene.expectSameAnswers(['lamps']);
    scene.site.write('docs/guides/_category_.json', '{ "label": "How-to guides", "position": 3 }\n');
    const edited = scene.rebuild(['docs/guides/_category_.json']);
    expect([scene.cache.listingPatched, navOf(edited).includes('How-to guides')]).toStrictEqual([true, true]);
    await scene.expectSameAnswers(['lamps']);
    scene.site.write('docs/reference/_category_.yml', 'label: Reference shelf\nposition: 1\n');
    const added = scene.rebuild(['docs/reference/_category_.yml']);
    expect([scene.cache.listingPatched, navOf(added).includes('Reference shelf')]).toStrictEqual([true, true]);
    await scene.expectSameAnswers(['lamps']);
    scene.site.write('docs/faq/_category_.json', '{ "label": "Questions" }\n');
    scene.site.write('docs/faq/power.md', '# Power\n\nVolts.\n');
    const folder = scene.rebuild(['docs/faq', 'docs/faq/_category_.json', 'docs/faq/power.md']);
    expect([scene.cache.listingPatched, navOf(folder).includes('Questions')]).toStrictEqual([false, true]);
    await scene.expectSameAnswers(['lamps', 'volts']);
  });
});
