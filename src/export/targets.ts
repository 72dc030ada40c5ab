/**
 * The URLs an export asks the app for (docs/export.md "What is exported"): every public page and
 * folder listing with its markdown twin (each part of a page served in parts), the llms files,
 * sitemaps, robots.txt, feeds, the OpenAPI description, the public search index and sitegate's own
 * static files. Which of them the app answers, and so which are written, is the app's decision:
 * an internal page asked for here would get its 401 and be left out (content/access.ts).
 */
import type { Snapshot } from '../snapshot/snapshot.js';
import type { PageBodies } from '../snapshot/bodies.js';
import type { ExportKind } from './layout.js';

/** One URL to export: its path as the app serves it (no base path) and how its file is named. */
export interface ExportTarget {
  /** URL path as served, percent-encoded, without the base path: `/guides/`, `/guides/index.md`. */
  path: string;
  kind: ExportKind;
  /** For a page's HTML: the URL path of its markdown twin, which `Accept: text/markdown` on `path` gets. */
  markdownPath?: string;
  /** Whether the target may be missing (feeds of a site without dated pages): a 404 is then no problem. */
  optional?: boolean;
}

/**
 * The static discovery documents: the ones that do not describe a live server's endpoints. The
 * OAuth and MCP metadata and the api-catalog (RFC 9727), which names the health endpoint and
 * `/mcp`, are left out; the OpenAPI description is kept, as the brief of `export` asks, for the
 * operators who serve the API elsewhere.
 */
const DISCOVERY_PATHS: readonly ExportTarget[] = [
  { path: '/sitemap.xml', kind: 'file' },
  { path: '/robots.txt', kind: 'file' },
  { path: '/openapi.json', kind: 'file' },
  // Without `q`, searchSite answers the whole public index (api/operations.ts, SearchDocument[]).
  { path: '/api/search.json', kind: 'file' },
  { path: '/feed.xml', kind: 'file', optional: true },
  { path: '/rss.xml', kind: 'file', optional: true },
];

/** The HTML and markdown targets of a page or listing at `url`, each part of one served in parts included. */
function pageTargets(url: string, markdownUrl: string, bodies: PageBodies | undefined): ExportTarget[] {
  const parts = bodies?.parts ?? [{ url, markdownUrl }];
  return parts.flatMap((part) => [
    { path: part.url, kind: 'html', markdownPath: part.markdownUrl },
    { path: part.markdownUrl, kind: 'file' },
  ]);
}

/**
 * Every URL an export asks for, each once, pages first. Renders each public page (to learn whether
 * it is served in parts), as the app would on its first request; never an internal one.
 */
export function exportTargets(snapshot: Snapshot): ExportTarget[] {
  const { site } = snapshot;
  const targets: ExportTarget[] = [];
  for (const page of site.publicPages) targets.push(...pageTargets(page.url, page.markdownUrl, snapshot.pages.get(page.key)));
  for (const key of snapshot.listings.keys()) {
    const folder = site.folders.get(key);
    if (folder !== undefined) targets.push(...pageTargets(folder.url, `${folder.url}index.md`, snapshot.listings.get(key)));
  }
  for (const path of snapshot.discovery.llmsFiles.keys()) targets.push({ path, kind: 'file' });
  for (const path of snapshot.discovery.sitemapParts.keys()) targets.push({ path, kind: 'file' });
  targets.push(...DISCOVERY_PATHS);
  for (const path of snapshot.assets.keys()) targets.push({ path, kind: 'file' });
  const seen = new Set<string>();
  return targets.filter((target) => !seen.has(target.path) && seen.add(target.path));
}
