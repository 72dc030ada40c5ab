/**
 * MkDocs (mkdocs.org/user-guide/configuration/): `mkdocs.yml` `site_name`, `site_description` and
 * `nav`, whose titles are the pages' titles (mkdocs.org/user-guide/writing-your-docs/#meta-data);
 * without `nav`, pages sort alphabetically with `index.md` first. Every markdown file is published.
 * Tags such as `!ENV` and `!!python/name:` are read as plain values, never run.
 */
import { parseYaml } from '../yaml.js';
import { Declaration } from './declare.js';
import { readNavList } from './mkdocs-nav.js';
import { conventionsOf, readTextFile, unreadable, type ReaderContext } from './context.js';
import type { Conventions } from './types.js';
import { mkdocsEditPattern } from '../edit-url.js';

/** The conventions of an MkDocs site. */
export function readMkDocs(context: ReaderContext): Conventions {
  const declaration = new Declaration();
  let config: Record<string, unknown> = {};
  if (context.configFile !== undefined) {
    try {
      const parsed: unknown = parseYaml(readTextFile(context.configFile) ?? '', { logLevel: 'silent', uniqueKeys: false });
      if (typeof parsed === 'object' && parsed !== null) config = parsed as Record<string, unknown>;
    } catch (error) {
      unreadable(context, context.configFile, `cannot read mkdocs.yml: ${(error as Error).message.split('\n')[0]}`);
    }
    for (const entry of readNavList(config.nav, declaration, true))
      unreadable(context, context.configFile, `nav entry is no page, link or section: ${entry.slice(0, 80)}`);
  }
  const editUrl = mkdocsEditPattern(config.repo_url, config.edit_uri);
  const site = {
    title: typeof config.site_name === 'string' ? config.site_name : undefined,
    description: typeof config.site_description === 'string' ? config.site_description.trim() : undefined,
    ...(editUrl === undefined ? {} : { editUrl }),
  };
  return conventionsOf('mkdocs', context, declaration, { site, fallbackOrder: 'path' });
}
