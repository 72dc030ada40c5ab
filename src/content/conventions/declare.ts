/**
 * Collects what a generator's nav declaration says, in the order it says it: every page gets the
 * next position, so siblings sort as declared whatever the depth; groups (a SUMMARY part, a
 * `nav:` section, a sidebar category) name the folder that holds all of their pages.
 */
import type { DeclaredFolder, DeclaredPage } from './types.js';

/** The folder path of a file, without slashes: `a/b/c.md` → `a/b`, `c.md` → `''`. */
export function folderOfFile(relPath: string): string {
  const slash = relPath.lastIndexOf('/');
  return slash === -1 ? '' : relPath.slice(0, slash);
}

/** The deepest folder holding every one of `folders` (`''` is the root). */
function commonFolder(folders: readonly string[]): string {
  let common = folders[0] ?? '';
  for (const folder of folders) {
    while (common !== '' && folder !== common && !folder.startsWith(`${common}/`)) common = folderOfFile(common);
  }
  return common;
}

/** `declared` without its undefined fields, so that merging it keeps what others declared. */
function defined(declared: DeclaredFolder): DeclaredFolder {
  return Object.fromEntries(Object.entries(declared).filter(([, value]) => value !== undefined));
}

/** Builds the declared pages and folders of one declaration. */
export class Declaration {
  readonly pages = new Map<string, DeclaredPage>();
  readonly folders = new Map<string, DeclaredFolder>();
  private next = 0;
  /** Files added since each open group began, innermost last. */
  private readonly open: string[][] = [];
  /** The position at which each open group began. */
  private readonly starts: number[] = [];
  /** Folder → the groups that claim it, with their nesting depth; the outermost claim wins if it is alone. */
  private readonly claims = new Map<string, { label: string; position: number; depth: number }[]>();

  /**
   * @param roots the folders the declaration's paths start from (`''`, the content folder; Docusaurus'
   *   docs folder when sitegate is given the site folder, and each version's folder): pages directly
   *   in one never make a group's folder
   */
  constructor(private readonly roots: readonly string[] = ['']) {}

  /** Declares a page at the next position; a page declared twice keeps its first place. */
  page(
    relPath: string,
    fields: { label?: string | undefined; title?: string | undefined; parent?: string | undefined; group?: string | undefined } = {},
  ): void {
    for (const files of this.open) files.push(relPath);
    if (this.pages.has(relPath)) return;
    const declared: DeclaredPage = { position: this.next++, label: fields.label, title: fields.title };
    if (fields.parent !== undefined && fields.parent !== relPath) declared.parent = fields.parent;
    if (fields.group !== undefined) declared.group = fields.group;
    this.pages.set(relPath, declared);
  }

  /**
   * Declares a group: `body` declares its members. The folder that holds all of them (pages at the
   * root aside: a FAQ group may list `faq.md` with `faq/*.md`), when it is not the root, takes the
   * group's label and position, unless another group as shallow holds exactly it too.
   */
  group(label: string | undefined, body: () => void): void {
    this.openGroup();
    body();
    this.closeGroup(label);
  }

  /** Opens a group whose members follow, as {@link group} with a body; {@link closeGroup} ends it. */
  openGroup(): void {
    this.open.push([]);
    this.starts.push(this.next);
  }

  /** Ends the innermost open group, labelled `label`. */
  closeGroup(label: string | undefined): void {
    const depth = this.open.length - 1;
    const files = this.open.pop() ?? [];
    const position = this.starts.pop() ?? 0;
    const folders = files.map(folderOfFile).filter((folder) => folder !== '' && !this.roots.includes(folder));
    if (label === undefined || folders.length === 0) return;
    const folder = commonFolder(folders);
    if (folder === '' || this.roots.includes(folder)) return;
    const list = this.claims.get(folder) ?? [];
    list.push({ label, position, depth });
    this.claims.set(folder, list);
  }

  /** Declares a folder's label or place directly (a category file, a section page). */
  folder(path: string, declared: DeclaredFolder): void {
    this.folders.set(path, { ...this.folders.get(path), ...defined(declared) });
  }

  /** Declares a folder at the next position (a sidebar group listing a whole directory). */
  folderHere(path: string, label: string | undefined): void {
    this.folder(path, { label, position: this.next++ });
  }

  /** The folders named by one outermost group, merged under those declared directly. */
  finishFolders(): Map<string, DeclaredFolder> {
    for (const [folder, list] of this.claims) {
      const depth = Math.min(...list.map((claim) => claim.depth));
      const outermost = list.filter((claim) => claim.depth === depth);
      const only = outermost[0];
      if (outermost.length === 1 && only !== undefined)
        this.folders.set(folder, { label: only.label, position: only.position, ...defined(this.folders.get(folder) ?? {}) });
    }
    return this.folders;
  }
}

/**
 * A file path from a link in a nav declaration, relative to the content folder: percent-decoded,
 * `./` and `#anchor` dropped, `..` resolved. `undefined` for external links and paths that leave the folder.
 * @param base the folder the link is relative to (`''` for the content folder)
 */
export function linkedFile(href: string, base = ''): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith('//')) return undefined;
  let path = href.replace(/[#?][\s\S]*/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded: read as written.
  }
  const parts = (path.startsWith('/') ? path.slice(1) : base === '' ? path : `${base}/${path}`).split('/');
  const out: string[] = [];
  for (const part of parts) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (out.pop() === undefined) return undefined;
    } else out.push(part);
  }
  return out.length === 0 ? undefined : out.join('/');
}
