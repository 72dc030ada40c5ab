/**
 * The docs version a search asks for (content/versions.ts): searchSite's `version` parameter and
 * the MCP search tool's `version` argument read it the same way, so both scope alike.
 */
import { ApiError } from '../errors.js';
import type { SiteVersion } from '../content/versions.js';

/**
 * The version to search: `undefined` for the current one (not named, or named), else the name of
 * an old one (search-index.ts `SearchOptions.version`).
 * @throws {ApiError} `invalid_query` for a name the site has no version of, naming the ones it has
 */
export function searchVersion(versions: readonly SiteVersion[], name: string | undefined): string | undefined {
  if (name === undefined) return undefined;
  const version = versions.find((one) => one.name === name);
  if (version === undefined) {
    const known =
      versions.length === 0 ? 'this site has no docs versions' : `this site's versions are ${versions.map((one) => one.name).join(', ')}`;
    throw new ApiError('invalid_query', { message: `Unknown version ${JSON.stringify(name)}: ${known}.` });
  }
  return version.current ? undefined : version.name;
}
