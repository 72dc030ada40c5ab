/**
 * The `versions` setting (config/settings.ts): one folder per version of the docs, for every layout
 * other than Docusaurus' versioned docs, which sitegate reads from the site's own files
 * (content/conventions/docusaurus-versions.ts). VitePress, MkDocs with mike, Hugo and plain folders
 * keep one folder per version; each becomes a site of its own (content/versions.ts).
 */
import { BANNERS } from '../content/conventions/types.js';
import type { VersionSetting } from '../content/conventions/index.js';
import type { ValueProblem } from './checks.js';

/** JSON Schema of the setting's value. */
export const VERSIONS_SCHEMA = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['name', 'dir'],
    additionalProperties: false,
    properties: {
      name: { type: 'string', minLength: 1, maxLength: 100 },
      dir: { type: 'string', minLength: 1 },
      current: { type: 'boolean' },
      label: { type: 'string', minLength: 1 },
      banner: { type: 'string', enum: [...BANNERS] },
    },
  },
} as const;

/**
 * What the schema cannot say of a `versions` value: exactly one version is current, names and
 * folders are unique, and each `dir` is a folder path inside the content folder (relative, `/`-
 * separated, no `.` or `..` segment), so a version never reads outside it.
 * @returns the first problem, with where it is (`versions[1].dir`), or `undefined`
 */
export function explainVersions(value: readonly VersionSetting[]): ValueProblem | undefined {
  const current = value.filter((version) => version.current === true).length;
  if (current !== 1) return { path: 'versions', problem: `must mark exactly one version "current": true (${current} do)` };
  const names = new Set<string>();
  const dirs = new Set<string>();
  for (const [i, version] of value.entries()) {
    if (names.has(version.name)) return { path: `versions[${i}].name`, problem: `must be unique: "${version.name}" is named twice` };
    names.add(version.name);
    const segments = version.dir.split('/');
    if (version.dir.startsWith('/') || version.dir.includes('\\') || segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
      return {
        path: `versions[${i}].dir`,
        problem: 'must be a folder relative to the content folder, without a leading or trailing slash, "." or ".." (v2, versions/2.x)',
      };
    if (dirs.has(version.dir)) return { path: `versions[${i}].dir`, problem: `must be unique: "${version.dir}" is given twice` };
    dirs.add(version.dir);
  }
  return undefined;
}
