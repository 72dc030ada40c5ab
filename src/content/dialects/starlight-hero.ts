/**
 * Starlight's `hero` frontmatter (starlight.astro.build/reference/frontmatter/#hero): a page (most
 * often a `template: splash` home page) shows a hero above its content, with a `title` (the page
 * title when not given), a `tagline` and `actions`, each a link (`text`, `link`; `icon`, `variant`
 * and `attrs` only style it). The text a reader sees there is page text: agents get it as the
 * body's first blocks, the hero title bold (the page title stays the page's H1), the tagline a
 * paragraph, the actions a list of links. The image is decoration and left out.
 */
import { frontmatterBlock, splitFrontmatter } from '../frontmatter.js';

/** A frontmatter value as text, when it is a string not all white space; trimmed. */
export const textOf = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** A frontmatter value as a mapping, when it is one. */
export const mappingOf = (value: unknown): Record<string, unknown> | undefined =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** A link destination as markdown writes it: in `<…>` when it holds a space or a parenthesis. */
export const destination = (link: string): string => (/[\s()<>]/.test(link) ? `<${link.replace(/[<>]/g, '')}>` : link);

/** Link text as markdown writes it: brackets escaped, white space one space. */
export const linkText = (text: string): string => text.replace(/\s+/g, ' ').replace(/[[\]]/g, '\\$&');

/**
 * A hero's `actions` (Starlight's and VitePress's alike: each `text` and `link`, the rest styling)
 * as a list of links; undefined when none has both.
 */
export function actionLinks(actions: unknown): string | undefined {
  const links = (Array.isArray(actions) ? actions : []).flatMap((action: unknown) => {
    const fields = mappingOf(action);
    const label = textOf(fields?.text);
    const href = textOf(fields?.link);
    return label === undefined || href === undefined ? [] : [`- [${linkText(label)}](${destination(href)})`];
  });
  return links.length === 0 ? undefined : links.join('\n');
}

/**
 * `source` with `lead` (markdown blocks, ending in a blank line) as its body's first blocks, after
 * the frontmatter and the blank lines that follow it.
 */
export function withBodyStart(source: string, lead: string): string {
  const frontmatter = frontmatterBlock(source);
  const body = source.slice(frontmatter.length);
  const rest = body.replace(/^\n+/, '');
  return `${frontmatter}${body.slice(0, body.length - rest.length)}${lead}${rest}`;
}

/**
 * The markdown of a page's hero, to put before its body; '' when the frontmatter has none.
 * @param data the page's parsed frontmatter
 * @example starlightHero({ title: 'Home', hero: { tagline: 'Fast.', actions: [{ text: 'Start', link: '/start/' }] } }) // 'Fast.\n\n- [Start](/start/)\n\n'
 */
export function starlightHero(data: Readonly<Record<string, unknown>>): string {
  const fields = mappingOf(data.hero);
  if (fields === undefined) return '';
  const title = textOf(fields.title);
  const blocks: string[] = [];
  if (title !== undefined && title !== textOf(data.title)) blocks.push(`**${title.replace(/\s+/g, ' ')}**`);
  const tagline = textOf(fields.tagline);
  if (tagline !== undefined) blocks.push(tagline);
  const links = actionLinks(fields.actions);
  if (links !== undefined) blocks.push(links);
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n\n`;
}

/**
 * A Starlight page's source with its hero (see {@link starlightHero}) as the body's first blocks,
 * after the frontmatter; the very source when its frontmatter has no `hero`.
 */
export function withStarlightHero(source: string): string {
  const frontmatter = frontmatterBlock(source);
  if (!/^hero:/m.test(frontmatter)) return source;
  const hero = starlightHero(splitFrontmatter(source).data);
  return hero === '' ? source : withBodyStart(source, hero);
}
