import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { InternalZone } from '../access.js';
import { siteFilesOf } from './site-files.js';
import { dialect, writeSite } from './test-support.js';

// mkdocs.yml comes with the docs, so its auto_append list is content too: read through the same rule.
const site = writeSite({
  'mkdocs.yml':
    'site_name: x\nmarkdown_extensions:\n  - pymdownx.snippets:\n      auto_append:\n        - includes/abbr.md\n        - .sitegate/secret\n        - state/sitegate.db\n        - docs/private.md\n',
  'includes/abbr.md': '*[HTML]: Hyper Text Markup Language\n',
  '.sitegate/secret': 'mk-autoappend-secret\n',
  'state/sitegate.db': 'mk-autoappend-db\n',
  'docs/private.md': '---\naccess: internal\n---\nmk-autoappend-private\n',
});
const files = siteFilesOf(path.join(site, 'docs'), [path.join(site, 'state')], new InternalZone([]));
afterAll(() => rmSync(site, { recursive: true, force: true }));

describe('MkDocs snippets auto_append', () => {
  it('appends what the rule allows and a refusal note for the rest, reported as errors', () => {
    const out = dialect('# Page\n', { relPath: 'page.md', files });
    expect(out.text).toBe(
      '# Page\n\n*[HTML]: Hyper Text Markup Language\n\n(include refused: `.sitegate/secret`)\n\n(include refused: `state/sitegate.db`)\n\n(include refused: `docs/private.md`)\n',
    );
    expect(out.problems).toStrictEqual([
      {
        severity: 'error',
        file: 'page.md',
        message: '--8<--: include refused: .sitegate/secret is inside a dotfile or dot-folder (.sitegate)',
      },
      {
        severity: 'error',
        file: 'page.md',
        message: "--8<--: include refused: state/sitegate.db is sitegate's data folder, secret or config file",
      },
      {
        severity: 'error',
        file: 'page.md',
        message: '--8<--: include refused: docs/private.md is not public (access) and cannot be included in a public page',
      },
    ]);
  });
});
