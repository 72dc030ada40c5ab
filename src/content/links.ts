/**
 * Resolution of relative links between markdown files (DESIGN.md: relative links between `.md`
 * files are rewritten to page URLs; links that would leave the content root are not followed).
 */
import path from 'node:path';

/** What a link in a page points at. */
export type LinkTarget =
  | { kind: 'external' }
  | { kind: 'fragment' }
  | { kind: 'absolute' }
  | { kind: 'page'; url: string }
  | { kind: 'escapes' }
  | { kind: 'broken' };

/**
 * Looks a file up by its `/`-separated path relative to the content folder and returns its page's
 * canonical URL, or `undefined` when no served page comes from that file.
 */
export type PageUrlLookup = (relPath: string) => string | undefined;

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const INDEX_FILES = ['README.md', 'readme.md', 'index.md', 'index.mdx', 'README.mdx'];

/**
 * Resolves `href` as written in the file `fromRelPath`. Folder links (`../install/`,
 * `../install`) resolve to the folder's `README.md` or `index.md`; extensionless names try `.md`.
 * A query or fragment is kept. Never reads the file system.
 * @returns `page` with the target's URL plus the original `?query#fragment`, or why it did not resolve
 */
export function resolveLink(fromRelPath: string, href: string, lookup: PageUrlLookup): LinkTarget {
  if (SCHEME.test(href) || href.startsWith('//')) return { kind: 'external' };
  if (href === '' || href.startsWith('#') || href.startsWith('?')) return { kind: 'fragment' };
  if (href.startsWith('/')) return { kind: 'absolute' };

  const cut = href.search(/[?#]/);
  const rawPath = cut === -1 ? href : href.slice(0, cut);
  const suffix = cut === -1 ? '' : href.slice(cut);
  let linkPath: string;
  try {
    linkPath = decodeURIComponent(rawPath);
  } catch {
    linkPath = rawPath;
  }
  const joined = path.posix.normalize(path.posix.join(path.posix.dirname(fromRelPath), linkPath));
  if (joined === '..' || joined.startsWith('../') || path.posix.isAbsolute(joined)) return { kind: 'escapes' };

  const dir = joined === '.' || joined === './' ? '' : joined.replace(/\/$/, '');
  const inDir = (name: string): string => (dir === '' ? name : `${dir}/${name}`);
  const candidates = /\.mdx?$/i.test(joined)
    ? [joined]
    : joined.endsWith('/') || dir === ''
      ? INDEX_FILES.map(inDir)
      : [joined, `${joined}.md`, `${joined}.mdx`, ...INDEX_FILES.map(inDir)];
  for (const candidate of candidates) {
    const url = lookup(candidate);
    if (url !== undefined) return { kind: 'page', url: url + suffix };
  }
  return { kind: 'broken' };
}

/** A percent-decoded URL fragment (without `#`), or the fragment as written when it does not decode. */
export function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
