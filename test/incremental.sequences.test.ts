/**
 * Issue 34's patched watch builds (src/snapshot/assembly-patch.ts and what feeds it):
 * adversarial sequences of changes, each build's answers compared with a build from scratch
 * (test/incremental-support.ts).
 */
import { describe, expect, it } from 'vitest';
import { symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { ReadCache } from '../src/snapshot/read-cache.js';
import { loadSnapshot } from '../src/snapshot/snapshot.js';
import { scenePerTest } from './incremental-support.js';

const TEST_TIMEOUT_MS = 90_000;
const BUILDS = { loadSnapshot, ReadCache, parallel: false };

const sceneWith = scenePerTest(BUILDS);

describe('incremental snapshots: patched builds', { timeout: TEST_TIMEOUT_MS }, () => {
  it('a page made internal by frontmatter, by a move into internal/, and back', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'guide.md': '# Guide\n\nGuide words: quokka.\n',
      'other.md': '# Other\n\nOther words.\n',
    });
    s.site.write('guide.md', '---\naccess: internal\n---\n\n# Guide\n\nGuide words: quokka.\n');
    expect(s.rebuilt(['guide.md']).patched).toBe(true);
    await s.expectSameAnswers(['quokka']);
    s.site.write('guide.md', '# Guide\n\nGuide words: quokka.\n');
    expect(s.rebuilt(['guide.md']).patched).toBe(true);
    await s.expectSameAnswers(['quokka']);
    s.site.rename('guide.md', 'internal/guide.md');
    s.rebuilt(['guide.md', 'internal/guide.md', 'internal']);
    await s.expectSameAnswers(['quokka']);
    s.site.rename('internal/guide.md', 'guide.md');
    s.rebuilt(['guide.md', 'internal/guide.md']);
    await s.expectSameAnswers(['quokka']);
  });

  it('edits accumulating over many patched builds: added, edited, removed, added back', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'a.md': '# A\n\nAlpha: dingo.\n',
      'b.md': '# B\n\nBeta: dingo.\n',
      'docs/c.md': '# C\n\nGamma: emu.\n',
    });
    s.site.write('docs/d.md', '# D\n\nDelta: dingo emu.\n');
    expect(s.rebuilt(['docs/d.md']).patched).toBe(true);
    await s.expectSameAnswers(['dingo', 'emu']);
    s.site.write('docs/d.md', '# D two\n\nDelta: wallaby.\n');
    expect(s.rebuilt(['docs/d.md']).patched).toBe(true);
    await s.expectSameAnswers(['dingo', 'emu', 'wallaby']);
    s.site.write('a.md', '# A\n\nAlpha: wallaby wallaby.\n');
    expect(s.rebuilt(['a.md']).patched).toBe(true);
    await s.expectSameAnswers(['dingo', 'emu', 'wallaby']);
    s.site.remove('docs/d.md');
    expect(s.rebuilt(['docs/d.md']).patched).toBe(true);
    await s.expectSameAnswers(['dingo', 'emu', 'wallaby']);
    s.site.write('docs/d.md', '# D\n\nDelta: dingo emu.\n');
    expect(s.rebuilt(['docs/d.md']).patched).toBe(true);
    await s.expectSameAnswers(['dingo', 'emu', 'wallaby']);
    s.site.remove('docs/c.md');
    s.site.remove('docs/d.md');
    s.rebuilt(['docs/c.md', 'docs/d.md']);
    await s.expectSameAnswers(['dingo', 'emu', 'wallaby']);
  });

  it('two languages: pages of de/ edited, added, removed', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'guide.md': '# Guide\n\nGuide words: ocelot.\n',
      'more.md': '# More\n\nMore words.\n',
      'de/index.md': '# Start\n\nWillkommen.\n',
      'de/guide.md': '# Anleitung\n\nWorte: ozelot.\n',
    });
    s.site.write('de/guide.md', '# Anleitung\n\nWorte: margay.\n');
    expect(s.rebuilt(['de/guide.md']).patched).toBe(true);
    await s.expectSameAnswers(['margay', 'ozelot']);
    s.site.write('de/more.md', '# Mehr\n\nMehr Worte: margay.\n');
    s.rebuilt(['de/more.md']);
    await s.expectSameAnswers(['margay', 'mehr']);
    s.site.remove('de/guide.md');
    s.rebuilt(['de/guide.md']);
    await s.expectSameAnswers(['margay', 'ozelot']);
    s.site.write('guide.md', '# Guide\n\nGuide words: serval.\n');
    expect(s.rebuilt(['guide.md']).patched).toBe(true);
    await s.expectSameAnswers(['serval', 'margay']);
  });

  it('index/README pair: the loser edited, the winner edited, the winner made a draft', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'a/index.md': '# A index\n\nIndex words: lynx.\n',
      'a/README.md': '# A readme\n\nReadme words: lynx.\n',
      'a/x.md': '# X\n\nEx.\n',
    });
    s.site.write('a/README.md', '# A readme\n\nReadme words: caracal.\n');
    s.rebuilt(['a/README.md']);
    await s.expectSameAnswers(['lynx', 'caracal']);
    s.site.write('a/index.md', '# A index two\n\nIndex words: caracal.\n');
    s.rebuilt(['a/index.md']);
    await s.expectSameAnswers(['lynx', 'caracal']);
    s.site.write('a/index.md', '---\ndraft: true\n---\n\n# A index\n\nIndex words: lynx.\n');
    s.rebuilt(['a/index.md']);
    await s.expectSameAnswers(['lynx', 'caracal']);
    s.site.write('a/x.md', '# X\n\nEx lynx.\n');
    s.rebuilt(['a/x.md']);
    await s.expectSameAnswers(['lynx', 'caracal']);
    s.site.write('a/index.md', '# A index\n\nIndex words: lynx.\n');
    s.rebuilt(['a/index.md']);
    await s.expectSameAnswers(['lynx', 'caracal']);
  });

  it('the root page retitled, the last page of a folder removed, a page included by another edited', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nWelcome home.\n',
      'solo/only.md': '# Only\n\nAlone: kiwi.\n',
      'part.md': '# Part\n\nShared words: kakapo.\n',
      'whole.md': '# Whole\n\n<!--@include: ./part.md-->\n',
    });
    s.site.write('index.md', '# Homestead\n\nWelcome home.\n');
    expect(s.rebuilt(['index.md']).patched).toBe(true);
    await s.expectSameAnswers(['kiwi']);
    s.site.remove('solo/only.md');
    s.rebuilt(['solo/only.md']);
    await s.expectSameAnswers(['kiwi']);
    s.site.write('part.md', '# Part\n\nShared words: takahe.\n');
    s.rebuilt(['part.md']);
    await s.expectSameAnswers(['kakapo', 'takahe']);
  });
  it('a page linked to an internal one: the target edited, the link pointed at a public page and back (patched each time)', async () => {
    const s = await sceneWith({
      'index.md': '# Home\n\nHi.\n',
      'internal/secret.md': '# Secret\n\nHidden: okapi.\n',
      'pub.md': '# Pub\n\nOpen: zebra.\n',
    });
    const link = path.join(s.site.dir, 'link.md');
    symlinkSync('internal/secret.md', link);
    s.rebuilt(['link.md']);
    await s.expectSameAnswers(['okapi', 'zebra']);
    s.site.write('internal/secret.md', '# Secret\n\nHidden: okapi tapir.\n');
    expect(s.rebuilt(['internal/secret.md']).patched).toBe(true);
    await s.expectSameAnswers(['okapi', 'zebra', 'tapir']);
    unlinkSync(link);
    symlinkSync('pub.md', link);
    expect(s.rebuilt(['link.md']).patched).toBe(true);
    await s.expectSameAnswers(['okapi', 'zebra', 'tapir']);
    unlinkSync(link);
    symlinkSync('internal/secret.md', link);
    expect(s.rebuilt(['link.md']).patched).toBe(true);
    expect(s.incremental.t.context.snapshot().site.pages.get('/link')?.kind).toBe('internal');
    await s.expectSameAnswers(['okapi', 'zebra', 'tapir']);
  });
});
