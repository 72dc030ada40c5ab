/**
 * VitePress's home page layout (vitepress.dev/reference/default-theme-home-page): a page with
 * `layout: home` shows a hero and a grid of features from its frontmatter, above its markdown. The
 * text a reader sees there is page text: agents get it as the body's first blocks, in the order the
 * default theme shows it.
 *
 * - `hero` (§ Hero Section): `name` and `text` (the hero's heading; the name is left out when it is
 *   the page title, which stays the page's H1), `tagline` a paragraph, `actions` a list of links
 *   (`text`, `link`; `theme`, `target`, `rel` only style them). The `image` is decoration.
 * - `features` (§ Features Section): each feature an item of a list of its own, its `title` bold and its `details`
 *   after it, its `link` on the title or on `linkText` when given; an `icon` that is an emoji or text
 *   before the title, one that is an image (`src`) or markup left out.
 */
import { frontmatterBlock, splitFrontmatter } from '../frontmatter.js';
import { actionLinks, destination, linkText, mappingOf, textOf, withBodyStart } from './starlight-hero.js';

/** The hero's blocks (see the file comment). */
function heroBlocks(hero: Record<string, unknown>, pageTitle: string | undefined): string[] {
  const blocks: string[] = [];
  const name = textOf(hero.name);
  const heading = [name === pageTitle ? undefined : name, textOf(hero.text)].filter((part) => part !== undefined);
  if (heading.length > 0) blocks.push(`**${heading.join(' ').replace(/\s+/g, ' ')}**`);
  const tagline = textOf(hero.tagline);
  if (tagline !== undefined) blocks.push(tagline);
  const links = actionLinks(hero.actions);
  if (links !== undefined) blocks.push(links);
  return blocks;
}

/** One feature as a list item (see the file comment); undefined without a title. */
function featureItem(value: unknown): string | undefined {
  const feature = mappingOf(value);
  const title = textOf(feature?.title);
  if (feature === undefined || title === undefined) return undefined;
  const icon = textOf(feature.icon);
  const label = `**${(icon !== undefined && !icon.includes('<') ? `${icon} ${title}` : title).replace(/\s+/g, ' ')}**`;
  const href = textOf(feature.link);
  const more = textOf(feature.linkText);
  const head = href !== undefined && more === undefined ? `[${label}](${destination(href)})` : label;
  const details = textOf(feature.details)?.replace(/\s+/g, ' ');
  const tail = href !== undefined && more !== undefined ? ` [${linkText(more)}](${destination(href)})` : '';
  // `*`, not the actions' `-`: a list of its own (CommonMark §5.3, a new bullet character starts a new list).
  return `* ${head}${details === undefined ? '' : `: ${details}`}${tail}`;
}

/**
 * The markdown of a home page's hero and features, to put before its body; '' when the page is no
 * home page (`layout: home`) or sets neither.
 * @param data the page's parsed frontmatter
 * @example vitepressHome({ layout: 'home', hero: { text: 'Fast docs', actions: [{ text: 'Start', link: '/guide/' }] } }) // '**Fast docs**\n\n- [Start](/guide/)\n\n'
 */
export function vitepressHome(data: Readonly<Record<string, unknown>>): string {
  if (data.layout !== 'home') return '';
  const hero = mappingOf(data.hero);
  const blocks = hero === undefined ? [] : heroBlocks(hero, textOf(data.title));
  const features = (Array.isArray(data.features) ? data.features : []).map(featureItem).filter((item) => item !== undefined);
  if (features.length > 0) blocks.push(features.join('\n'));
  return blocks.length === 0 ? '' : `${blocks.join('\n\n')}\n\n`;
}

/**
 * A VitePress page's source with its home layout's hero and features (see {@link vitepressHome}) as
 * the body's first blocks, after the frontmatter; the very source when it is no home page.
 */
export function withVitepressHome(source: string): string {
  const frontmatter = frontmatterBlock(source);
  if (!/^layout:[ \t]*['"]?home\b/m.test(frontmatter)) return source;
  const lead = vitepressHome(splitFrontmatter(source).data);
  return lead === '' ? source : withBodyStart(source, lead);
}
