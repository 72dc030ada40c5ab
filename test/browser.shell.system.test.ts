/**
 * The page shell in a real browser (test/browser-shell-checks.ts) on the example site and docs-small
 * (the copy inside the repository). The real Docusaurus and MkDocs corpora are in
 * test/browser.shell.corpora.test.ts.
 */
import { DOCS_SMALL, EXAMPLE_SITE } from './helpers.js';
import { describeShellInBrowser } from './browser-shell-checks.js';

describeShellInBrowser([
  { name: 'example', dir: EXAMPLE_SITE, page: '/guides/getting-started' },
  { name: 'docs-small', dir: DOCS_SMALL, page: '/configuration/acme/dns01/route53' },
]);
