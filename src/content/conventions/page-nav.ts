/** A page's own navigation settings, read from its frontmatter by its generator's field names. */
import { scalarText } from '../page.js';
import type { DeclaredPage, Generator } from './types.js';

/** What a page's frontmatter says about its place in the navigation. Absent fields are left out. */
export interface PageNav {
  /** The label in the nav when it differs from the title. */
  label?: string;
  /** Lower first among siblings; pages without one follow those with one. */
  weight?: number;
  /** Published, but not listed in the nav (Starlight `sidebar.hidden`, Docusaurus `unlisted`). */
  hidden?: true;
  /** Position declared outside the page (content/conventions/types.ts `DeclaredPage`): first among siblings. */
  position?: number;
  /** The page it is nested under in a SUMMARY.md nav, by file path (`DeclaredPage.parent`). */
  parent?: string;
  /** Its SUMMARY.md part or group label (`DeclaredPage.group`). */
  group?: string;
}

/** Where each generator keeps a page's label, weight and hidden flag in frontmatter. */
interface NavFields {
  label: (data: Record<string, unknown>) => unknown;
  weight: (data: Record<string, unknown>) => unknown;
  hidden: (data: Record<string, unknown>) => unknown;
}

const sidebarOf = (data: Record<string, unknown>): Record<string, unknown> =>
  typeof data.sidebar === 'object' && data.sidebar !== null ? (data.sidebar as Record<string, unknown>) : {};
const none = (): undefined => undefined;

/**
 * The fields by generator: Docusaurus `sidebar_label`, `sidebar_position`, `unlisted`
 * (docusaurus.io/docs/create-doc#doc-front-matter); Hugo `linkTitle`, `weight` where 0 means unset
 * (gohugo.io/content-management/front-matter/#weight); Starlight `sidebar.label`, `sidebar.order`,
 * `sidebar.hidden` (starlight.astro.build/reference/frontmatter/#sidebar); plain folders `nav_label`,
 * `weight` (or just-the-docs' `nav_order`). mdBook, GitBook, MkDocs and VitePress declare the nav
 * outside the pages.
 */
const FIELDS: Partial<Record<Generator, NavFields>> = {
  docusaurus: { label: (d) => d.sidebar_label, weight: (d) => d.sidebar_position, hidden: (d) => d.unlisted },
  hugo: { label: (d) => d.linkTitle ?? d.linktitle, weight: (d) => (d.weight === 0 ? undefined : d.weight), hidden: none },
  starlight: { label: (d) => sidebarOf(d).label, weight: (d) => sidebarOf(d).order, hidden: (d) => sidebarOf(d).hidden },
  plain: { label: (d) => d.nav_label, weight: (d) => d.weight ?? d.nav_order, hidden: none },
};

/**
 * A page's nav settings: its declared place and label (`declared`, from the generator's nav
 * declaration), else its frontmatter's under `generator`'s field names.
 * @returns `undefined` when the page sets none (most pages: nothing is stored for them)
 */
export function pageNavOf(data: Record<string, unknown>, generator: Generator, declared?: DeclaredPage): PageNav | undefined {
  const fields = FIELDS[generator];
  if (fields === undefined && declared === undefined) return undefined;
  const nav: PageNav = {};
  if (declared !== undefined) nav.position = declared.position;
  if (declared?.parent !== undefined) nav.parent = declared.parent;
  if (declared?.group !== undefined) nav.group = declared.group;
  const label = declared?.label ?? scalarText(fields?.label(data));
  if (label !== undefined) nav.label = label;
  if (fields === undefined) return nav;
  const weight = Number(fields.weight(data));
  if (fields.weight(data) !== undefined && fields.weight(data) !== null && Number.isFinite(weight)) nav.weight = weight;
  if (fields.hidden(data) === true) nav.hidden = true;
  return Object.keys(nav).length === 0 ? undefined : nav;
}
