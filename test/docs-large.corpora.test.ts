/**
 * docs-large (tldr-pages, 7,425 pages; ../shared/corpora/docs-large/SOURCE.md) served end to end: the
 * scale case of test/corpus-serving.ts (llms files split per section, 7,425 pages each fetched as
 * HTML and as markdown), in `npm run test:corpora`. The odd names also have a fixture inside the
 * repository, served by test/path-safety.test.ts.
 */
import { DOCS_LARGE } from './helpers.js';
import { describeServedCorpus } from './corpus-serving.js';

describeServedCorpus({
  name: 'docs-large',
  dir: DOCS_LARGE,
  publicPages: 7425,
  laterParts: 0,
  llmsSplit: true,
  // SOURCE.md "Quirks worth testing": shell, URL and glob metacharacters, and `..md`, whose
  // stem `.` would be a dot-segment, so its URL keeps the `.md`.
  roundTrips: [
    { file: 'common/..md', url: '/common/..md', markdownUrl: '/common/..md.md' },
    { file: 'common/%.md', url: '/common/%25', markdownUrl: '/common/%25.md' },
    { file: 'common/[.md', url: '/common/%5B', markdownUrl: '/common/%5B.md' },
    { file: 'common/c++.md', url: '/common/c%2B%2B', markdownUrl: '/common/c%2B%2B.md' },
    { file: 'common/~.md', url: '/common/~', markdownUrl: '/common/~.md' },
    { file: 'linux/mklost+found.md', url: '/linux/mklost%2Bfound', markdownUrl: '/linux/mklost%2Bfound.md' },
    { file: 'common/!.md', url: '/common/%21', markdownUrl: '/common/%21.md' },
  ],
  check: { stdout: '7425 pages, 0 errors, 0 warnings\n', exitCode: 0 },
});
