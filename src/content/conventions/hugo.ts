/**
 * Hugo (gohugo.io/content-management/): the site `title` and `params.description` from the config
 * file; sections are folders with an `_index.md`, labelled by its `linkTitle`/`title` and placed by
 * its `weight`; pages sort by `weight` (0 = unset), then title (gohugo.io/methods/pages/bydefault/).
 * Not published: `headless: true` bundles, pages whose `build.render` is `never`, set on the page
 * or cascaded from a section (gohugo.io/content-management/build-options/), and the other markdown
 * files of a leaf bundle, which are its resources (gohugo.io/content-management/page-bundles/).
 * The site parameters the `param` shortcode falls back to: hugo-params.ts.
 */
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { parseYaml } from '../yaml.js';
import { accessOf, InternalZone } from '../access.js';
import { scalarText } from '../page.js';
import { Declaration, folderOfFile } from './declare.js';
import { conventionsOf, frontmatters, readTextFile, shownPath, unreadable, type ReaderContext } from './context.js';
import { languageTagOf } from './locales.js';
import { hugoUrlConfigOf, type HugoUrlConfig } from './hugo-urls.js';
import { renderLinkHookOf, type RenderLinkHook } from './hugo-hooks.js';
import { hugoParamsOf } from './hugo-params.js';
import type { Conventions, DeclaredSite, Locale } from './types.js';

type Data = Record<string, unknown>;

const objectOf = (value: unknown): Data | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : undefined;

/** `build.render` of a frontmatter mapping (or of a cascade entry): `never`, `always`, `link`… */
function renderOf(data: Data | undefined): string | undefined {
  const render = objectOf(data?.build)?.render;
  return typeof render === 'string' ? render.toLowerCase() : render === false ? 'never' : undefined;
}

/** The `build.render` a section's `cascade` (a mapping or a list of them) hands down. */
function cascadedRender(data: Data): string | undefined {
  const cascade = data.cascade;
  const entries = Array.isArray(cascade) ? cascade.map(objectOf) : [objectOf(cascade)];
  for (const entry of entries) {
    const render = renderOf(entry);
    if (render !== undefined) return render;
  }
  return undefined;
}

