/**
 * Global setup of `npm run test:corpora`: the run fails, never skips, when the shared corpora are
 * not beside the repository (../shared/corpora: docs-small, docs-large and the real sites). The
 * sitemap XSDs and the docs-small copy `npm test` uses are fixtures inside the repository
 * (test/fixtures), so only the corpora are required here.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../shared');

/** The folders the `*.corpora.test.ts` files read, relative to ../shared. */
export const REQUIRED_CORPORA = ['corpora/docs-small/content', 'corpora/docs-large/content', 'corpora/real'] as const;

/**
 * Fails the run when a corpus folder is missing.
 * @throws {Error} naming the first missing folder and how to provide it
 */
export default function setup(): void {
  for (const part of REQUIRED_CORPORA) {
    const dir = path.join(SHARED, part);
    if (!existsSync(dir)) {
      throw new Error(
        `npm run test:corpora needs the shared corpora beside this repository, and ${dir} is missing: put the shared folder (corpora/) at ${SHARED}, or run \`npm test\`, which needs nothing beside the repository`,
      );
    }
  }
}
