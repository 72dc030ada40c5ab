/**
 * The Docusaurus sidebar on the real corpus (reduxjs/redux docs, ../shared/corpora/real/docusaurus/SOURCE.md),
 * in `npm run test:corpora`: the site folder's docs path (`../docs`) is `content/` there, and the top of the
 * nav is the categories of its sidebars.js. The cases written for each rule are in docusaurus.test.ts.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isFolder, navLabel, type Folder } from '../folders.js';
import { loadSnapshot } from '../../snapshot/snapshot.js';
import { CORPORA_DIR, TEST_BASE_URL } from '../../../test/helpers.js';

describe('Docusaurus real corpus (../shared/corpora/real/docusaurus): the nav follows sidebars.js', () => {
  const corpus = path.join(CORPORA_DIR, 'real/docusaurus');
  it('given the site folder, whose docs path (../docs) is content/ here, the top level is the sidebar categories', () => {
    const site = loadSnapshot(corpus, { baseUrl: TEST_BASE_URL, parallel: false });
    const content = site.snapshot.site.folders.get('/content/') as Folder;
    expect(content.items.filter(isFolder).map(navLabel)).toEqual([
      'Introduction',
      'Tutorials',
      'Using Redux',
      'Understanding Redux',
      'FAQ',
      'Style Guide',
      'API Reference',
      'Redux Toolkit',
    ]);
    expect(site.problems.filter((problem) => problem.file.endsWith('sidebars.js'))).toEqual([]);
  });
});
