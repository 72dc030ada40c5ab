/**
 * VitePress (vitepress.dev/reference/default-theme-sidebar): `.vitepress/config.*` gives the site
 * `title` and `description`, and `themeConfig.sidebar` the nav: an array, or an object of arrays by
 * path prefix, of `{ text, link, items, base }` entries; `themeConfig.nav` links name the folders
 * they lead to. `locales` (vitepress.dev/guide/i18n) name the language folders, `root` being the
 * top one, and `lang` the site's language. Links are site paths, `.md`/`.html` optional, `/x/` being `x/index.md`. The config
 * is parsed, never run: what is computed is reported and left to file order. The config is found
 * in every place VitePress looks (vitepress-config.ts); `markdown.attrs` delimiters are read into
 * the conventions; `rewrites` (vitepress.dev/guide/routing#route-rewrites) too, sidebar links naming
 * pages by their rewritten paths (vitepress-rewrites.ts: a function-valued `rewrites` is reported
 * for `check`, pages keeping their file URLs); `srcDir` (vitepress.dev/reference/site-config#srcdir)
 * that names another folder than the content folder is reported.
 */
import { Declaration, linkedFile } from './declare.js';
import { conventionsOf, readTextFile, unreadable, type ReaderContext } from './context.js';
import { objectOf, parseJsModule, stringOf, Unread, type Literal } from './js-literal.js';
import { configLocales, languageTagOf } from './locales.js';
import { configImportReader, markdownAttrsOf, type MarkdownAttrs } from './vitepress-config.js';
import { isPagePath, rewriteRulesOf, rewrittenPath, type RewriteRule } from './vitepress-rewrites.js';
import path from 'node:path';
import type { Conventions, DeclaredSite, Locale } from './types.js';

