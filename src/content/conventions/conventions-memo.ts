/**
 * What the conventions of the last build took from the listing, kept across the builds of `serve
 * --watch` (issue 34), where finding it again goes over every listed path:
 *
 * - for every folder, the top folders named like a language that hold pages and the locales they
 *   make (locales.ts `ListedLanguages`: some 30-40 ms at 100,000 pages). They hold for a listing
 *   patched from the last (content/listing-patch.ts) when no reported path lies in a folder named
 *   like a language (locales.ts `languageTagOf`) and, once pages lie in such folders, every reported
 *   page was listed before and still is (an edit: a page added or removed changes the count of
 *   translations);
 * - for a plain folder (no generator: `plainConventions`), the conventions themselves and its assets
 *   judged by their zone. They depend on nothing but those languages, the settings that shape
 *   conventions (`conventions`, `nav`, `redirects`, `versions`) and what detect.ts finds of the
 *   generators' config files (looked for again at every build: a few stats), so they hold with the
 *   languages under the same settings and findings. A generator's conventions are read again at
 *   every build: they read config files, sidebars and frontmatter.
 *
 * Anything else takes the full read (index.ts `siteFilesOf`): the memo only answers when it is sure.
 */
import { isDeepStrictEqual } from 'node:util';
import type { AssetFile } from '../assets.js';
import type { ContentListing } from '../listing.js';
import { indexOfPage } from '../listing-patch.js';
import type { Detected } from './detect.js';
import { languageTagOf, ListedLanguages } from './locales.js';
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

/** How a build's listing was made, for {@link ConventionsMemo.languagesOf}. */
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
  /** The listing they were read from, and what its pages' paths show. */
  readonly listing: ContentListing;
  readonly languages: ListedLanguages;
  readonly conventions: Conventions;
  /** The listing's assets, and the same judged by the conventions' zone (assets.ts `withInternalZone`). */
  readonly assets: readonly AssetFile[];
  readonly zonedAssets: readonly AssetFile[];
}

/** The last build's conventions (see the file comment). */
export class ConventionsMemo {
  private kept: KeptConventions | undefined;

  /**
   * What the pages of `origin.listing` show of languages: the last build's when their paths cannot
   * have changed it (see the file comment), else found anew.
   */
  languagesOf(origin: ListingOrigin): ListedLanguages {
    const kept = this.kept;
    const { base, changes, listing } = origin;
    if (kept === undefined || base === undefined || changes === undefined || base !== kept.listing)
      return new ListedLanguages(listing.files);
    const folders = kept.languages.candidates.length > 0;
    for (const rel of changes) {
      const slash = rel.indexOf('/');
      // A file in a folder named like a language may make it a candidate (or no longer one); with
      // such folders, a page added or removed may change how many translations one holds.
      if (
        (slash > 0 && languageTagOf(rel.slice(0, slash)) !== undefined) ||
        (folders && indexOfPage(kept.listing.files, rel).found !== indexOfPage(listing.files, rel).found)
      )
        return new ListedLanguages(listing.files);
    }
    return kept.languages;
  }

  /**
   * The last build's conventions and assets when they hold for a build that found `languages`
   * ({@link ConventionsMemo.languagesOf}) under `key`: only a plain folder's (see the file comment).
   */
  reusable(key: ConventionsKey, languages: ListedLanguages): KeptConventions | undefined {
    const kept = this.kept;
    if (kept === undefined || languages !== kept.languages || key.detected?.generator !== 'plain') return undefined;
    return sameKey(kept.key, key) ? kept : undefined;
  }

  /** Keeps a build's conventions and languages for the next. */
  keep(kept: KeptConventions): void {
    this.kept = kept;
  }

  /** Forgets what was kept. */
  clear(): void {
    this.kept = undefined;
  }
}

function sameKey(a: ConventionsKey, b: ConventionsKey): boolean {
  return a.contentRoot === b.contentRoot && isDeepStrictEqual(a.detected, b.detected) && isDeepStrictEqual(a.settings, b.settings);
}
