/**
 * Hugo's URL settings (gohugo.io/content-management/urls/, gohugo.io/configuration/ugly-urls/,
 * gohugo.io/configuration/permalinks/), read from the site config as plain data, and the
 * permalink patterns expanded for one page. content/conventions/urls.ts decides the page's key
 * with them.
 *
 * What sitegate serves: Hugo publishes `content/docs/basics.md` as `/docs/basics/index.html`
 * (a pretty URL), so the page's canonical URL is `/docs/basics/` and `/docs/basics` answers 308.
 * With `uglyURLs` Hugo publishes `/docs/basics.html`; sitegate serves that page at `/docs/basics`
 * and `/docs/basics.html` answers 308 to it (content/redirects.ts), since page URLs carry no
 * extension (DESIGN.md "Pages and paths").
 */

type Data = Record<string, unknown>;

/** The URL settings of a Hugo site config. */
export interface HugoUrlConfig {
  /**
   * `uglyURLs`: `true` for the whole site, or per top-level section (`{ books: true }`)
   * (gohugo.io/configuration/ugly-urls/).
   */
  uglyUrls?: boolean | Readonly<Record<string, boolean>>;
  /**
   * `permalinks.page` by top-level section (`{ posts: '/articles/:year/:slug/' }`); the older flat
   * form (`[permalinks] posts = …`) is read as `page` too (gohugo.io/configuration/permalinks/).
   */
  pagePermalinks?: Readonly<Record<string, string>>;
  /** `permalinks.section` by top-level section (`{ posts: '/articles/' }`). */
  sectionPermalinks?: Readonly<Record<string, string>>;
}

const objectOf = (value: unknown): Data | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : undefined;

/** The string values of a mapping, others left out. */
function stringsOf(data: Data | undefined): Record<string, string> | undefined {
  if (data === undefined) return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(data)) if (typeof value === 'string') out[key] = value;
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * The URL settings of a parsed Hugo config (`hugo.toml`, `.yaml`, `.json`); settings absent or of
 * another shape are left out (Hugo's defaults: pretty URLs, no permalink patterns).
 */
export function hugoUrlConfigOf(config: Data): HugoUrlConfig {
  const out: HugoUrlConfig = {};
  const ugly = config.uglyURLs ?? config.uglyurls;
  if (typeof ugly === 'boolean') out.uglyUrls = ugly;
  else if (objectOf(ugly) !== undefined) {
    const sections: Record<string, boolean> = {};
    for (const [key, value] of Object.entries(objectOf(ugly) ?? {})) if (typeof value === 'boolean') sections[key] = value;
    out.uglyUrls = sections;
  }
  const permalinks = objectOf(config.permalinks);
  if (permalinks !== undefined) {
    // The kinds form (`permalinks.page`) when any kind is given, else the flat form (section → pattern).
    const kinded = ['page', 'section', 'taxonomy', 'term'].some((kind) => objectOf(permalinks[kind]) !== undefined);
    const page = kinded ? stringsOf(objectOf(permalinks.page)) : stringsOf(permalinks);
    const section = kinded ? stringsOf(objectOf(permalinks.section)) : undefined;
    if (page !== undefined) out.pagePermalinks = page;
    if (section !== undefined) out.sectionPermalinks = section;
  }
  return out;
}

/** Whether pages of top-level section `section` get ugly URLs. */
export function isUgly(config: HugoUrlConfig | undefined, section: string): boolean {
  const ugly = config?.uglyUrls;
  return ugly === true || (typeof ugly === 'object' && ugly[section] === true);
}

/** What a permalink pattern's tokens read of a page. */
export interface PermalinkFacts {
  /** The page's sections, outermost first (`['docs', 'guides']`); empty at the root. */
  sections: readonly string[];
  /** The file name without extension, or a bundle's folder name (Hugo's content base name). */
  baseName: string;
  title: string | undefined;
  slug: string | undefined;
  /** Frontmatter `date`, when it is a valid date. */
  date: Date | undefined;
  /** Whether Hugo lowercases the path (`disablePathToLower` not set). */
  lowercase: boolean;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const two = (n: number): string => String(n).padStart(2, '0');

/**
 * A title as Hugo's `urlize` makes a path segment of it: trimmed, whitespace runs as `-`, characters
 * other than letters, digits, `-`, `_` and `.` dropped, lowercased unless `disablePathToLower`.
 */
export function urlize(text: string, lowercase: boolean): string {
  const cased = lowercase ? text.toLowerCase() : text;
  return cased
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^\p{L}\p{N}_.-]/gu, '');
}

/**
 * A permalink pattern with its tokens replaced (gohugo.io/configuration/permalinks/#tokens):
 * `:year`, `:month`, `:monthname`, `:day`, `:weekday`, `:weekdayname`, `:yearday`, `:section`,
 * `:sections`, `:title`, `:slug` (the slug, else the title), `:filename`, `:contentbasename`,
 * `:slugorfilename`, `:slugorcontentbasename`. A date token of an undated page is empty; an
 * unknown token is left as written. The result is a URL path as written (`/articles/2024/x/`).
 */
export function expandPermalink(pattern: string, facts: PermalinkFacts): string {
  const { date, lowercase } = facts;
  const title = urlize(facts.title ?? facts.baseName, lowercase);
  const slug = facts.slug === undefined ? undefined : urlize(facts.slug, lowercase);
  const tokens: Record<string, () => string> = {
    year: () => (date === undefined ? '' : String(date.getUTCFullYear())),
    month: () => (date === undefined ? '' : two(date.getUTCMonth() + 1)),
    monthname: () => (date === undefined ? '' : (MONTHS[date.getUTCMonth()] ?? '')),
    day: () => (date === undefined ? '' : two(date.getUTCDate())),
    weekday: () => (date === undefined ? '' : String(date.getUTCDay())),
    weekdayname: () => (date === undefined ? '' : (WEEKDAYS[date.getUTCDay()] ?? '')),
    yearday: () =>
      date === undefined ? '' : String(Math.floor((date.getTime() - Date.UTC(date.getUTCFullYear(), 0, 1)) / 86_400_000) + 1),
    section: () => facts.sections[0] ?? '',
    sections: () => facts.sections.join('/'),
    title: () => title,
    slug: () => slug ?? title,
    filename: () => facts.baseName,
    contentbasename: () => facts.baseName,
    slugorfilename: () => slug ?? facts.baseName,
    slugorcontentbasename: () => slug ?? facts.baseName,
  };
  // A token's name runs to its last letter, so `:slugorfilename` is never read as `:slug`.
  return pattern.replace(/:([a-z]+)/g, (whole, name: string) => tokens[name]?.() ?? whole);
}

/** Frontmatter `date` as a Date, or undefined when absent or not a date. */
export function dateOf(value: unknown): Date | undefined {
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
  return date === undefined || Number.isNaN(date.getTime()) ? undefined : date;
}
