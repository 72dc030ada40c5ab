/**
 * The one definition of private content (DESIGN.md "Private content fails closed"). A page is
 * internal when its file or URL lies in the internal zone (`internal.md`, `internal/…` at the root
 * or in a language folder, at the path it is listed under or at its real path, symlinks resolved;
 * {@link InternalZone}) or its frontmatter `access` is anything
 * other than an explicit `public`. Drafts are never served. Everything else reads these functions;
 * nothing else decides who may read a page.
 */
import { pagePathOf } from './paths.js';

/** The folder (and page) whose pages are internal, at the root or in a language folder, compared case-insensitively. */
export const INTERNAL_FOLDER = 'internal';

/** `i`: every internal zone segment starts with it, whatever its case (`I` | 0x20). */
const INTERNAL_FIRST = INTERNAL_FOLDER.charCodeAt(0);

/**
 * Whether the URL path segment of `lower` (a lower-cased key) starting at `start` is the zone's
 * folder or page: `internal`, without a `.md` suffix or `;part=n` parameter (`internal`,
 * `internal.md`, `internal;part=2`, `internal.md/x`).
 */
function isZoneSegment(lower: string, start: number): boolean {
  if (lower.charCodeAt(start) !== INTERNAL_FIRST) return false;
  const slash = lower.indexOf('/', start);
  const segment = lower.slice(start, slash === -1 ? undefined : slash);
  const name = segment.split(';', 1)[0] as string;
  return (name.endsWith('.md') ? name.slice(0, -3) : name) === INTERNAL_FOLDER;
}

/**
 * The internal zone of one site (DESIGN.md "Private content fails closed"): `internal.md` and
 * `internal/…`, in any case, directly under the root or directly under any language folder of
 * the site: its locales' folders (Starlight/VitePress `locales`, folder languages of any
 * generator; content/conventions/locales.ts), the default language's included (Starlight
 * `defaultLocale: 'en'` with its pages under `en/`), Hugo's `languages.<lang>.contentDir`, and every
 * top folder named by a language tag, recognised as a locale or not (`Conventions.languageFolders`).
 * Built once per site from plain data, the language folders ({@link internalZoneOf}); every reader
 * of a key or a file asks it, so no locale fallback, redirect, alternate link, listing or search
 * ever decides on its own.
 */
export class InternalZone {
  /** Lower-cased language folders, each with its trailing slash (`de/`, `pt-br/`). */
  private readonly prefixes: readonly string[];
  /** `c | 0x20` of the first character of each language folder and of `internal`: the cheap early exit. */
  private readonly firstChars: ReadonlySet<number>;

  /**
   * @param languageDirs folders relative to the content folder, `/`-separated, that hold one
   *   language's pages (`de`, `pt-BR`); `''` (the root) and repeats are ignored, case is not kept
   */
  constructor(languageDirs: readonly string[]) {
    const prefixes = new Set<string>();
    for (const dir of languageDirs) {
      const trimmed = dir
        .split('/')
        .filter((segment) => segment !== '')
        .join('/')
        .toLowerCase();
      if (trimmed !== '') prefixes.add(`${trimmed}/`);
    }
    this.prefixes = [...prefixes];
    this.firstChars = new Set([INTERNAL_FIRST, ...this.prefixes.map((prefix) => prefix.charCodeAt(0) | 0x20)]);
  }

  /** The language folders it was built from, lower-cased, without slashes, in no particular order. */
  get languageDirs(): readonly string[] {
    return this.prefixes.map((prefix) => prefix.slice(0, -1));
  }

  /**
   * Whether a decoded URL path lies in the zone: its first segment, or its second after a language
   * folder, is `internal` in any case, without a `.md` suffix or `;part=n` parameter
   * (`/internal`, `/Internal.md`, `/internal;part=2`, `/de/internal/a`, `/DE/Internal.md`). Every
   * URL there answers 401 without a credential, page or not, so none shows whether a page exists
   * (DESIGN.md "Scopes on concrete endpoints").
   */
  isInternalKey(key: string): boolean {
    // Every page request asks, so most answers come from one character: a key in the zone starts
    // with `i`/`I` or with a language folder's first letter. Characters outside ASCII go on to the
    // full check, as `K` (U+212A, Kelvin) lower-cases to `k`; `İ` lower-cases to two code points and
    // so never spells `internal`.
    const first = key.charCodeAt(1);
    if (first < 0x80 && !this.firstChars.has(first | 0x20)) return false;
    const lower = key.toLowerCase();
    if (isZoneSegment(lower, 1)) return true;
    for (const prefix of this.prefixes) if (lower.startsWith(prefix, 1) && isZoneSegment(lower, 1 + prefix.length)) return true;
    return false;
  }

