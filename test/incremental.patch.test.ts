/**
 * When a `serve --watch` rebuild patches the last build's site for the files changed
 * (src/snapshot/assembly-patch.ts) and when it puts every page together again: each way, every
 * answer and every problem equals a build from scratch of the same files (test/incremental-support.ts).
 */
import { describe, expect, it } from 'vitest';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { scenePerTest } from './incremental-support.js';

const TEST_TIMEOUT_MS = 60_000;
const BUILDS = { loadSnapshot, ReadCache, parallel: false };

const sceneWith = scenePerTest(BUILDS);

describe('incremental snapshots: a patched site', { timeout: TEST_TIMEOUT_MS }, () => {
  it('a draft published, then made a draft again; a page with an include refused, then fixed: patched, problems as from scratch', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'guide.md': '# Guide\n\nGuide words.\n',
      'later.md': '---\ndraft: true\n---\n\n# Later\n\nNot yet: wombat.\n',
    });
    s.site.write('later.md', '# Later\n\nNow out: wombat.\n');
    expect(s.rebuilt(['later.md'])).toStrictEqual({ patched: true, filesRead: 1 });
    await s.expectSameAnswers(['wombat']);
    s.site.write('later.md', '---\ndraft: true\n---\n\n# Later\n\nBack in: wombat.\n');
    expect(s.rebuilt(['later.md'])).toStrictEqual({ patched: true, filesRead: 1 });
    await s.expectSameAnswers(['wombat']);
    s.site.write('guide.md', '# Guide\n\nGuide words.\n\n<!--@include: ../../etc/passwd-->\n');
    expect(s.rebuilt(['guide.md'])).toStrictEqual({ patched: true, filesRead: 1 });
    expect(s.cache.assembly?.problemsOf.get('guide.md')?.length).toBe(1);
    await s.expectSameAnswers(['guide']);
    s.site.write('guide.md', '# Guide\n\nGuide words, fixed.\n');
    expect(s.rebuilt(['guide.md'])).toStrictEqual({ patched: true, filesRead: 1 });
    expect(s.cache.assembly?.problemsOf.has('guide.md')).toBe(false);
    await s.expectSameAnswers(['guide', 'fixed']);
  });

  it('a page with a former URL: put together again (the first page in file order keeps a contested one)', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'a.md': '---\nredirect_from: [/old]\n---\n\n# A\n\nAlpha.\n',
      'b.md': '# B\n\nBeta.\n',
    });
    s.site.write('b.md', '---\nredirect_from: [/old]\n---\n\n# B\n\nBeta claims old.\n');
    expect(s.rebuilt(['b.md'])).toStrictEqual({ patched: false, filesRead: 1 });
    await s.expectSameAnswers(['beta']);
    s.site.write('a.md', '# A\n\nAlpha lets go.\n');
    expect(s.rebuilt(['a.md'])).toStrictEqual({ patched: false, filesRead: 1 });
    await s.expectSameAnswers(['alpha']);
  });

  it('a folder removed whole, the report naming the folder alone: put together again', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'old/one.md': '# One\n\nFirst old page: narwhal.\n',
      'old/two.md': '# Two\n\nSecond old page: narwhal.\n',
    });
    s.site.remove('old/one.md');
    s.site.remove('old/two.md');
    expect(s.rebuilt(['old'])).toStrictEqual({ patched: false, filesRead: 0 });
    expect(s.cache.assembly?.fileCount).toBe(1);
    await s.expectSameAnswers(['narwhal']);
  });

  it('languages: a change in the default one is patched; in another of three indexes, put together again', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'guide.md': '# Guide\n\nGuide words: ocelot.\n',
      'de/index.md': '# Start\n\nWillkommen.\n',
      'de/guide.md': '# Anleitung\n\nWorte: ozelot.\n',
      'fr/index.md': '# Accueil\n\nBienvenue.\n',
      'fr/guide.md': '# Guide\n\nMots: ocelot.\n',
    });
    expect(s.rebuild().site.languages.map((language) => language.lang)).toStrictEqual(['en', 'de', 'fr']);
    s.site.write('guide.md', '# Guide\n\nGuide words: margay.\n');
    expect(s.rebuilt(['guide.md'])).toStrictEqual({ patched: true, filesRead: 1 });
    await s.expectSameAnswers(['margay', 'ocelot']);
    s.site.write('de/guide.md', '# Anleitung\n\nWorte: margay.\n');
    expect(s.rebuilt(['de/guide.md'])).toStrictEqual({ patched: false, filesRead: 1 });
    await s.expectSameAnswers(['margay', 'ozelot']);
  });

  it('a file moved onto another (b.md renamed a.md): patched, the URL keeps its file', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'a.md': '# A\n\nAlpha: tapir.\n',
      'b.md': '# B\n\nBeta: tapir.\n',
    });
    s.site.remove('a.md');
    s.site.rename('b.md', 'a.md');
    expect(s.rebuilt(['a.md', 'b.md'])).toStrictEqual({ patched: true, filesRead: 1 });
    expect([...s.cache.assembly!.parts.byFile.keys()].sort()).toStrictEqual(['a.md', 'index.md']);
    await s.expectSameAnswers(['tapir', 'beta']);
  });
});
