/**
 * Docusaurus `@theme/*` components and MDX expressions of Docusaurus pages, as plain markdown:
 * - `<Tabs values={[{ label, value }]}>` labels its `<TabItem value>`s (docusaurus.io/docs/markdown-features/tabs);
 * - `<CodeBlock language title showLineNumbers>{`…`}</CodeBlock>` is a fenced code block
 *   (docusaurus.io/docs/markdown-features/code-blocks#usage-in-jsx);
 * - `<TOCInline toc={toc} minHeadingLevel maxHeadingLevel />` lists the page's headings, h2 and h3
 *   by default (docusaurus.io/docs/markdown-features/toc#inline-table-of-contents);
 * - `<Details summary="…">` is a collapsible block (docusaurus.io/docs/markdown-features#details);
 * - `{frontMatter.title}`, `{props.name}` in a partial and names of `export const name = 'text'` are their text; other
 *   expressions are dropped (docusaurus.io/docs/markdown-features/react#exporting-components,
 *   …/markdown-features/react#available-exports).
 * `<DocCardList />` is doc-cards.ts. Components are known by the `@theme/…` module their name was
 * imported from, else by the name itself (a site may register them globally, MDXComponents).
 */
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { toString } from 'mdast-util-to-string';
import GithubSlugger from 'github-slugger';
import { detailsMarkdown } from '../dialects/blocks.js';
import { codeLines, trimNewlines } from '../dialects/lines.js';
import type { ElementParts } from './components.js';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** A Docusaurus theme component tag or a `{frontMatter.…}` expression: MDX in a page that imports nothing (MDXComponents provides them). */
const THEME_SYNTAX = /<(?:TOCInline|DocCardList|CodeBlock|Tabs|TabItem|Details|Admonition)[\s/>]|\{frontMatter\./g;

/**
 * Whether a `.md` page without imports uses Docusaurus MDX all the same: a theme component the
 * site registers globally (docusaurus.io/docs/markdown-features/react#mdx-component-scope) or a
 * `{frontMatter.…}` expression, outside code. Docusaurus reads every `.md` as MDX
 * (docusaurus.io/docs/markdown-features#mdx-vs-commonmark), so such a page is read as MDX too.
 */
export function usesDocusaurusMdx(source: string): boolean {
  // Most pages hold neither a tag nor the expression: two memchr-speed scans spare them the regex (build cost, issue 31).
  if (!source.includes('<') && !source.includes('{frontMatter.')) return false;
  const matches = [...source.matchAll(THEME_SYNTAX)];
  if (matches.length === 0) return false;
  const lines = source.split('\n');
  const code = codeLines(lines);
  let offset = 0;
  const lineStarts = lines.map((line) => {
    const start = offset;
    offset += line.length + 1;
    return start;
  });
  let line = 0;
  // Backticks before the match on its line, counted forwards once (a line of many tags stays linear).
  let ticks = 0;
  let countedTo = 0;
  for (const match of matches) {
    while (line + 1 < lineStarts.length && (lineStarts[line + 1] as number) <= match.index) line++;
    const start = lineStarts[line] as number;
    if (countedTo < start) {
      ticks = 0;
      countedTo = start;
    }
    for (; countedTo < match.index; countedTo++) if (source.charCodeAt(countedTo) === 96) ticks++;
    // Not in a fence, nor in a code span of its line.
    if (code[line] !== true && ticks % 2 === 0) return true;
  }
  return false;
}

/** A loose ESTree node: only the fields read here. */
interface EsNode {
  type: string;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is EsNode =>
  typeof value === 'object' && value !== null && typeof (value as EsNode).type === 'string';

/** The expression a `{…}` holds (its ESTree program's only statement), or undefined. */
function expressionOf(data: unknown): EsNode | undefined {
  const program = (data as { estree?: { body?: unknown[] } } | undefined)?.estree;
  const statement = program?.body?.length === 1 ? program.body[0] : undefined;
  return isNode(statement) && statement.type === 'ExpressionStatement' && isNode(statement.expression) ? statement.expression : undefined;
}

/** A string an expression spells without running anything: a string literal or a template without `${}`. */
function stringLiteral(node: EsNode | undefined): string | undefined {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral' && Array.isArray(node.expressions) && node.expressions.length === 0) {
    const quasi = (node.quasis as { value?: { cooked?: string } }[] | undefined)?.[0];
    return quasi?.value?.cooked ?? undefined;
  }
  return undefined;
}

/** The names a page imports from `@theme/…` modules: local name → theme component (`TOCInline`). */
export function themeImports(tree: Root): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of tree.children) {
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of (node.data?.estree?.body ?? []) as unknown as EsNode[]) {
      const source = (statement.source as EsNode | undefined)?.value;
      if (statement.type !== 'ImportDeclaration' || typeof source !== 'string' || !source.startsWith('@theme/')) continue;
      for (const specifier of (statement.specifiers ?? []) as EsNode[])
        if (specifier.type === 'ImportDefaultSpecifier')
          names.set((specifier.local as { name: string }).name, source.slice('@theme/'.length));
    }
  }
  return names;
}

