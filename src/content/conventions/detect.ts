/**
 * Which generator a content folder is written for, recognised by its files: in the content folder
 * or the folder that holds it (where generators keep their config beside the docs folder), up to
 * three levels up for Astro (`docs/src/content/docs`).
 */
import path from 'node:path';
import { pathExists, readTextFile } from './context.js';
import { HUGO_CONFIG_FILES } from './hugo.js';
import { VITEPRESS_CONFIG_FILES } from './vitepress-config.js';
import type { Generator } from './types.js';

/** A recognised generator and the file that showed it. */
export interface Detected {
  generator: Generator;
  /** Its config file (absolute), when it has one. */
  configFile: string | undefined;
  /** What it was recognised by, for `serve` and `check` to print. */
  detectedBy: string;
}

const JS_EXTENSIONS = ['ts', 'mts', 'js', 'mjs', 'cjs'];

/** The first of `names` that exists in one of `dirs`, as an absolute path; each path tried is told to the read observer (context.ts `pathExists`). */
function firstFile(dirs: readonly string[], names: readonly string[]): string | undefined {
  for (const dir of dirs) for (const name of names) if (pathExists(path.join(dir, name))) return path.join(dir, name);
  return undefined;
}

/**
 * The `astro.config.*` of the Astro project `contentDir` (absolute) belongs to: in it or up to three
 * folders up, as Starlight keeps its pages in the project's `src/content/docs/`
 * (starlight.astro.build/guides/project-structure/); `undefined` when there is none.
 */
export function astroConfigOf(contentDir: string): string | undefined {
  const parent = path.dirname(contentDir);
  const ancestors = [contentDir, parent, path.dirname(parent), path.dirname(path.dirname(parent))];
  return firstFile(
    ancestors,
    JS_EXTENSIONS.map((ext) => `astro.config.${ext}`),
  );
}

/**
 * Recognises the generator of `contentDir` (absolute) from its files; `plain` when none is found.
 * With `only`, looks for that generator's files alone, and returns `undefined` when they are missing.
 * Docusaurus (`docusaurus.config.*`), Starlight (`astro.config.*` naming starlight), VitePress
 * (`.vitepress/config.*` or `.vitepress/config/index.*`), MkDocs (`mkdocs.yml`), mdBook (`book.toml` + `SUMMARY.md`), Hugo
 * (`hugo.*`, `config.*` with a `content/` folder), GitBook (`.gitbook.yaml`, or `SUMMARY.md` alone).
 */
export function detectGenerator(contentDir: string, only?: Generator): Detected | undefined {
  const parent = path.dirname(contentDir);
  const near = [contentDir, parent];
  const shown = (file: string): string => path.relative(contentDir, file).split(path.sep).join('/');
  const found = (
    generator: Generator,
    configFile: string | undefined,
    by = configFile === undefined ? '' : shown(configFile),
  ): Detected => ({
    generator,
    configFile,
    detectedBy: by,
  });
  const summary = (): boolean => pathExists(path.join(contentDir, 'SUMMARY.md'));
  const probes: [Generator, () => Detected | undefined][] = [
    [
      'docusaurus',
      () =>
        found(
          'docusaurus',
          firstFile(
            near,
            JS_EXTENSIONS.map((ext) => `docusaurus.config.${ext}`),
          ),
        ),
    ],
    [
      'starlight',
      () => {
        const astro = astroConfigOf(contentDir);
        return astro !== undefined && /starlight/.test(readTextFile(astro) ?? '') ? found('starlight', astro) : undefined;
      },
    ],
    ['vitepress', () => found('vitepress', firstFile(near, VITEPRESS_CONFIG_FILES))],
    ['mkdocs', () => found('mkdocs', firstFile(near, ['mkdocs.yml', 'mkdocs.yaml']))],
    [
      'mdbook',
      () => {
        const book = firstFile(near, ['book.toml']);
        return book !== undefined && summary() ? found('mdbook', book, `${shown(book)} + SUMMARY.md`) : undefined;
      },
    ],
    [
      'hugo',
      () => {
        // Hugo's config sits beside its `content/` folder; `config.*` alone is too common a name to trust elsewhere.
        const hugo = firstFile([parent], HUGO_CONFIG_FILES);
        const trusted = hugo !== undefined && (path.basename(hugo).startsWith('hugo.') || path.basename(contentDir) === 'content');
        return trusted ? found('hugo', hugo) : undefined;
      },
    ],
    [
      'gitbook',
      () => {
        const gitbook = firstFile(near, ['.gitbook.yaml']);
        return gitbook !== undefined ? found('gitbook', gitbook) : summary() ? found('gitbook', undefined, 'SUMMARY.md') : undefined;
      },
    ],
  ];
  for (const [generator, probe] of probes) {
    if (only !== undefined && generator !== only) continue;
    const detected = probe();
    if (detected !== undefined && (detected.configFile !== undefined || detected.detectedBy !== '')) return detected;
  }
  return only === undefined || only === 'plain' ? found('plain', undefined, 'no generator files found') : undefined;
}