/** The conventions of a VitePress site. */
export function readVitePress(context: ReaderContext): Conventions {
  const declaration = new Declaration();
  const site: DeclaredSite = {};
  const listed = new Set(context.files.map((file) => file.relPath));
  let locales: Locale[] | undefined;
  let markdownAttrs: MarkdownAttrs | undefined;
  let rewrites: RewriteRule[] | undefined;
  const configFile = context.configFile;
  if (configFile !== undefined) {
    const report = (message: string): void => unreadable(context, configFile, message);
    let config: Record<string, Literal> | undefined;
    try {
      config = objectOf(parseJsModule(readTextFile(configFile) ?? '', configImportReader(configFile, readTextFile)).exported);
    } catch (error) {
      report(`cannot parse: ${(error as Error).message.split('\n')[0]}; the nav follows file order`);
    }
    for (const key of ['title', 'description'] as const) {
      const value = config?.[key];
      if (value instanceof Unread) report(`line ${value.line}: ${key} is computed (${value.code}); not used`);
      else site[key] = stringOf(value);
    }
    rewrites = rewritesOf(config?.rewrites, report);
    // Sidebar links are site paths: they name pages by the paths they are published at.
    const fileAt = publishedFiles(context.files, rewrites, report);
    const fileOf = (link: string): string | undefined => {
      const path = linkedFile(link)?.replace(/\.(md|html)$/i, '');
      const published =
        path === undefined || link.replace(/[#?][\s\S]*/, '').endsWith('/')
          ? path === undefined
            ? 'index.md'
            : `${path}/index.md`
          : fileAt.has(`${path}.md`)
            ? `${path}.md`
            : `${path}/index.md`;
      return fileAt.get(published) ?? published;
    };
    const item = (value: Literal, base: string): void => {
      if (value instanceof Unread) return report(`line ${value.line}: sidebar entry is not a literal: ${value.code}`);
      const object = objectOf(value);
      if (object === undefined) return;
      const itemBase = stringOf(object.base) ?? base;
      const link = stringOf(object.link);
      const full = link === undefined || itemBase === '' ? link : `${itemBase.replace(/\/?$/, '/')}${link.replace(/^\//, '')}`;
      const file = full === undefined ? undefined : fileOf(full);
      if (file !== undefined && listed.has(file)) declaration.page(file, { label: stringOf(object.text) });
      if (Array.isArray(object.items)) {
        const members = object.items;
        declaration.group(stringOf(object.text), () => members.forEach((member) => item(member, itemBase)));
      }
    };
    markdownAttrs = markdownAttrsOf(config);
    sourceSettings(config, configFile, context.contentDir, report);
    const declared = configLocales(config?.locales);
    if (declared !== undefined && 'problem' in declared) report(declared.problem);
    else if (declared !== undefined) locales = declared.locales;
    else if (stringOf(config?.lang) !== undefined && languageTagOf(stringOf(config?.lang) as string) !== undefined)
      locales = [{ lang: languageTagOf(stringOf(config?.lang) as string) as string, dir: '' }];
    const themeConfig = objectOf(config?.themeConfig);
    const editPattern = stringOf(objectOf(themeConfig?.editLink)?.pattern);
    if (editPattern !== undefined && /^https?:\/\//i.test(editPattern)) site.editUrl = editPattern;
    // Each locale may give its own sidebar (vitepress.dev/guide/i18n: `locales.<name>.themeConfig`), the root's often the only one.
    const localeThemes = Object.values(objectOf(config?.locales) ?? {}).map((locale) => objectOf(objectOf(locale)?.themeConfig));
    const lists = [themeConfig, ...localeThemes].flatMap((theme) => {
      const sidebar = theme?.sidebar;
      return sidebar === undefined ? [] : Array.isArray(sidebar) ? [sidebar] : Object.values(objectOf(sidebar) ?? {});
    });
    for (const list of lists) {
      const entries = Array.isArray(list) ? list : objectOf(list)?.items;
      if (Array.isArray(entries)) entries.forEach((entry) => item(entry, stringOf(objectOf(list)?.base) ?? ''));
      else report('a sidebar is not a literal list; its pages follow file order');
    }
    for (const entry of [themeConfig, ...localeThemes].flatMap((theme) => (Array.isArray(theme?.nav) ? theme.nav : []))) {
      const nav = objectOf(entry);
      const link = stringOf(nav?.link);
      const text = stringOf(nav?.text);
      if (link?.endsWith('/') === true && link !== '/' && text !== undefined)
        declaration.folder(link.replace(/^\/|\/$/g, ''), { label: text });
    }
  }
  const conventions = conventionsOf('vitepress', context, declaration, { site, fallbackOrder: 'path', locales });
  return { ...conventions, ...(markdownAttrs === undefined ? {} : { markdownAttrs }), ...(rewrites === undefined ? {} : { rewrites }) };
}

/**
 * The rules of the config's `rewrites` (vitepress.dev/reference/site-config#rewrites): an object of
 * source → destination patterns (vitepress-rewrites.ts); `undefined` when there are none to follow.
 * A function (`rewrites(id) { … }`) or any other computed value is code sitegate does not run: it is
 * reported, and pages keep the URLs of their files.
 */
function rewritesOf(value: Literal | undefined, report: (message: string) => void): RewriteRule[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (value instanceof Unread) {
    report(`line ${value.line}: rewrites is code (${value.code}), which is never run: pages keep the URL of their file`);
    return undefined;
  }
  const object = objectOf(value);
  if (object === undefined) {
    report('rewrites is not an object of paths: pages keep the URL of their file');
    return undefined;
  }
  const read = rewriteRulesOf(Object.entries(object).map(([from, to]) => [from, stringOf(to)]));
  read.problems.forEach(report);
  return read.rules.length === 0 ? undefined : read.rules;
}

/**
 * The listed files by the path each is published at (its own, or where `rewrites` move it); a
 * rewritten path that cannot be a page's (no `.md`, an empty or `..` segment) is reported, its file
 * staying where it is, as content/conventions/urls.ts `publishedPathOf` leaves it.
 */
function publishedFiles(
  files: readonly { relPath: string }[],
  rules: readonly RewriteRule[] | undefined,
  report: (message: string) => void,
): Map<string, string> {
  const byPath = new Map<string, string>();
  for (const { relPath } of files) {
    const rewritten = rules === undefined ? undefined : rewrittenPath(relPath, rules);
    const moves = rewritten !== undefined && isPagePath(rewritten);
    if (rewritten !== undefined && !moves) report(`rewrites: ${relPath} would move to ${rewritten}, not a page path; it stays`);
    const published = moves ? rewritten : relPath;
    // A page moved to a path takes it from a file that lies there; otherwise the first file keeps it.
    const taken = byPath.get(published);
    if (taken === undefined || (published !== relPath && taken === published)) byPath.set(published, relPath);
  }
  return byPath;
}

/**
 * Reports the source setting sitegate does not follow: a `srcDir` other than the content folder
 * (relative to the project root, the folder holding `.vitepress/`).
 */
function sourceSettings(
  config: Record<string, Literal> | undefined,
  configFile: string,
  contentDir: string,
  report: (message: string) => void,
): void {
  const dotVitepress =
    path.basename(path.dirname(configFile)) === 'config' ? path.dirname(path.dirname(configFile)) : path.dirname(configFile);
  const root = path.dirname(dotVitepress);
  const srcDir = stringOf(config?.srcDir);
  if (srcDir !== undefined && path.resolve(root, srcDir) !== path.resolve(contentDir))
    report(`srcDir is ${srcDir}: the pages are in ${path.resolve(root, srcDir)}; serve that folder`);
}
