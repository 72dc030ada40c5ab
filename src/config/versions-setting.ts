/**
 * The `versions` setting (config/settings.ts): one folder per version of the docs, for every layout
 * other than Docusaurus' versioned docs, which sitegate reads from the site's own files
 * (content/conventions/docusaurus-versions.ts). VitePress, MkDocs with mike, Hugo and plain folders
 * keep one folder per version; each becomes a site of its own (content/versions.ts).
 */
import { BANNERS } from '../content/conventions/types.js';
import type { ValueProblem } from './checks.js';

/** The keys of one version. */
const VERSION_KEYS = ['name', 'dir', 'current', 'label', 'banner'] as const;

/**
 * JSON Schema of the setting's value. Unknown keys are refused by {@link explainVersions}, which
 * names them with their place in the list.
 */
export const VERSIONS_SCHEMA = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['name', 'dir'],
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
 * What is wrong with a `versions` value, at its place in the list: the shape the schema states
 * (a non-empty list of `{name, dir}` with optional `current`, `label`, `banner`, no other key), and
 * what it cannot say: exactly one version is current, names and folders are unique, and each `dir`
 * is a folder path inside the content folder (relative, `/`-separated, no `.` or `..` segment), so a
 * version never reads outside it.
 * @param value the value as given (any JSON value)
 * @returns the path below `versions` (`[1].dir`, `''` for the whole list) and the problem, or `undefined`
 */
export function explainVersions(value: unknown): ValueProblem | undefined {
  const got = (item: unknown): string => `, got ${(JSON.stringify(item) as string | undefined) ?? String(item)}`;
  if (!Array.isArray(value) || value.length === 0)
    return { path: '', problem: `must be a non-empty list of versions like {"name": "2.x", "dir": "v2"}${got(value)}` };
  const names = new Set<string>();
  const dirs = new Set<string>();
  let current = 0;
  for (const [i, item] of value.entries()) {
    const at = `[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item))
      return { path: at, problem: `must be an object with name and dir${got(item)}` };
    const version = item as Record<string, unknown>;
    const unknown = Object.keys(version).find((key) => key !== '$comment' && !(VERSION_KEYS as readonly string[]).includes(key));
    if (unknown !== undefined) return { path: at, problem: `unknown key "${unknown}" (known: ${VERSION_KEYS.join(', ')})` };
    const { name, dir, label, banner } = version;
    if (typeof name !== 'string' || name === '' || name.length > 100)
      return { path: `${at}.name`, problem: `must be text of 1 to 100 characters${got(name)}` };
    if (names.has(name)) return { path: `${at}.name`, problem: `must be unique: "${name}" is named twice` };
    names.add(name);
    const segments = typeof dir === 'string' ? dir.split('/') : [];
    if (typeof dir !== 'string' || dir.includes('\\') || segments.some((segment) => segment === '' || segment === '.' || segment === '..'))
      return {
        path: `${at}.dir`,
        problem: `must be a folder relative to the content folder, without a leading or trailing slash, "." or ".." (v2, versions/2.x)${got(dir)}`,
      };
    if (dirs.has(dir)) return { path: `${at}.dir`, problem: `must be unique: "${dir}" is given twice` };
    dirs.add(dir);
    if (version.current !== undefined && typeof version.current !== 'boolean')
      return { path: `${at}.current`, problem: `must be true or false${got(version.current)}` };
    if (version.current === true) current++;
    if (label !== undefined && (typeof label !== 'string' || label === ''))
      return { path: `${at}.label`, problem: `must be text${got(label)}` };
    if (banner !== undefined && !(BANNERS as readonly unknown[]).includes(banner))
      return { path: `${at}.banner`, problem: `must be one of ${BANNERS.join(', ')}${got(banner)}` };
  }
  if (current !== 1) return { path: '', problem: `must mark exactly one version "current": true (${current} do)` };
  return undefined;
}
