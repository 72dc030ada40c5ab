/**
 * The languages of a built site: one navigation tree per language (the default language's is the
 * site's main tree, rooted at `/`; a locale folder's is rooted at that folder, never a section of
 * the main tree), and the translations of each page: the pages at the same path relative to each
 * language's tree (`/guides/i18n` ↔ `/de/guides/i18n`). Made of public pages only, so an alternate
 * never names a page the reader may not read (DESIGN.md "Private content fails closed").
 */
import type { FolderMemo } from './folder-memo.js';
import { buildFoldersInSteps, type Folder } from './folders.js';
import { runSteps, type BuildSteps } from '../build-steps.js';
import type { Page } from './page.js';
import type { FallbackOrder, DeclaredFolder, Locale } from './conventions/types.js';

/** One language of the site with its own navigation tree. */
export interface SiteLanguage {
  /** BCP 47 tag (RFC 5646): `de`, `zh-CN`. */
  readonly lang: string;
  /** Its name in its own words, when declared (`Deutsch`). */
  readonly label: string | undefined;
  /** Text direction, when declared. */
  readonly direction: 'ltr' | 'rtl' | undefined;
  /** Folder key its tree starts at: `/` for the default language, `/de/` for a locale folder. */
  readonly rootKey: string;
  /** Its public pages depth first in nav order (content/folders.ts), for llms.txt and prev/next. */
  readonly navPages: readonly Page[];
}

/** A version of a page in one language: where `hreflang` alternates point. */
export interface Translation {
  /** BCP 47 tag of the version. */
  readonly lang: string;
  /** Its canonical URL path, percent-encoded. */
  readonly url: string;
}

/** What {@link buildLanguages} makes. */
export interface SiteLanguages {
  /** Every language's folders by key; the main tree holds `/`. */
  folders: Map<string, Folder>;
  /** The languages, the default first. */
  languages: SiteLanguage[];
  /**
   * By page key, the public versions of a public page in each language, itself included, in
   * locale order (the default first); only pages with at least one translation have an entry.
   */
  translations: Map<string, readonly Translation[]>;
}

/** How the trees are ordered (content/folders.ts `FolderRules`) and which languages there are. */
export interface LanguageRules {
  folders: ReadonlyMap<string, DeclaredFolder>;
  fallbackOrder: FallbackOrder;
  /** The default first (content/conventions/types.ts). */
  locales: readonly Locale[];
  /** The nav follows SUMMARY.md's tree (content/folders.ts `FolderRules.summaryNav`). */
  summaryNav?: boolean | undefined;
  /** The last build's folders (content/folders.ts `FolderRules.memo`). */
  memo?: FolderMemo | undefined;
}

/**
 * Splits public pages by language and builds each language's tree and the translations.
 * A page of a locale whose URL does not start with the locale's folder joins the main tree.
 */
export function buildLanguages(pages: readonly Page[], rules: LanguageRules): SiteLanguages {
  return runSteps(buildLanguagesInSteps(pages, rules));
}

/** The language trees of a site: each locale's root, and the tree a page is in. */
export interface LanguageTrees {
  /** The locales, the default first (`en` alone when none is declared). */
  readonly locales: readonly Locale[];
  /** Each locale's tree root, in locale order: `/` for the default and a locale of no folder, else `/de/`. */
  readonly rootKeys: readonly string[];
  /** Index of the tree that holds a public page: its language's when under that tree's root, else the default's (0). */
  readonly treeOf: (page: Page) => number;
}

/** The language trees of `locales` (content/conventions/types.ts, the default first). */
export function languageTreesOf(locales: readonly Locale[]): LanguageTrees {
  const all = locales.length === 0 ? [{ lang: 'en', dir: '' }] : locales;
  const rootKeys = all.map((locale, i) => (i === 0 || locale.dir === '' ? '/' : `/${locale.dir}/`));
  const indexOfLang = new Map<string, number>();
  all.forEach((locale, i) => {
    if (!indexOfLang.has(locale.lang)) indexOfLang.set(locale.lang, i);
  });
  return {
    locales: all,
    rootKeys,
    treeOf: (page) => {
      const at = indexOfLang.get(page.lang) ?? 0;
      return page.key.startsWith(rootKeys[at] as string) ? at : 0;
    },
  };
}

