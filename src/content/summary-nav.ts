/**
 * The nav of a book whose SUMMARY.md declares it (mdBook: rust-lang.github.io/mdBook/format/summary.html;
 * GitBook: gitbook.com/docs/getting-started/git-sync/content-configuration#summary): the pages nest
 * as SUMMARY's lists nest, whatever folders their files are in. A chapter with nested chapters is
 * a nav folder whose own page is the chapter; the pages after a part title (mdBook `# Part`) or a
 * group heading (GitBook `## Group`) are a nav folder labelled by it. Prefix and suffix chapters,
 * and pages SUMMARY does not place, stay at the top. These nav folders exist in the nav alone:
 * they are not URL folders (no listing page, no breadcrumb), so {@link summaryNavItems} returns
 * them as items and never as keys of the site's folders.
 */
import type { Folder } from './folders.js';
import type { Page } from './page.js';

/** SUMMARY order: declared position, then URL. */
function byPosition(a: Page, b: Page): number {
  const order = (a.nav?.position ?? Infinity) - (b.nav?.position ?? Infinity);
  return order !== 0 && !Number.isNaN(order) ? order : a.url < b.url ? -1 : a.url > b.url ? 1 : 0;
}

/** A nav folder of `items`: the pages among them, the folders among them, all of them. */
function navFolder(
  fields: { key: string; url: string; title: string; label: string; index: Page | undefined },
  items: (Page | Folder)[],
): Folder {
  return {
    ...fields,
    pages: items.filter((item): item is Page => !('items' in item)),
    folders: items.filter((item): item is Folder => 'items' in item),
    items,
  };
}

/**
 * The top items of the nav of `pages` (one language's public pages) as SUMMARY.md nests them.
 * A nav folder's key says when the sidebar shows it open (layout/nav-tree.ts opens the folders on
 * the current page's way): a chapter that is a folder's index page (GitBook's `README.md`) has that
 * folder's key, so it opens on its pages; a part, a group and any other chapter have `rootKey`,
 * always open, as mdBook shows every chapter (its `[output.html.fold]` is off by default:
 * rust-lang.github.io/mdBook/format/configuration/renderers.html) and GitBook every group.
 * @param rootKey the key of the tree's root folder (`/`, `/de/`)
 */
export function summaryNavItems(pages: readonly Page[], rootKey: string): (Page | Folder)[] {
  const byFile = new Map(pages.map((page) => [page.file, page]));
  const children = new Map<string, Page[]>();
  const top: Page[] = [];
  for (const page of pages) {
    if (page.nav?.hidden === true) continue;
    const parent = page.nav?.parent;
    // A parent that is not a public page of this tree (internal, another language) leaves the page at the top.
    if (parent !== undefined && parent !== page.file && byFile.has(parent)) {
      const list = children.get(parent) ?? [];
      list.push(page);
      children.set(parent, list);
    } else top.push(page);
  }
  const seen = new Set<Page>();
  const itemOf = (page: Page): Page | Folder => {
    seen.add(page);
    // A parent cycle cannot come from nested lists; a page seen before ends it all the same.
    const nested = (children.get(page.file) ?? []).filter((child) => !seen.has(child)).sort(byPosition);
    if (nested.length === 0) return page;
    const label = page.nav?.label ?? page.title;
    const key = page.key.endsWith('/') ? page.key : rootKey;
    return navFolder({ key, url: page.url, title: page.title, label, index: page }, nested.map(itemOf));
  };
  // Consecutive top pages of one group make its folder.
  const runs: { label: string | undefined; url: string; items: (Page | Folder)[] }[] = [];
  for (const page of top.sort(byPosition)) {
    const label = page.nav?.group;
    const last = runs.at(-1);
    if (label !== undefined && last?.label === label) last.items.push(itemOf(page));
    else runs.push({ label, url: page.url, items: [itemOf(page)] });
  }
  return runs.flatMap(({ label, url, items }) =>
    label === undefined ? items : [navFolder({ key: rootKey, url, title: label, label, index: undefined }, items)],
  );
}
