/**
 * Global setup of `npm run test:corpora`: the run fails, never skips, when ../shared/corpora or
 * ../shared/schemas is missing beside the repository.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SHARED = path.resolve(fileURLToPath(new URL('..', import.meta.url)), '../shared');

/** Throws when the shared corpora are not beside the repository. */
export default function setup(): void {
  for (const part of ['corpora', 'schemas']) {
    const dir = path.join(SHARED, part);
    if (!existsSync(dir)) throw new Error(`test:corpora needs ${dir} (clone the shared corpora beside this repository)`);
  }
}
