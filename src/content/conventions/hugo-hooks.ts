/**
 * Whether a Hugo site renders markdown links with its own link render hook
 * (gohugo.io/render-hooks/links/): a template Hugo looks up under the site's or a theme's
 * `layouts/` (gohugo.io/render-hooks/introduction/), or, when the templates are not in the folder
 * (a module, a copy without `layouts/`), the config table of the hook that Hugo's own
 * documentation publishes and others copy (`[params.render_hooks.link]`, its `errorLevel`).
 * sitegate cannot run Go templates: such a site's unresolved links are the hook's (content/links.ts).
 */
import { readdirSync } from 'node:fs';
import { noteFileRead } from '../read-observer.js';
import path from 'node:path';

type Data = Record<string, unknown>;

const objectOf = (value: unknown): Data | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : undefined;

/**
 * Whether a file name is a link render hook template: `render-link.html`, or one for an output
 * format or language (`render-link.en.html`): `render-link`, dot-led `[\w-]+` parts, `.html`. The
 * parts are split rather than matched by `(\.[\w-]+)*`: no nested quantifiers (issue 31).
 */
function isHookFile(name: string): boolean {
  const middle = /^render-link([\w.-]*)\.html$/.exec(name)?.[1];
  return (
    middle !== undefined &&
    (middle === '' ||
      (middle.startsWith('.') &&
        middle
          .slice(1)
          .split('.')
          .every((part) => part !== '')))
  );
}

/** The file names of a folder, none when it cannot be read; told to the read observer (read-observer.ts): a template added changes the hook. */
function namesIn(dir: string): string[] {
  noteFileRead(dir);
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** The `_markup` folders of a `layouts/` folder: its own, `_default/`'s and each type's (`layouts/docs/_markup`). */
function markupFolders(layouts: string): string[] {
  const types = namesIn(layouts).filter((name) => !name.includes('.') && name !== '_markup');
  return ['_markup', ...types.map((type) => `${type}/_markup`)];
}

/** What says a site has a custom link render hook: the template, or the config table that configures one. */
export interface RenderLinkHook {
  /** The template, or the config file, as `check` shows files (relative to the content folder: `../layouts/_markup/render-link.html`). */
  file: string;
  /** The config table that declares the hook when its template is not in the folder (`[params.render_hooks.link]`). */
  table?: string;
}

/**
 * What says the Hugo site in `siteDir` (the folder of its config file) has a custom link render
 * hook: a `render-link*.html` template under `layouts/_markup/`, `layouts/<type>/_markup/` (the
 * older `layouts/_default/_markup/` included), in the site or a theme of its `theme` setting; else
 * the config's `[params.render_hooks.link]` table; undefined when nothing does.
 * @param config the parsed site config (its `theme`, a name or a list, and `params`)
 * @param shown a path of the site as `check` shows files; `configFile` is the config's path
 */
export function renderLinkHookOf(
  siteDir: string,
  config: Data,
  configFile: string,
  shown: (file: string) => string,
): RenderLinkHook | undefined {
  const theme = config.theme;
  const themes = (Array.isArray(theme) ? theme : [theme]).filter((name): name is string => typeof name === 'string' && name !== '');
  for (const base of [siteDir, ...themes.map((name) => path.join(siteDir, 'themes', name))]) {
    const layouts = path.join(base, 'layouts');
    for (const folder of markupFolders(layouts)) {
      const hook = namesIn(path.join(layouts, folder)).find(isHookFile);
      if (hook !== undefined) return { file: shown(path.join(layouts, folder, hook)) };
    }
  }
  const renderHooks = objectOf(objectOf(config.params)?.render_hooks);
  return objectOf(renderHooks?.link) === undefined ? undefined : { file: shown(configFile), table: '[params.render_hooks.link]' };
}
