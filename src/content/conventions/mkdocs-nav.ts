/**
 * MkDocs' `nav` (mkdocs.org/user-guide/configuration/#nav), also sitegate.json's `nav` for plain
 * folders: a list whose entries are a page path (`- index.md`, titled by the page), a titled page
 * (`- Title: path.md`), a titled external link (skipped), or a section (`- Section: [ … ]`).
 */
import { Declaration, linkedFile } from './declare.js';

/**
 * Declares the pages of a `nav` list in order; `titled` says whether an entry's title is the page's
 * title (MkDocs: yes) or only its nav label.
 * @returns the entries that are none of the shapes above, as text, for `check`
 */
export function readNavList(nav: unknown, declaration: Declaration, titled: boolean): string[] {
  const unread: string[] = [];
  const entry = (item: unknown): void => {
    if (typeof item === 'string') {
      const file = linkedFile(item);
      if (file !== undefined) declaration.page(file);
      return;
    }
    if (typeof item === 'object' && item !== null && !Array.isArray(item) && Object.keys(item).length === 1) {
      const [name, value] = Object.entries(item)[0] as [string, unknown];
      if (typeof value === 'string') {
        const file = linkedFile(value);
        if (file !== undefined) declaration.page(file, titled ? { title: name, label: name } : { label: name });
        return;
      }
      if (Array.isArray(value)) {
        declaration.group(name, () => value.forEach(entry));
        return;
      }
    }
    unread.push(JSON.stringify(item));
  };
  if (Array.isArray(nav)) nav.forEach(entry);
  else if (nav !== undefined) unread.push(JSON.stringify(nav));
  return unread;
}
