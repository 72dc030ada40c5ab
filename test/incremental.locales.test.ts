/**
 * Incremental snapshots of a plain site in two languages (issue 34): its conventions are kept
 * across builds while no change can alter them (src/content/conventions/conventions-memo.ts, whose
 * choices src/snapshot/site-listing.test.ts checks), and read again when a change may (a page of the
 * language folder, a page of the default language added or removed, an asset in a folder named like
 * a language, a folder made a locale). After each change, every answer equals that of a build from
 * scratch (test/incremental-support.ts).
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
