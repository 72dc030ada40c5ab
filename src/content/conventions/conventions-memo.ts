/**
 * The conventions of a plain folder (no generator: `plainConventions`) and its assets judged by
 * their zone, kept across the builds of `serve --watch` (issue 34): reading them again goes over
 * every listed path (the language-folder candidates, the folder locales: some 30-40 ms at 100,000
 * pages), yet for a plain folder they depend on nothing but
 *
 * - the settings that shape conventions (`conventions`, `nav`, `redirects`, `versions`) and what
 *   detect.ts finds of the generators' config files (looked for again at every build: a few stats);
 * - the top folders named like a language (locales.ts `languageTagOf`) that hold listed files, and,
 *   once some listed path lies in such a folder or a version's, which pages are listed.
 *
 * So they hold for a listing patched from the one they were read from (content/listing-patch.ts)
 * when no reported path lies in a folder named like a language and, once the site has language or
 * version folders, every reported page was listed before and still is (an edit). Anything else,
 * a generator's conventions above all (they read config files, sidebars and frontmatter), takes
 * the full read (index.ts `siteFilesOf`): the memo only answers when it is sure.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AssetFile } from '../assets.js';
import type { ContentListing } from '../listing.js';
import { indexOfPage } from '../listing-patch.js';
import type { Detected } from './detect.js';
import { languageTagOf } from './locales.js';
import type { Conventions } from './types.js';

/** What the conventions of a folder were read from, besides its listed paths. */
export interface ConventionsKey {
  /** The content folder's real path. */
  readonly contentRoot: string;
  /** detect.ts `detectGenerator` at the build; `undefined` when the named generator's files are missing. */
  readonly detected: Detected | undefined;
  /** The settings that shape conventions (index.ts `ConventionsOptions`), compared value for value. */
  readonly settings: unknown;
}

/** How a build's listing was made, for {@link ConventionsMemo.reusable}. */
export interface ListingOrigin {
  /** The listing itself. */
  readonly listing: ContentListing;
  /** The listing it was patched from; `undefined` when the folder was walked. */
  readonly base: ContentListing | undefined;
  /** The paths reported since `base` was made (relative, `/`-separated), every change being among them. */
  readonly changes: ReadonlySet<string> | undefined;
}

/** The conventions and zoned assets of one build, and what they were read from. */
export interface KeptConventions {
  readonly key: ConventionsKey;
  /** The listing they were read from. */
  readonly listing: ContentListing;
  readonly conventions: Conventions;
  /** The listing's assets, and the same judged by the conventions' zone (assets.ts `withInternalZone`). */
  readonly assets: readonly AssetFile[];
  readonly zonedAssets: readonly AssetFile[];
}

/** The last build's conventions of a plain folder (see the file comment). */
export class ConventionsMemo {
  private kept: KeptConventions | undefined;

  /**
   * The last build's conventions and assets when they hold for `origin` (see the file comment),
   * else `undefined`.
   */
  reusable(key: ConventionsKey, origin: ListingOrigin): KeptConventions | undefined {
    const kept = this.kept;
    const { base, changes } = origin;
    if (kept === undefined || base === undefined || changes === undefined || base !== kept.listing) return undefined;
    if (key.detected?.generator !== 'plain' || !sameKey(kept.key, key)) return undefined;
    const { conventions } = kept;
    const folders = (conventions.languageFolders?.length ?? 0) > 0 || conventions.locales.length > 1;
    for (const rel of changes) {
      const slash = rel.indexOf('/');
      if (slash > 0 && languageTagOf(rel.slice(0, slash)) !== undefined) return undefined;
      // Pages of language (or version) folders count translations: a page added or removed may change the locales.
      if (folders && indexOfPage(kept.listing.files, rel).found !== indexOfPage(origin.listing.files, rel).found) return undefined;
    }
    return kept;
  }

  /** Keeps a build's conventions for the next (only a plain folder's: see the file comment). */
  keep(kept: KeptConventions): void {
    this.kept = kept.key.detected?.generator === 'plain' ? kept : undefined;
  }

  /** Forgets what was kept. */
  clear(): void {
    this.kept = undefined;
  }
}

function sameKey(a: ConventionsKey, b: ConventionsKey): boolean {
  return a.contentRoot === b.contentRoot && isDeepStrictEqual(a.detected, b.detected) && isDeepStrictEqual(a.settings, b.settings);
}
