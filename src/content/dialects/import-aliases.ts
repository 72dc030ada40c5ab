/**
 * Import aliases in Starlight pages (docs.astro.build/en/guides/imports/#aliases,
 * docs.astro.build/en/guides/typescript/#import-aliases): an image or link destination
 * (`![Diagram](@assets/diagram.png)`, which Astro resolves in markdown as in imports:
 * docs.astro.build/en/guides/images/#images-in-markdown-files) or an MDX import
 * (`import Intro from '@partials/intro.mdx'`) that matches a `tsconfig.json` `paths` pattern
 * (read by content/conventions/tsconfig-paths.ts) is written as the path from the page to the file
 * it names, and from then on is exactly that relative reference: the link step resolves it
 * (content/links.ts, an asset's URL when the file is served), MDX inlines it through the one rule
 * of content/readable.ts (content/mdx/partials.ts), and what leaves the content folder is refused
 * and reported as any relative path is. A match that leaves the project folder resolves to nothing
 * and stays as written.
 *
 * Matching follows TypeScript (www.typescriptlang.org/tsconfig/#paths): an exact pattern first,
 * else the pattern with the longest prefix before its `*`; `*` in the target is the matched text.
 * Of several targets the first is taken: TypeScript tries each until a file exists, which would
 * need the file system here, and real projects name one. Patterns with nothing before the `*`
 * (`"*": ["src/*"]`) are not applied: in markdown every relative path would match them, where
 * TypeScript applies them to bare module names only. Destinations that start with `.`, `/`, `#`,
 * `?` or a scheme are never aliases, as in TypeScript.
 */
import path from 'node:path';
import { frontmatterBlock } from '../frontmatter.js';
import { rewriteLinks } from '../portable-markdown.js';
import type { ImportAliases } from '../conventions/types.js';
import type { PartialReader } from '../mdx/partials.js';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The file an aliased specifier names, `/`-separated from the content folder (`../../assets/a.png`),
 * or undefined when no alias matches, the specifier is relative, absolute or a URL, or the file
 * would lie outside the project folder. A `?query` or `#fragment` is not part of it.
 * @example aliasTarget('@assets/a.png', { root: '../..', aliases: [{ pattern: '@assets/*', targets: ['../assets/*'] }] }) // '../assets/a.png'
 */
export function aliasTarget(specifier: string, aliases: ImportAliases): string | undefined {
  if (specifier === '' || /^[./#?]/.test(specifier) || SCHEME.test(specifier)) return undefined;
  let best: { target: string; matched: string } | undefined;
  let bestPrefix = -1;
  for (const { pattern, targets } of aliases.aliases) {
    const target = targets[0];
    if (target === undefined) continue;
    const star = pattern.indexOf('*');
    if (star === -1) {
      if (pattern === specifier) {
        best = { target, matched: '' };
        break;
      }
      continue;
    }
    const prefix = pattern.slice(0, star);
    const suffix = pattern.slice(star + 1);
    if (prefix === '' || star <= bestPrefix) continue;
    if (specifier.length < prefix.length + suffix.length || !specifier.startsWith(prefix) || !specifier.endsWith(suffix)) continue;
    best = { target, matched: specifier.slice(prefix.length, specifier.length - suffix.length) };
    bestPrefix = star;
  }
  if (best === undefined) return undefined;
  const matched = best.matched;
  const file = path.posix.normalize(best.target.replace('*', () => matched));
  // The project folder is the content folder or one above it (`../..`): a file lies inside it when
  // it climbs no higher. Counted, not `path.relative`, which would resolve both against the process's folder.
  if (path.posix.isAbsolute(file) || climbs(file) > climbs(path.posix.normalize(aliases.root))) return undefined;
  return file;
}

/** How many `..` a normalized relative path starts with. */
function climbs(normalized: string): number {
  let count = 0;
  while (normalized.startsWith('../', count * 3) || normalized.slice(count * 3) === '..') count += 1;
  return count;
}

/**
 * An aliased specifier as the path from the page `relPath` (relative to the content folder) to
 * the file it names (`./` first when it does not climb), its query and fragment kept; undefined
 * when it is no alias ({@link aliasTarget}).
 */
export function aliasedFromPage(specifier: string, aliases: ImportAliases, relPath: string): string | undefined {
  const cut = specifier.search(/[?#]/);
  const file = aliasTarget(cut === -1 ? specifier : specifier.slice(0, cut), aliases);
  if (file === undefined) return undefined;
  // Both under one made-up folder deep enough for the climb, so `relative` does not read the process's folder.
  const base = `/${'_/'.repeat(climbs(file))}`;
  const relative = path.posix.relative(path.posix.join(base, path.posix.dirname(relPath)), path.posix.join(base, file));
  return (relative.startsWith('../') ? relative : `./${relative}`) + (cut === -1 ? '' : specifier.slice(cut));
}

/** Whether `text` may hold an alias: one of the patterns' prefixes (a plain `includes` each). */
function mayHoldAlias(text: string, aliases: ImportAliases): boolean {
  return aliases.aliases.some(({ pattern }) => {
    const star = pattern.indexOf('*');
    return star !== 0 && text.includes(star === -1 ? pattern : pattern.slice(0, star));
  });
}

/**
 * A markdown source (frontmatter left as written) with every aliased image and link destination,
 * and the `src`/`href` of raw HTML media and links, written from the page `relPath` (content/portable-markdown.ts
 * `rewriteLinks`: code is left byte for byte). A source without an alias prefix is returned as it is.
 */
export function withImportAliases(source: string, aliases: ImportAliases | undefined, relPath: string): string {
  if (aliases === undefined || !mayHoldAlias(source, aliases)) return source;
  const frontmatter = frontmatterBlock(source);
  const body = rewriteLinks(source.slice(frontmatter.length), (destination) => {
    const bracketed = destination.startsWith('<') && destination.endsWith('>');
    const href = bracketed ? destination.slice(1, -1) : destination;
    const resolved = aliasedFromPage(href, aliases, relPath);
    if (resolved === undefined) return destination;
    return bracketed ? `<${resolved}>` : resolved;
  });
  return frontmatter + body;
}

/**
 * `read` with aliased imports resolved from the importing file (`import Intro from '@partials/intro.mdx'`),
 * and the aliased destinations of what it reads written from that file ({@link withImportAliases}),
 * before MDX rebases them onto the page. Without aliases, `read` itself.
 */
export function aliasedPartialReader(read: PartialReader, aliases: ImportAliases | undefined): PartialReader {
  if (aliases === undefined) return read;
  return function readAliasedPartial(target, from) {
    const resolved = aliasedFromPage(target, aliases, from);
    const result = read(resolved ?? target, from);
    if ('error' in result) return resolved === undefined ? result : { error: `${result.error} (imported as ${target})` };
    return { ...result, text: withImportAliases(result.text, aliases, result.relPath) };
  };
}