/**
 * Text values of a page's expressions: `export const name = 'text'` (a string or template literal)
 * and `frontMatter.key` for scalar frontmatter values (docusaurus.io/docs/markdown-features/react#available-exports).
 */
export class ExpressionValues {
  private readonly consts = new Map<string, string>();

  private frontMatterRead: Readonly<Record<string, unknown>> | undefined;

  /**
   * @param frontMatter the page's frontmatter data, read on the first `frontMatter.…` expression only
   * @param props the attributes of the tag that inlines this file as a partial (`{props.name}`); `{}` for a page
   */
  constructor(
    tree: Root,
    private readonly frontMatter: () => Readonly<Record<string, unknown>>,
    private readonly props: Readonly<Record<string, string>> = {},
  ) {
    for (const node of tree.children) {
      if (node.type !== 'mdxjsEsm') continue;
      for (const statement of (node.data?.estree?.body ?? []) as unknown as EsNode[]) {
        const declaration = statement.type === 'ExportNamedDeclaration' ? (statement.declaration as EsNode | null) : undefined;
        if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
        for (const declarator of (declaration.declarations ?? []) as EsNode[]) {
          const id = declarator.id as EsNode | undefined;
          const value = stringLiteral(declarator.init as EsNode | undefined);
          if (id?.type === 'Identifier' && value !== undefined) this.consts.set(id.name as string, value);
        }
      }
    }
  }

  /** The text of a `{…}` expression node, or '' for one that is not plain data (it is code). */
  text(node: Nodes): string {
    const expression = expressionOf(node.data);
    if (expression === undefined) return '';
    const literal = stringLiteral(expression);
    if (literal !== undefined) return literal;
    if (expression.type === 'Identifier') return this.consts.get(expression.name as string) ?? '';
    if (expression.type === 'MemberExpression') {
      const object = expression.object as EsNode;
      const property = expression.property as EsNode;
      const key =
        expression.computed === true ? stringLiteral(property) : property.type === 'Identifier' ? (property.name as string) : undefined;
      if (object.type !== 'Identifier' || key === undefined) return '';
      if (object.name === 'props') return Object.hasOwn(this.props, key) ? (this.props[key] as string) : '';
      if (object.name !== 'frontMatter') return '';
      this.frontMatterRead ??= this.frontMatter();
      const value = this.frontMatterRead[key];
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : '';
    }
    return '';
  }
}

/** An attribute's `{…}` expression, by name. */
function expressionAttribute(element: JsxElement, name: string): EsNode | undefined {
  const attribute = element.attributes.find(
    (entry): entry is MdxJsxAttribute => entry.type === 'mdxJsxAttribute' && entry.name === name && typeof entry.value === 'object',
  );
  return attribute === undefined || typeof attribute.value !== 'object' || attribute.value === null
    ? undefined
    : expressionOf(attribute.value.data);
}

/** A number attribute: `minHeadingLevel={2}` or `"2"`. */
function numberAttribute(element: JsxElement, parts: ElementParts, name: string): number | undefined {
  const expression = expressionAttribute(element, name);
  const value = expression?.type === 'Literal' ? expression.value : parts.attributes[name];
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(number) ? number : undefined;
}

/**
 * `<Tabs values={[{ label: 'Apple', value: 'apple' }]}>`: each item without a `label` takes the
 * label its `value` has in `values` (docusaurus.io/docs/markdown-features/tabs: "`values` prop"). Other parts as they are.
 */
export function withTabValues(parts: ElementParts, element: JsxElement): ElementParts {
  const values = expressionAttribute(element, 'values');
  if (values?.type !== 'ArrayExpression') return parts;
  const labels = new Map<string, string>();
  for (const entry of (values.elements ?? []) as (EsNode | null)[]) {
    if (entry?.type !== 'ObjectExpression') continue;
    const fields = new Map<string, string>();
    for (const property of (entry.properties ?? []) as EsNode[]) {
      const key = property.key as EsNode | undefined;
      const name = key?.type === 'Identifier' ? (key.name as string) : stringLiteral(key);
      const text = stringLiteral(property.value as EsNode | undefined);
      if (name !== undefined && text !== undefined) fields.set(name, text);
    }
    const value = fields.get('value');
    if (value !== undefined) labels.set(value, fields.get('label') ?? value);
  }
  const items = parts.items.map((item) => {
    const label = item.attributes.label ?? labels.get(item.attributes.value ?? '');
    return label === undefined ? item : { ...item, attributes: { ...item.attributes, label } };
  });
  return { ...parts, items };
}

