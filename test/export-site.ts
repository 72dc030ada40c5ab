/**
 * Sites the export suites share (test/export.test.ts, test/export.deploy.test.ts): public pages,
 * an image a page shows, and private content of every kind, each holding {@link INTERNAL_MARKER},
 * which must appear in no exported file.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A word only private content holds. */
export const INTERNAL_MARKER = 'zebracornfjord';

/** A plain folder: pages, a listing, an image, and private pages and files of each kind. */
export const PLAIN_SITE: Readonly<Record<string, string>> = {
  'index.md': '---\ntitle: Home\ndescription: The home page.\n---\nSee the [setup guide](guides/setup.md).\n',
  'guides/setup.md': '---\ntitle: Setup\ndate: 2026-11-01\n---\nInstall it.\n\n![Diagram](diagram.png)\n\n[Download](files/kit.txt)\n',
  'guides/diagram.png': 'PNG-BYTES',
  'guides/files/kit.txt': 'the kit\n',
  'guides/unused.txt': 'no page links this\n',
  'guides/tuning.md': '---\ntitle: Tuning\n---\nTune it.\n',
  // Private content: the internal zone, access frontmatter, a draft, an image only they show.
  'internal/runbook.md': `---\ntitle: Runbook ${INTERNAL_MARKER}\n---\nPage the ${INTERNAL_MARKER} team.\n\n![x](secret.svg)\n`,
  'internal/secret.svg': `<svg xmlns="http://www.w3.org/2000/svg"><title>${INTERNAL_MARKER}</title></svg>`,
  'guides/private.md': `---\ntitle: Private ${INTERNAL_MARKER}\naccess: internal\n---\nThe ${INTERNAL_MARKER} plan.\n`,
  'guides/draft.md': `---\ntitle: Draft ${INTERNAL_MARKER}\ndraft: true\n---\nNot yet ${INTERNAL_MARKER}.\n`,
};

/** Every file under `dir`, relative and `/`-separated, sorted. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/** The files under `dir` whose bytes hold `word` (case-insensitive). */
export function filesHolding(dir: string, word: string): string[] {
  return filesUnder(dir).filter((file) => readFileSync(path.join(dir, file), 'latin1').toLowerCase().includes(word.toLowerCase()));
}
