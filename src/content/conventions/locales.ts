/**
 * The languages of a site: read from the generator's i18n config (Starlight and VitePress
 * `locales`), else recognised from folders named by a BCP 47 tag (RFC 5646: `de`, `pt-br`,
 * `zh-cn`) that hold translations of the default language's pages. Translations keep the default
 * language's relative paths (`guides/i18n.md` → `de/guides/i18n.md`), as every generator lays them out.
 */
import type { SourceFile } from '../load.js';
import type { LocaleFallback } from '../redirects.js';
import { folderKeyOf } from './urls.js';
import { objectOf, stringOf, Unread, type Literal } from './js-literal.js';
import type { Conventions, DeclaredFolder, DeclaredPage, Locale } from './types.js';

/** Language names by code, to tell a language subtag from a folder name that merely looks like one (`js`, `ui`). */
const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });

/**
 * The canonical form of a folder name that is a BCP 47 tag with a known two-letter language
 * subtag (`pt-br` → `pt-BR`, `zh-hans` → `zh-Hans`); `undefined` for other names. Three-letter
 * subtags are left out: `api`, `img` or `css` would pass for languages of ISO 639-3.
 */
export function languageTagOf(name: string): string | undefined {
  // `^[a-z]{2}(-[a-z0-9]{2,8})*$`, part by part: no nested quantifiers (issue 31).
  const [primary = '', ...subtags] = name.split('-');
  if (!/^[a-z]{2}$/i.test(primary) || !subtags.every((subtag) => /^[a-z0-9]{2,8}$/i.test(subtag))) return undefined;
  let tag: string | undefined;
  try {
    tag = Intl.getCanonicalLocales(name)[0];
  } catch {
    return undefined;
  }
  const language = tag?.split('-')[0] ?? '';
  try {
    return LANGUAGE_NAMES.of(language) === undefined ? undefined : tag;
  } catch {
    return undefined;
  }
}

/** The locale of a file (path relative to the content folder): the one whose folder holds it, else the default (the first). */
export function localeOfFile(relPath: string, locales: readonly Locale[]): Locale {
  for (const locale of locales) if (locale.dir !== '' && relPath.startsWith(`${locale.dir}/`)) return locale;
  return locales[0] as Locale;
}

/**
 * The top folders named by a language tag ({@link languageTagOf}) among `relPaths`, as spelled
 * there (`de`, `PT-br`): every folder {@link folderLocales} may recognise, and those it does not
 * (too few translations). The internal zone lies in each (content/access.ts `internalZoneOf`, through
 * `Conventions.languageFolders`), so a `de/internal/` page stays private even where `de/` is not
 * recognised as a language: when in doubt, private.
 * @param relPaths `/`-separated paths relative to the content folder (pages, assets)
 */
export function languageFolderCandidates(relPaths: Iterable<string>): string[] {
  const folders = new Set<string>();
  for (const relPath of relPaths) {
    const slash = relPath.indexOf('/');
    if (slash > 0) folders.add(relPath.slice(0, slash));
  }
  return [...folders].filter((folder) => languageTagOf(folder) !== undefined);
}

/**
 * What the conventions take from the listed pages' paths: the top folders named like a language
 * ({@link languageFolderCandidates}) and the locales they make ({@link folderLocales}), each found
 * once. Watch builds keep it while the pages' paths cannot have changed either (conventions-memo.ts).
 */
export class ListedLanguages {
  /** {@link languageFolderCandidates} of the pages. */
  readonly candidates: readonly string[];
  /** The locales after the default one, by the default one's folder (all they depend on). */
  private readonly others = new Map<string, Locale[]>();

  /** @param files the listed pages (a listing's, never changed after) */
  constructor(private readonly files: readonly SourceFile[]) {
    this.candidates = languageFolderCandidates(files.map((file) => file.relPath));
  }

  /** {@link folderLocales} of the pages for `defaultLocale`: a new array, the other locales shared with earlier calls. */
  folderLocales(defaultLocale: Locale): Locale[] {
    let others = this.others.get(defaultLocale.dir);
    if (others === undefined) this.others.set(defaultLocale.dir, (others = folderLocales(this.files, defaultLocale).slice(1)));
    return [defaultLocale, ...others];
  }
}

/** Share of a candidate folder's pages that must be translations of default-language pages. */
const TRANSLATED_SHARE = 0.5;

/**
 * Locales recognised from folders: top folders named by a BCP 47 tag ({@link languageTagOf}) in
 * which at least half the pages have a page of the same relative path outside every such folder
 * (the default language's tree). A folder `os/` of pages of its own stays a section of the site.
 * @param files the listed files (markdown pages among them)
 * @param defaultLocale the site's language, first of the result
 * @returns the default locale alone when no folder qualifies
 */
