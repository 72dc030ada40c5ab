/**
 * Import aliases of a Starlight site (docs.astro.build/en/guides/imports/#aliases), end to end: the
 * Astro project's `tsconfig.json` `paths` (beside `astro.config.mjs`, three folders above the
 * pages) resolve image destinations and MDX imports as the relative paths they name. An aliased
 * image is served, inside the content folder at its path and in the project's `src/` at `/_astro/…`
 * (content/assets.ts `astroSourceFoldersOf`), and an aliased partial inside the content folder is
 * inlined; a partial outside it, or in a dot folder, is refused by the one rule (content/readable.ts)
 * and never read.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteFiles } from '../src/content/conventions/index.js';
import { buildTestApp, removeDir, writeContent, type TestApp } from './helpers.js';

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = writeContent({
    'astro.config.mjs':
      "import { defineConfig } from 'astro/config';\nimport starlight from '@astrojs/starlight';\nexport default defineConfig({ integrations: [starlight({ title: 'Stars' })] });\n",
    'tsconfig.json':
      '{\n  "extends": "astro/tsconfigs/strict",\n  "compilerOptions": {\n    // Astro\'s aliases\n    "baseUrl": ".",\n    "paths": {\n      "@assets/*": ["src/assets/*"],\n      "@docs/*": ["src/content/docs/*"],\n      "@partials/*": ["src/partials/*"],\n      "@etc/*": ["../etc/*"],\n    },\n  },\n}\n',
    'src/content/docs/index.md': '---\ntitle: Home\n---\nWelcome.\n',
    'src/content/docs/guide.mdx':
      "---\ntitle: Guide\n---\nimport Intro from '@docs/_shared/intro.mdx';\nimport Outside from '@partials/outside.mdx';\nimport Hidden from '@docs/.hidden/note.mdx';\n\n![Pic](@docs/img/pic.png)\n\n![Diagram](@assets/diagram.png)\n\n![Etc](@etc/passwd.png)\n\n<Intro />\n\n<Outside />\n\n<Hidden />\n",
    'src/content/docs/_shared/intro.mdx': 'Shared intro.\n',
    'src/content/docs/img/pic.png': 'PNG',
    'src/content/docs/.hidden/note.mdx': 'HIDDEN TEXT\n',
    'src/assets/diagram.png': 'PNG',
    'src/partials/outside.mdx': 'OUTSIDE TEXT\n',
  });
  t = await buildTestApp(path.join(dir, 'src/content/docs'));
});
afterAll(async () => {
  await t.app.close();
  removeDir(dir);
});

describe('Starlight import aliases from tsconfig.json paths', () => {
  it('gives agents the page with aliased paths made relative, the partial inside the content folder inlined, the others refused', async () => {
    const res = await t.app.inject({ url: '/guide.md' });
    expect(res.statusCode).toBe(200);
    // The image beside the content folder (src/assets/) is served at /_astro/assets/, as a relative
    // `../../assets/diagram.png` would be; an alias refused in tsconfig.json stays as written.
    expect(res.body).toBe(
      '---\ntitle: Guide\n---\n\n> For agents: the index of this site is http://sitegate.test/llms.txt\n\n![Pic](http://sitegate.test/img/pic.png)\n\n![Diagram](http://sitegate.test/_astro/assets/diagram.png)\n\n![Etc](http://sitegate.test/@etc/passwd.png)\n\nShared intro.\n\n(include refused: `@partials/outside.mdx`)\n\n(include refused: `@docs/.hidden/note.mdx`)\n\n',
    );
    expect(res.body).not.toContain('OUTSIDE TEXT');
    expect(res.body).not.toContain('HIDDEN TEXT');
  });

  it('serves the aliased images of the content folder and of src/assets/ at their URLs in the HTML', async () => {
    const res = await t.app.inject({ url: '/guide', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const body = res.body.slice(res.body.indexOf('<p><img'), res.body.indexOf('Shared intro.') + 20);
    expect(body).toBe(
      '<p><img src="/img/pic.png" alt="Pic"></p>\n<p><img src="/_astro/assets/diagram.png" alt="Diagram"></p>\n<p><img src="@etc/passwd.png" alt="Etc"></p>\n<p>Shared intro.</p>\n<p',
    );
    expect((await t.app.inject({ url: '/img/pic.png' })).statusCode).toBe(200);
    const diagram = await t.app.inject({ url: '/_astro/assets/diagram.png' });
    expect([diagram.statusCode, diagram.headers['content-type'], diagram.body]).toStrictEqual([200, 'image/png', 'PNG']);
  });

  it('reports what it refused: the partials by the page, the target outside the project by tsconfig.json', () => {
    expect(t.context.snapshot().site.problems).toStrictEqual([
      {
        severity: 'error',
        file: 'guide.mdx',
        message:
          'MDX partial not inlined: include refused: ../../partials/outside.mdx is outside the site folder (imported as @partials/outside.mdx)',
      },
      {
        severity: 'error',
        file: 'guide.mdx',
        message:
          'MDX partial not inlined: include refused: ./.hidden/note.mdx is inside a dotfile or dot-folder (.hidden) (imported as @docs/.hidden/note.mdx)',
      },
    ]);
    const { conventions, problems } = loadSiteFiles(path.join(dir, 'src/content/docs'));
    expect(conventions.importAliases).toStrictEqual({
      root: '../../..',
      aliases: [
        { pattern: '@assets/*', targets: ['../../assets/*'] },
        { pattern: '@docs/*', targets: ['*'] },
        { pattern: '@partials/*', targets: ['../../partials/*'] },
      ],
    });
    expect(problems).toStrictEqual([
      {
        severity: 'warning',
        file: '../../../tsconfig.json',
        message: 'paths "@etc/*": "../etc/*" is outside the project folder; not followed',
      },
    ]);
  });
});
