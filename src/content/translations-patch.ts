/**
 * The translations (content/languages.ts `SiteLanguages.translations`) of a build in which few
 * pages changed, patched from the last build's (content/trees-patch.ts): only the pages of the
 * changed pages' relative paths (`/guides/a` for `/guides/a` and `/de/guides/a`) are looked at,
 * through an index of every language page by relative path kept in the folder memo.
 */
import type { KeptTrees } from './folder-memo.js';
import { pathIndexOf, relativePathOf, setTranslations, type PathEntry, type PathIndex, type Translation } from './languages.js';
import { byUrl, type Page } from './page.js';
import type { Locale } from './conventions/types.js';
import type { Changes, Layout } from './trees-patch.js';

/**
 * The translations of the last build with those of the changed pages' paths set again. The
 * memo's {@link PathIndex} is patched in place; made from `pages` (every translation set again)
 * when the memo has none yet, as after a full build.
 * @param pages this build's public pages, in URL order
 */
export function patchTranslations(
  last: KeptTrees,
  changes: Changes,
  pages: readonly Page[],
  layout: Layout,
): Map<string, readonly Translation[]> {
  const { locales } = layout.languages;
  const languageOf = (page: Page): number | undefined => {
    const at = layout.treeOf(page);
    return at !== undefined && at < locales.length ? at : undefined;
  };
  const translations = new Map<string, readonly Translation[]>();
  if (last.paths === undefined) {
    const members: Page[][] = locales.map(() => []);
    for (const page of pages) {
      const at = languageOf(page);
      if (at !== undefined) (members[at] as Page[]).push(page);
    }
    last.paths = pathIndexOf(locales, members);
    for (const entries of last.paths.values()) setTranslations(translations, entries);
    return translations;
  }
  const removed = changes.removed.filter((page) => languageOf(page) !== undefined);
  const added = changes.added.filter((page) => languageOf(page) !== undefined);
  if (removed.length === 0 && added.length === 0) return last.trees.translations;
  for (const [key, list] of last.trees.translations) translations.set(key, list);
  const paths = new Set<string>();
  const entriesAt = (page: Page, at: number): PathEntry[] => {
    const path = relativePathOf(page, locales[at] as Locale);
    paths.add(path);
    const entries = (last.paths as PathIndex).get(path) ?? [];
    (last.paths as PathIndex).set(path, entries);
    // Its pages may have translations no more.
    for (const entry of entries) translations.delete(entry.page.key);
    return entries;
  };
  for (const page of removed) {
    const entries = entriesAt(page, languageOf(page) as number);
    const at = entries.findIndex((entry) => entry.page === page);
    if (at !== -1) entries.splice(at, 1);
  }
  for (const page of added) {
    const at = languageOf(page) as number;
    const entries = entriesAt(page, at);
    const before = entries.findIndex((one) => one.at > at || (one.at === at && byUrl(one.page, page) > 0));
    entries.splice(before === -1 ? entries.length : before, 0, { page, at, translation: { lang: page.lang, url: page.url } });
  }
  for (const path of paths) {
    const entries = last.paths.get(path) ?? [];
    if (entries.length === 0) last.paths.delete(path);
    setTranslations(translations, entries);
  }
  return translations;
}