export function folderLocales(files: readonly SourceFile[], defaultLocale: Locale): Locale[] {
  const byFolder = new Map<string, string[]>();
  const others: string[] = [];
  /** Whether each top folder is named by a language tag, looked up once per folder. */
  const tagged = new Map<string, boolean>();
  const isTagged = (top: string): boolean => {
    let is = tagged.get(top);
    if (is === undefined) tagged.set(top, (is = languageTagOf(top) !== undefined));
    return is;
  };
  for (const { relPath } of files) {
    if (!/\.(md|mdx|mdoc|markdown)$/i.test(relPath)) continue;
    const slash = relPath.indexOf('/');
    const top = slash === -1 ? '' : relPath.slice(0, slash);
    if (top !== '' && top !== defaultLocale.dir && isTagged(top)) {
      const list = byFolder.get(top) ?? [];
      list.push(relPath.slice(slash + 1));
      byFolder.set(top, list);
    } else others.push(relPath);
  }
  const locales = [defaultLocale];
  // No language folder (most sites): no set of every other page to make (20-30 ms at 100,000 pages).
  if (byFolder.size === 0) return locales;
  const rest = new Set(others.map((relPath) => (defaultLocale.dir === '' ? relPath : relPath.slice(defaultLocale.dir.length + 1))));
  for (const [dir, paths] of [...byFolder].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const translated = paths.filter((relPath) => rest.has(relPath)).length;
    if (translated > 0 && translated >= paths.length * TRANSLATED_SHARE) locales.push({ lang: languageTagOf(dir) as string, dir });
  }
  return locales;
}

/** What a `locales` config object gave: the locales (default first), or why it could not be read. */
export type ConfigLocales = { locales: Locale[] } | { problem: string };

/**
 * The locales of a Starlight or VitePress `locales` object (starlight.astro.build/guides/i18n/,
 * vitepress.dev/guide/i18n): each key is a folder of the content (`root` for the root), each value
 * `{ label, lang, dir }`; `lang` defaults to the key. The default is `root`, else `defaultKey`
 * (Starlight `defaultLocale`), else the first entry.
 * @returns `undefined` when there is no `locales` object
 */
export function configLocales(value: Literal | undefined, defaultKey?: string): ConfigLocales | undefined {
  if (value === undefined) return undefined;
  if (value instanceof Unread)
    return { problem: `line ${value.line}: locales is not a literal (${value.code}); languages follow folder names` };
  const entries = objectOf(value);
  if (entries === undefined) return { problem: 'locales is not an object; languages follow folder names' };
  const locales: Locale[] = [];
  for (const [key, entry] of Object.entries(entries)) {
    const object = objectOf(entry);
    const lang = stringOf(object?.lang) ?? (key === 'root' ? undefined : key);
    if (lang === undefined || languageTagOf(lang) === undefined)
      return { problem: `locale "${key}" has no valid BCP 47 lang; languages follow folder names` };
    const direction = stringOf(object?.dir);
    const locale: Locale = { lang: languageTagOf(lang) as string, dir: key === 'root' ? '' : key, label: stringOf(object?.label) };
    if (direction === 'rtl' || direction === 'ltr') locale.direction = direction;
    locales.push(locale);
  }
  const root = locales.findIndex((locale) => locale.dir === '');
  const at =
    root !== -1
      ? root
      : Math.max(
          0,
          locales.findIndex((locale) => locale.dir === defaultKey),
        );
  const [first] = locales.splice(at, 1);
  return first === undefined ? { problem: 'locales is empty' } : { locales: [first, ...locales] };
}

/**
 * `conventions` with the default language's declared order applied to each locale folder: the
 * generators show every language in the sidebar order declared once (Starlight's `sidebar`, a
 * SUMMARY.md). Positions and weights only: a declared label is in the default language, and
 * translated labels are read by no reader yet, so the pages' own titles label them.
 */
export function withMirroredOrder(conventions: Conventions): Conventions {
  const [first, ...others] = conventions.locales;
  if (first === undefined || others.length === 0) return conventions;
  const strip = (relPath: string): string | undefined =>
    first.dir === '' ? relPath : relPath.startsWith(`${first.dir}/`) ? relPath.slice(first.dir.length + 1) : undefined;
  const pages = new Map<string, DeclaredPage>(conventions.pages);
  const folders = new Map<string, DeclaredFolder>(conventions.folders);
  for (const locale of others) {
    if (locale.dir === '') continue;
    for (const [relPath, declared] of conventions.pages) {
      const relative = strip(relPath);
      if (relative !== undefined && !pages.has(`${locale.dir}/${relative}`))
        pages.set(`${locale.dir}/${relative}`, { position: declared.position });
    }
    for (const [folder, declared] of conventions.folders) {
      const relative = strip(folder);
      if (relative !== undefined && relative !== '' && !folders.has(`${locale.dir}/${relative}`))
        folders.set(`${locale.dir}/${relative}`, { position: declared.position, weight: declared.weight });
    }
  }
  return { ...conventions, pages, folders };
}

/**
 * Where untranslated pages fall back to the default language's (content/redirects.ts
 * {@link LocaleFallback}), for the generators that document it: Starlight shows the default
 * language's page at every locale's URL it has not translated
 * (starlight.astro.build/guides/i18n/#fallback-content). VitePress answers 404 there (fallback is
 * an open request, github.com/vuejs/vitepress/issues/3275), Hugo publishes no page for a missing
 * translation (gohugo.io/content-management/multilingual/), and Docusaurus's translations live in
 * `i18n/`, outside the docs folder sitegate serves: none of them falls back.
 * @returns `undefined` for other generators and for a site in one language
 */
export function localeFallbackOf(conventions: Pick<Conventions, 'generator' | 'lowercasePaths' | 'locales'>): LocaleFallback | undefined {
  const [main, ...others] = conventions.locales;
  if (conventions.generator !== 'starlight' || main === undefined) return undefined;
  const localeRoots = others.filter((locale) => locale.dir !== '').map((locale) => folderKeyOf(locale.dir, conventions));
  return localeRoots.length === 0 ? undefined : { defaultRoot: folderKeyOf(main.dir, conventions), localeRoots };
}