/** The conventions of a Hugo site. */
export function readHugo(context: ReaderContext): Conventions {
  const declaration = new Declaration();
  const site: DeclaredSite = {};
  let lowercasePaths = true;
  let locales: Locale[] | undefined;
  let renderLinkHook: RenderLinkHook | undefined;
  let hugoUrls: HugoUrlConfig | undefined;
  let languageFolders: string[] = [];
  let config: Data | undefined;
  if (context.configFile !== undefined) {
    const text = readTextFile(context.configFile) ?? '';
    try {
      config = (
        context.configFile.endsWith('.toml') ? parseToml(text) : context.configFile.endsWith('.json') ? JSON.parse(text) : parseYaml(text)
      ) as Data;
      site.title = scalarText(config.title);
      site.description = scalarText(objectOf(config.params)?.description);
      lowercasePaths = config.disablePathToLower !== true;
      hugoUrls = hugoUrlConfigOf(config);
      // gohugo.io/configuration/all/#defaultcontentlanguage: the language of a site without `languages`.
      const lang = languageTagOf(scalarText(config.defaultContentLanguage) ?? scalarText(config.languageCode) ?? '');
      if (lang !== undefined) locales = [{ lang, dir: '' }];
      languageFolders = contentDirsOf(config, path.dirname(context.configFile), context.contentDir);
      renderLinkHook = renderLinkHookOf(path.dirname(context.configFile), config, context.configFile, (file) => shownPath(context, file));
    } catch (error) {
      unreadable(context, context.configFile, `cannot read: ${(error as Error).message.split('\n')[0]}`);
    }
  }
  // For the `param` shortcode: the config file's `params` with `config/_default/` and `config/production/` over them.
  const projectDir = path.dirname(context.configFile ?? context.contentDir);
  const hugoParams = hugoParamsOf(objectOf(config), projectDir, (file, message) => unreadable(context, file, message));
  // The zone of the languages' folders too: a section label is shown only when the public may read it.
  const zone = languageFolders.length === 0 ? context.zone : new InternalZone([...context.zone.languageDirs, ...languageFolders]);
  // Only section pages, bundle pages and pages that set build options matter here.
  const all = frontmatters(context, (relPath, block) => /(^|\/)_?index\.md$/.test(relPath) || /\b(build|headless)\b/.test(block));
  const cascades = new Map<string, string>();
  const headless: string[] = [];
  const leafBundles: string[] = [];
  for (const [relPath, data] of all) {
    const name = relPath.split('/').pop() as string;
    const folder = folderOfFile(relPath);
    if (name === '_index.md') {
      const render = cascadedRender(data);
      if (render !== undefined) cascades.set(folder, render);
      // A section page names its folder only when the public may read it (content/access.ts).
      if (folder !== '' && accessOf(data) === 'public' && !zone.isInternalFile(relPath))
        declaration.folder(folder, {
          label: scalarText(data.linkTitle) ?? scalarText(data.title),
          weight: Number(data.weight) || undefined,
        });
    } else if (name === 'index.md' && folder !== '') {
      leafBundles.push(folder);
      if (data.headless === true) headless.push(folder);
    }
  }
  const unpublished = new Map<string, string>();
  for (const { relPath } of context.files) {
    const data = all.get(relPath);
    const folder = folderOfFile(relPath);
    const inside = (bundle: string): boolean => folder === bundle || folder.startsWith(`${bundle}/`);
    if (headless.some(inside)) unpublished.set(relPath, 'in a headless bundle, which Hugo never renders');
    else if (leafBundles.some((bundle) => inside(bundle) && relPath !== `${bundle}/index.md`))
      unpublished.set(relPath, 'a markdown resource of a leaf bundle, not a page');
    else if ((renderOf(data) ?? inheritedRender(cascades, folder)) === 'never')
      unpublished.set(relPath, 'build.render is never: Hugo does not render it');
  }
  return {
    ...conventionsOf('hugo', context, declaration, { site, unpublished, fallbackOrder: 'hugo', locales }),
    lowercasePaths,
    hugoUrls,
    renderLinkHook,
    languageFolders,
    ...(Object.keys(hugoParams).length === 0 ? {} : { hugoParams }),
  };
}

/**
 * The folders of the content folder that Hugo's `languages.<lang>.contentDir` names
 * (gohugo.io/content-management/multilingual/#translation-by-content-directory), relative to the
 * content folder, `/`-separated; a `contentDir` outside it, or the content folder itself, is none.
 * @param projectDir the folder of the config file, which `contentDir` is relative to
 */
function contentDirsOf(config: Data, projectDir: string, contentDir: string): string[] {
  const folders: string[] = [];
  for (const language of Object.values(objectOf(config.languages) ?? {})) {
    const dir = scalarText(objectOf(language)?.contentDir);
    if (dir === undefined) continue;
    const relative = path.relative(contentDir, path.resolve(projectDir, dir)).split(path.sep).join('/');
    if (relative !== '' && !relative.startsWith('../') && relative !== '..' && !path.isAbsolute(relative)) folders.push(relative);
  }
  return folders;
}

/** The `build.render` cascaded to a folder by its nearest section that sets one. */
function inheritedRender(cascades: ReadonlyMap<string, string>, folder: string): string | undefined {
  for (let at = folder; ; at = folderOfFile(at)) {
    const render = cascades.get(at);
    if (render !== undefined || at === '') return render;
  }
}

/** Hugo's config file names, in the order Hugo looks for them (gohugo.io/getting-started/configuration/). */
export const HUGO_CONFIG_FILES = ['hugo.toml', 'hugo.yaml', 'hugo.json', 'config.toml', 'config.yaml', 'config.json'];
