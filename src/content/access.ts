/**
 * The one definition of private content (DESIGN.md "Private content fails closed"). A page is
 * internal when its file lies in the internal zone (`internal.md`, `internal/…`, at the path it is
 * listed under or at its real path, symlinks resolved) or its frontmatter `access` is anything
 * other than an explicit `public`. Drafts are never served. Everything else reads these functions;
 * nothing else decides who may read a page.
 */
import { pagePathOf } from './paths.js';

/** The top folder (and root page) whose pages are internal, compared case-insensitively. */
export const INTERNAL_FOLDER = 'internal';

/**
 * Whether a decoded URL path lies in the internal zone: its first segment, in any case and without
 * a `.md` suffix or `;part=n` parameter, is `internal` (`/internal`, `/Internal.md`,
 * `/internal;part=2`, `/internal/a`). Every URL there answers 401 without a credential, page or
 * not, so none shows whether a page exists (DESIGN.md "Scopes on concrete endpoints").
 */
export function isInternalKey(key: string): boolean {
  // Every page request asks, so most answers come from one character: no first segment that lower-cases
  // to `internal` starts with anything but `i` or `I` (`İ` lower-cases to two code points, never equal).
  if ((key.charCodeAt(1) | 0x20) !== INTERNAL_FOLDER.charCodeAt(0)) return false;
  const top = (key.slice(1).split('/', 1)[0] as string).toLowerCase().replace(/;.*$/, '').replace(/\.md$/, '');
  return top === INTERNAL_FOLDER;
}

/**
 * Whether a content file lies in the internal zone: the page it would be served as has an internal
 * key (`internal.md` → `/internal`, `Internal/a.md` → `/Internal/a`). Applied to the path a file is
 * listed under and to its real path, so `docs/a → ../internal` cannot publish what it leads to.
 * @param relPath `/`-separated path relative to the content folder
 */
export function isInternalFile(relPath: string): boolean {
  return isInternalKey(pagePathOf(relPath).key);
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