/** The text of a `{`…`}` or `{'…'}` expression as the source writes it, escapes resolved; undefined for any other expression. */
function literalAsWritten(node: Nodes, source: string): string | undefined {
  const expression = expressionOf(node.data);
  const value = stringLiteral(expression);
  if (value === undefined || expression?.type !== 'TemplateLiteral') return value;
  const open = source.indexOf('`');
  const close = source.lastIndexOf('`');
  if (open === -1 || close <= open) return value;
  // Template escapes: \` \\ \$ (a template without `${}` holds no other that a code sample needs).
  return source.slice(open + 1, close).replace(/\\([`\\$])/g, '$1');
}

/** The longest run of backticks in `text`, so a fence around it can be longer. */
function longestBacktickRun(text: string): number {
  let longest = 0;
  let run = 0;
  for (const char of text) {
    run = char === '`' ? run + 1 : 0;
    if (run > longest) longest = run;
  }
  return longest;
}

/**
 * `<CodeBlock>` as a fenced code block: its string child (a template or string literal, else its
 * text) in a fence whose info string carries `language`, `title`, `showLineNumbers` and `metastring`.
 * @param raw the source text of a node: a template literal is read as written, since the parser
 *   strips the element's indentation from the lines of an expression inside it
 */
export function codeBlockMarkdown(element: JsxElement, parts: ElementParts, raw: (node: Nodes) => string): string {
  let code: string | undefined;
  const pending: Nodes[] = [...element.children];
  for (let node = pending.shift(); node !== undefined && code === undefined; node = pending.shift()) {
    if (node.type === 'mdxFlowExpression' || node.type === 'mdxTextExpression') code = literalAsWritten(node, raw(node));
    else if (node.type === 'paragraph') pending.unshift(...node.children);
  }
  const text = trimNewlines(code ?? parts.body);
  const { language, title, showLineNumbers, metastring } = parts.attributes;
  const info = [
    language ?? '',
    title === undefined ? '' : `title="${title.replace(/"/g, "'")}"`,
    showLineNumbers === undefined ? '' : 'showLineNumbers',
    metastring ?? '',
  ]
    .filter((part) => part !== '')
    .join(' ');
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}${info}\n${text}\n${fence}`;
}

/**
 * `<TOCInline />`: the page's headings from `minHeadingLevel` (default 2) to `maxHeadingLevel`
 * (default 3) as a nested list of links to their ids, slugged as the HTML render slugs them (every
 * heading counted, in order, github-slugger) or the id given (`{#id}`); '' when the page has none in range.
 * @param raw the source text of a node
 */
export function tocInlineMarkdown(tree: Root, element: JsxElement, parts: ElementParts, raw: (node: Nodes) => string): string {
  const min = numberAttribute(element, parts, 'minHeadingLevel') ?? 2;
  const max = numberAttribute(element, parts, 'maxHeadingLevel') ?? 3;
  const slugger = new GithubSlugger();
  const lines: string[] = [];
  const pending: Nodes[] = [...tree.children];
  for (let node = pending.shift(); node !== undefined; node = pending.shift()) {
    if (node.type !== 'heading') {
      // Headings inside components (a tab, an admonition) are the page's headings too.
      if (node.type === 'mdxJsxFlowElement' || node.type === 'blockquote' || node.type === 'listItem' || node.type === 'list')
        pending.unshift(...(node.children as Nodes[]));
      continue;
    }
    // `## Title {#id}` (docusaurus.io/docs/markdown-features/toc#heading-ids): the id as given, the text without it.
    const last = node.children.at(-1);
    const given = last?.type === 'mdxTextExpression' && raw(last).startsWith('{#') ? raw(last).slice(2, -1) : undefined;
    const text = toString(given === undefined ? node : { ...node, children: node.children.slice(0, -1) }).trim();
    const id = given ?? slugger.slug(text);
    if (node.depth < min || node.depth > max || text === '') continue;
    lines.push(`${'  '.repeat(node.depth - min)}- [${text.replace(/[[\]\\]/g, '\\$&')}](#${id})`);
  }
  return lines.join('\n');
}

/** `<Details summary="…">` as a collapsible block; a `<summary>` child is the components table's (components.ts). */
export function detailsWithSummary(parts: ElementParts): string | undefined {
  const summary = parts.attributes.summary;
  return summary === undefined ? undefined : detailsMarkdown(summary, parts.body);
}
