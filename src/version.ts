/**
 * The package's version, kept in one place: `version` of the package.json installed beside the
 * code (one level above `src/` under tsx and `dist/` when built, as npm installs both). It is the
 * release version (semver, CHANGELOG.md), reported by `sitegate --version`, MCP `serverInfo`,
 * `/api/v1/health` and the developer portal. It is not the API's version: that is `info.version`
 * of the OpenAPI description (`API_VERSION` in discovery/openapi.ts), which changes only when the
 * HTTP API does.
 */
import { createRequire } from 'node:module';

/**
 * Reads `version` from a package.json's parsed text.
 * @throws {Error} when the manifest has no string `version` (a broken install)
 */
export function versionOf(manifest: unknown): string {
  const version = (manifest as { version?: unknown } | null)?.version;
  if (typeof version !== 'string' || version === '') throw new Error('package.json has no "version"');
  return version;
}

/** The installed sitegate's version, e.g. `0.1.0` (package.json `version`). */
export const PACKAGE_VERSION: string = versionOf(createRequire(import.meta.url)('../package.json'));
