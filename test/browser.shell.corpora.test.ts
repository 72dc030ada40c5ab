/**
 * The page shell in a real browser (test/browser-shell-checks.ts) on two real corpora of
 * ../shared/corpora/real: Docusaurus (redux) and MkDocs (mkdocs-material), in `npm run test:corpora`.
 */
import path from 'node:path';
import { CORPORA_DIR } from './helpers.js';
import { describeShellInBrowser } from './browser-shell-checks.js';

describeShellInBrowser([
  { name: 'docusaurus', dir: path.join(CORPORA_DIR, 'real/docusaurus/content'), page: '/introduction/getting-started' },
  { name: 'mkdocs', dir: path.join(CORPORA_DIR, 'real/mkdocs/content'), page: '/tutorials/blogs/navigation' },
]);