  /**
   * Whether a content file lies in the zone: the page it would be served as has a key in it
   * (`internal.md` → `/internal`, `de/Internal/a.md` → `/de/Internal/a`). Applied to the path a file
   * is listed under and to its real path, so `docs/a → ../internal` cannot publish what it leads to.
   * @param relPath `/`-separated path relative to the content folder
   */
  isInternalFile(relPath: string): boolean {
    return this.isInternalKey(pagePathOf(relPath).key);
  }
}

/** Zones already built, by the conventions they were built from: one per site build, not one per page. */
const zonesBySite = new WeakMap<object, InternalZone>();

/**
 * The internal zone of a site, by its conventions' languages (content/conventions/types.ts
 * `Conventions`): every locale's folder, and the folders that hold or may hold a language's pages
 * without being a locale (`languageFolders`: Hugo's `contentDir`s, top folders named by a language
 * tag). Built once per conventions object and kept while it lives.
 */
export function internalZoneOf(site: {
  readonly locales: readonly { readonly dir: string }[];
  readonly languageFolders?: readonly string[] | undefined;
}): InternalZone {
  let zone = zonesBySite.get(site);
  if (zone === undefined) {
    zone = new InternalZone([...site.locales.map((locale) => locale.dir), ...(site.languageFolders ?? [])]);
    zonesBySite.set(site, zone);
  }
  return zone;
}

/** {@link InternalZone.isInternalKey} of `zone`: the site's, built by {@link internalZoneOf}. */
export function isInternalKey(key: string, zone: InternalZone): boolean {
  return zone.isInternalKey(key);
}

/** {@link InternalZone.isInternalFile} of `zone`: the site's, built by {@link internalZoneOf}. */
export function isInternalFile(relPath: string, zone: InternalZone): boolean {
  return zone.isInternalFile(relPath);
}

/**
 * The values of a frontmatter field, whatever the case of its key (`Access:`, `ACCESS:`): YAML keys
 * are case-sensitive, but an author who writes `Access: internal` means it, so every spelling counts.
 */
export function fieldValues(data: Record<string, unknown>, name: string): unknown[] {
  const values: unknown[] = [];
  for (const [key, value] of Object.entries(data)) if (key.trim().toLowerCase() === name) values.push(value);
  return values;
}

/**
 * Who may read a page by its frontmatter: `public` when no `access` field is given or every one
 * is an explicit `public` (a string, or a non-empty list of them; trimmed, any case), else
 * `internal` — `access: Internal`, `access: [internal]`, `access: private`, an empty `access:`.
 */
export function accessOf(data: Record<string, unknown>): 'public' | 'internal' {
  const isPublic = (value: unknown): boolean => typeof value === 'string' && value.trim().toLowerCase() === 'public';
  for (const value of fieldValues(data, 'access')) {
    const explicit = Array.isArray(value) ? value.length > 0 && value.every(isPublic) : isPublic(value);
    if (!explicit) return 'internal';
  }
  return 'public';
}

/** YAML 1.1 booleans (yaml.org/type/bool.html), as Hugo and Jekyll read `draft: yes`. */
const YAML11_TRUE = /^(y|yes|true|on)$/i;
const YAML11_FALSE = /^(n|no|false|off)$/i;

/** Whether a page is left unpublished, and why a value could not be read (it is then unpublished). */
export interface Unpublished {
  unpublished: boolean;
  /** Set when a `draft` or `published` value is no boolean: the page is held back, and `check` says why. */
  invalid?: string;
}

/**
 * Whether frontmatter keeps a page unpublished: `draft` true (YAML 1.1 booleans too: `yes`, `on`,
 * `True`) or Jekyll's `published: false`. A value that is no boolean fails closed: the page is
 * held back and the reason returned.
 */
export function unpublishedBy(data: Record<string, unknown>): Unpublished {
  const read = (value: unknown): boolean | undefined => {
    if (typeof value === 'boolean') return value;
    if (value === null) return false;
    if (typeof value === 'number') return value === 0 ? false : value === 1 ? true : undefined;
    if (typeof value !== 'string') return undefined;
    const text = value.trim();
    if (text === '') return false;
    return YAML11_TRUE.test(text) ? true : YAML11_FALSE.test(text) ? false : undefined;
  };
  for (const [field, unpublishedWhen] of [
    ['draft', true],
    ['published', false],
  ] as const) {
    for (const value of fieldValues(data, field)) {
      const flag = read(value);
      if (flag === undefined) return { unpublished: true, invalid: `frontmatter ${field}: ${JSON.stringify(value)} is not a boolean` };
      if (flag === unpublishedWhen) return { unpublished: true };
    }
  }
  return { unpublished: false };
}

/**
 * Whether raw frontmatter text names a field that decides publication (`access`, `draft`,
 * `published`): when such text does not parse, the page is held back rather than published.
 */
export function mentionsAccess(frontmatterText: string): boolean {
  return /\b(access|draft|published)\b/i.test(frontmatterText);
}
