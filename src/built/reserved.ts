/**
 * The build's files that sitegate's own answers replace (issue 33): a built `sitemap.xml`,
 * `llms.txt`, `robots.txt`, `openapi.json`… sits at a path of the route table
 * (http/route-table.ts, from the rows of api/operations.ts and api/site-operations.ts), which
 * answers it before the page route ever looks at the build; and sitegate's static files of the
 * snapshot (its stylesheet and script under `/_sitegate/`, sitemap parts, section llms files).
 * The generator's other copies of what sitegate publishes (`sitemap.xml.gz`) are withheld with them.
 * Used to list them (`check --html`) and to leave them out of the leak scan; routing itself stays
 * the route table's.
 */
import { EXTRA_OPERATIONS, OPERATIONS } from '../api/operations.js';
import { PAGE_PATH_TEMPLATE, SITE_OPERATIONS } from '../api/site-operations.js';
import { wellKnownPaths } from '../discovery/well-known.js';
import { encodePath } from '../content/paths.js';
import type { Snapshot } from '../snapshot/snapshot.js';

/** Generator copies of sitegate's resources, by path, with the path of sitegate's that replaces each. */
const GENERATOR_COPIES: ReadonlyMap<string, string> = new Map([
  ['/sitemap.xml.gz', '/sitemap.xml'], // MkDocs writes it beside sitemap.xml (mkdocs.org/user-guide/configuration/#sitemap)
]);

/**
 * The paths of the route table's own routes: every operation row but the page route's template,
 * and the well-known documents at the locations of `baseUrl`.
 */
export function routePathsOf(baseUrl: string): ReadonlySet<string> {
  const paths = new Set<string>();
  for (const op of [...OPERATIONS, ...EXTRA_OPERATIONS, ...SITE_OPERATIONS]) if (op.path !== PAGE_PATH_TEMPLATE) paths.add(op.path);
  for (const list of Object.values(wellKnownPaths(baseUrl))) for (const one of list) paths.add(one);
  return paths;
}

/**
 * What replaces the built file at `key`, or undefined when the build's file is served.
 * @param key the file's URL path (`/sitemap.xml`)
 * @param routePaths {@link routePathsOf} the site's base URL
 * @returns the path of sitegate's resource that answers in its place
 */
export function replacementOf(key: string, routePaths: ReadonlySet<string>, snapshot: Snapshot): string | undefined {
  if (routePaths.has(key)) return key;
  const copy = GENERATOR_COPIES.get(key);
  if (copy !== undefined) return copy;
  const encoded = encodePath(key);
  const { discovery, assets } = snapshot;
  if (assets.has(encoded) || discovery.sitemapParts.has(encoded) || discovery.llmsFiles.has(encoded)) return key;
  return undefined;
}
