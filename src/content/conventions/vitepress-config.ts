/**
 * Where a VitePress config lives and what its `markdown.attrs` setting says, read, never run.
 *
 * Config resolution (vitepress.dev/reference/site-config#config-resolution): `<root>/.vitepress/config.[ext]`
 * with `.js`, `.ts`, `.mjs` or `.mts`; VitePress' resolver (github.com/vuejs/vitepress src/node/config.ts
 * `resolveConfigPath`) also takes `.vitepress/config/index.[ext]` first, and Vite's loader reads the CommonJS
 * spellings `.cjs`/`.cts`. Attribute lists (vitepress.dev/reference/site-config#markdown, `markdown.attrs`:
 * markdown-it-attrs' `leftDelimiter`/`rightDelimiter`, `{`/`}` by default, and `disable`).
 */
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { objectOf, parseJsModule, stringOf, type ImportReader, type JsModule, type Literal } from './js-literal.js';

/** Config files in the order VitePress tries them, relative to the folder that holds `.vitepress/`. */
export const VITEPRESS_CONFIG_FILES: readonly string[] = [
  ...['js', 'ts', 'mjs', 'mts'].map((ext) => `.vitepress/config/index.${ext}`),
  ...['js', 'ts', 'mjs', 'mts', 'cjs', 'cts'].map((ext) => `.vitepress/config.${ext}`),
];

/** The delimiters of attribute lists, or `false` when the site turned them off (`markdown.attrs.disable`). */
export type MarkdownAttrs = { left: string; right: string } | false;

/** markdown-it-attrs' own delimiters, VitePress' default. */
export const DEFAULT_ATTRS: { left: string; right: string } = { left: '{', right: '}' };

/**
 * The `markdown.attrs` of a VitePress config read as a literal: `undefined` when the config does not
 * set it (the default `{`/`}` then holds), `false` for `disable: true`, else the delimiters, each
 * defaulting to `{`/`}` when only one is given. A delimiter that is not a literal string of 1–8
 * characters is ignored (the default is kept) rather than guessed.
 * @example markdownAttrsOf({ markdown: { attrs: { leftDelimiter: '%{', rightDelimiter: '}%' } } }) // { left: '%{', right: '}%' }
 */
export function markdownAttrsOf(config: Record<string, Literal> | undefined): MarkdownAttrs | undefined {
  const attrs = objectOf(objectOf(config?.markdown)?.attrs);
  if (attrs === undefined) return undefined;
  if (attrs.disable === true) return false;
  const delimiter = (value: Literal | undefined, fallback: string): string => {
    const text = stringOf(value);
    return text !== undefined && text.length > 0 && text.length <= 8 && !/\s/.test(text) ? text : fallback;
  };
  return { left: delimiter(attrs.leftDelimiter, DEFAULT_ATTRS.left), right: delimiter(attrs.rightDelimiter, DEFAULT_ATTRS.right) };
}

/** Extensions tried for an import written without one (`./en` → `./en.ts`), as Vite resolves them. */
const IMPORT_EXTENSIONS = ['', '.ts', '.mts', '.js', '.mjs', '.cts', '.cjs'];
/** Imports followed at most this deep (`index.ts` → `en.ts` → `shared.ts` …). */
const MAX_IMPORT_DEPTH = 4;

/**
 * The reader of relative imports for a config split into files (`.vitepress/config/index.ts`
 * importing `./en` and `./shared`, as VitePress' own docs do): a module inside the `.vitepress`
 * folder, parsed (never run), its named or default export read as a literal. Packages, files
 * outside `.vitepress/`, unreadable or unparsable files stay unread; nesting is bounded.
 * @param configFile the config's absolute path
 * @param read a file's text, `undefined` when it cannot be read
 */
export function configImportReader(configFile: string, read: (file: string) => string | undefined): ImportReader {
  const parent = path.dirname(configFile);
  const dotVitepress = path.basename(parent) === 'config' ? path.dirname(parent) : parent;
  const modules = new Map<string, JsModule | undefined>();
  // Inside `.vitepress/` as written and once symlinks are resolved.
  const realRoot = realPath(dotVitepress);
  const within = (file: string): boolean => {
    const real = realPath(file);
    return (
      file.startsWith(dotVitepress + path.sep) && (real === undefined || (realRoot !== undefined && real.startsWith(realRoot + path.sep)))
    );
  };
  const reader =
    (from: string, depth: number): ImportReader =>
    (source, name) => {
      if (depth >= MAX_IMPORT_DEPTH || !(source.startsWith('./') || source.startsWith('../'))) return undefined;
      const base = path.resolve(from, source);
      if (!within(base)) return undefined;
      for (const ext of IMPORT_EXTENSIONS) {
        const file = base + ext;
        if (!modules.has(file)) {
          const text = within(file) ? read(file) : undefined;
          let module: JsModule | undefined;
          try {
            module = text === undefined ? undefined : parseJsModule(text, reader(path.dirname(file), depth + 1));
          } catch {
            module = undefined;
          }
          modules.set(file, module);
        }
        const module = modules.get(file);
        if (module !== undefined) return module.named(name);
      }
      return undefined;
    };
  return reader(parent, 0);
}

/** A path with its symlinks resolved, `undefined` when it does not exist. */
function realPath(file: string): string | undefined {
  try {
    return realpathSync(file);
  } catch {
    return undefined;
  }
}
