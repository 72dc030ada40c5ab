/**
 * Code blocks and search in a real browser (test/browser-code-search-checks.ts) on Starlight's docs
 * (../shared/corpora/real/starlight: `.mdx` pages, 17 locales), in `npm run test:corpora`.
 */
import path from 'node:path';
import { CORPORA_DIR } from './helpers.js';
import { describeCodeAndSearch, useBrowserSites, type SiteCase } from './browser-code-search-checks.js';

const STARLIGHT: SiteCase = {
  name: 'starlight',
  contentDir: path.join(CORPORA_DIR, 'real/starlight/content'),
  codeFile: 'reference/configuration.mdx',
  query: 'sidebar',
};

describeCodeAndSearch(useBrowserSites([STARLIGHT]), STARLIGHT);