/** {@link buildLanguages} in steps (build-steps.ts): each language's tree in {@link buildFoldersInSteps}'s. */
export function* buildLanguagesInSteps(pages: readonly Page[], rules: LanguageRules): BuildSteps<SiteLanguages> {
  const { locales, rootKeys, treeOf } = languageTreesOf(rules.locales);
  const members: Page[][] = locales.map(() => []);
  for (const page of pages) (members[treeOf(page)] as Page[]).push(page);
  yield;
  const folders = new Map<string, Folder>();
  const languages: SiteLanguage[] = [];
  for (const [i, locale] of locales.entries()) {
    const rootKey = rootKeys[i] as string;
    const tree = yield* buildFoldersInSteps(members[i] as Page[], rules, rootKey);
    for (const [key, folder] of tree.folders) folders.set(key, folder);
    languages.push({ lang: locale.lang, label: locale.label, direction: locale.direction, rootKey, navPages: tree.navPages });
  }
  const translations = locales.length === 1 ? new Map<string, readonly Translation[]>() : translationsOf(pathIndexOf(locales, members));
  return { folders, languages, translations };
}

/** A page in a {@link PathIndex}: the page, the index of its language tree, and its translation. */
export interface PathEntry {
  readonly page: Page;
  /** Index of the page's language tree ({@link LanguageTrees.treeOf}). */
  readonly at: number;
  readonly translation: Translation;
}

/**
 * The public pages of the language trees by their path relative to their language's folder (the
 * default's folder too, `en/`), each path's pages in tree order, then in URL order.
 */
export type PathIndex = Map<string, PathEntry[]>;

/** A page's path relative to its language's folder: `/de/guides/a` → `/guides/a` in `de`; its key when outside it. */
export function relativePathOf(page: Page, locale: Locale): string {
  const prefix = locale.dir === '' ? '/' : `/${locale.dir}/`;
  return page.key.startsWith(prefix) ? page.key.slice(prefix.length - 1) : page.key;
}

/** The {@link PathIndex} of each language tree's pages (`members`, in URL order, by tree). */
export function pathIndexOf(locales: readonly Locale[], members: readonly (readonly Page[])[]): PathIndex {
  const byPath: PathIndex = new Map();
  locales.forEach((locale, at) => {
    for (const page of members[at] ?? []) {
      const relative = relativePathOf(page, locale);
      const entries = byPath.get(relative) ?? [];
      entries.push({ page, at, translation: { lang: page.lang, url: page.url } });
      byPath.set(relative, entries);
    }
  });
  return byPath;
}

/** The versions of each page (`SiteLanguages.translations`) of a {@link PathIndex}. */
function translationsOf(byPath: PathIndex): Map<string, readonly Translation[]> {
  const translations = new Map<string, readonly Translation[]>();
  for (const entries of byPath.values()) setTranslations(translations, entries);
  return translations;
}

/** Sets the translations of the pages of one path, which have some when there are two or more. */
export function setTranslations(translations: Map<string, readonly Translation[]>, entries: readonly PathEntry[]): void {
  if (entries.length < 2) return;
  const list = entries.map((entry) => entry.translation);
  for (const entry of entries) translations.set(entry.page.key, list);
}

/** The language whose tree holds a page or folder key: the locale folder's, else the default (the first). */
export function languageOfKey(languages: readonly SiteLanguage[], key: string): SiteLanguage {
  for (const language of languages) if (language.rootKey !== '/' && key.startsWith(language.rootKey)) return language;
  return languages[0] as SiteLanguage;
}

/** One `hreflang` alternate of a page (HTML `<link>`, `Link` header, sitemap `xhtml:link`). */
export interface Alternate {
  /** BCP 47 tag, or `x-default` for the version shown to readers of no listed language. */
  readonly hreflang: string;
  /** Canonical URL path, percent-encoded. */
  readonly url: string;
}

/**
 * The `hreflang` alternates of a public page, as search engines ask for them
 * (developers.google.com/search/docs/specialty/international/localized-versions): every version,
 * the page itself included, then `x-default` for the default language's version when there is
 * one. Empty for a page without translation, and for an internal page, which has none listed.
 */
export function alternatesOf(
  site: { readonly translations: ReadonlyMap<string, readonly Translation[]>; readonly languages: readonly SiteLanguage[] },
  key: string,
): Alternate[] {
  const versions = site.translations.get(key);
  if (versions === undefined) return [];
  const alternates: Alternate[] = versions.map((version) => ({ hreflang: version.lang, url: version.url }));
  const main = versions.find((version) => version.lang === site.languages[0]?.lang);
  if (main !== undefined) alternates.push({ hreflang: 'x-default', url: main.url });
  return alternates;
}
