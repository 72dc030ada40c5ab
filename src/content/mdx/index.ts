/**
 * MDX pages (mdxjs.com/docs/what-is-mdx) as plain markdown, before the dialect step: read with the
 * mdx-js parser family (micromark-extension-mdxjs + mdast-util-mdx, GFM on), then the source is
 * kept as written but for the MDX nodes, replaced by their ranges' markdown. ESM (`import`, `export`) and expressions (`{…}`, JSX comments
 * `{/* … *\/}`) are dropped; known components become markdown (components.ts); unknown ones are
 * unwrapped to their children and reported; `<Visibility>`, `<llms-only>` and `<llms-ignore>`
 * become audience blocks (content/audience.ts). When strict parsing fails, a line-based reading
 * (lenient.ts) is used instead and reported. An imported markdown partial (`import Foo from
 * './_foo.mdx'`, `<Foo />`) is read as MDX in turn and inlined where it is used (partials.ts).
 */
import type { Expression } from 'estree';
import type { Nodes, Root } from 'mdast';
import type { MdxJsxAttribute, MdxJsxExpressionAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { mdxFromMarkdown } from 'mdast-util-mdx';
import { gfm } from 'micromark-extension-gfm';
import { mdxjs } from 'micromark-extension-mdxjs';
import { frontmatterBlock, splitFrontmatter } from '../frontmatter.js';
import { rewriteLinks } from '../portable-markdown.js';
import { codeLines, indentLines, trimNewlines } from '../dialects/lines.js';
import { audienceBlock } from '../audience.js';
import { audienceOf, componentMarkdown, type ElementParts } from './components.js';
import { costlyMdxShape } from './costly.js';
import { lenientMdx } from './lenient.js';
import { markdownImports, readPartial, rebaseDestination, type PartialOptions } from './partials.js';
import { refusalNote } from '../readable.js';
import {
  codeBlockMarkdown,
  detailsWithSummary,
  ExpressionValues,
  themeImports,
  tocInlineMarkdown,
  withTabValues,
} from './docusaurus-theme.js';

/** An MDX page as plain markdown, and what could not be rendered. */
export interface MdxMarkdown {
  /** The frontmatter as written, then the body as plain markdown. */
  text: string;
  /** Messages for `check`: unknown components, and the parse error when the lenient reading was used. */
  problems: string[];
}

/**
 * An MDX source (frontmatter included) as plain markdown: the source as written, but for the
 * ranges of ESM, expressions and elements, each replaced by its markdown. Never throws on content.
 * @param partials how imported markdown files are read; without it, no partial is inlined (its tag is dropped)
 */
export function mdxMarkdown(source: string, partials?: PartialOptions): MdxMarkdown {
  const frontmatter = frontmatterBlock(source);
  const body = source.slice(frontmatter.length);
  // micromark is super-linear on a few shapes (costly.ts): those pages are read line by line, which is linear.
  const costly = costlyMdxShape(body);
  if (costly !== undefined) {
    const lenient = lenientMdx(body);
    return { text: frontmatter + lenient.text, problems: [`MDX not parsed (${costly}); read line by line`, ...lenient.problems] };
  }
  let tree: Root;
  try {
    tree = fromMarkdown(headingIdsAsExpressions(htmlCommentsAsExpressions(body)), {
      extensions: [mdxjs(), gfm()],
      mdastExtensions: [mdxFromMarkdown(), gfmFromMarkdown()],
    });
  } catch (error) {
    const reason = (error as Error).message.split('\n', 1)[0] ?? 'error';
    const lenient = lenientMdx(body);
    return { text: frontmatter + lenient.text, problems: [`MDX did not parse (${reason}); read line by line`, ...lenient.problems] };
  }
  const unknown = new Map<string, number>();
  const inlined = new Inliner(markdownImports(tree), partials);
  const docusaurus: DocusaurusContext = {
    tree,
    theme: themeImports(tree),
    values: new ExpressionValues(tree, () => (frontmatter === '' ? {} : splitFrontmatter(source).data), partials?.props ?? {}),
    cards: () => (partials?.cards === undefined || partials.chain.length > 0 ? '' : partials.cards(partials.relPath)),
  };
  const markdown = new Rewriter(body, unknown, inlined, docusaurus, exportedStrings(tree))
    .range(0, body.length, tree.children)
    .replace(/\n{3,}/g, '\n\n');
  const problems = [
    ...inlined.problems,
    ...(unknown.size === 0 ? [] : [`MDX components unwrapped (unknown): ${[...unknown].map(([name, n]) => `${name} ×${n}`).join(', ')}`]),
  ];
  // The body starts where the first kept text does, one blank line after frontmatter.
  return { text: frontmatter + markdown.replace(/^\n+/, frontmatter === '' ? '' : '\n'), problems };
}

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;

/** What Docusaurus' `@theme/*` components and expressions read (docusaurus-theme.ts, doc-cards.ts). */
interface DocusaurusContext {
  tree: Root;
  /** Local name → `@theme/` component imported under it. */
  theme: ReadonlyMap<string, string>;
  values: ExpressionValues;
  /** The `<DocCardList />` of the page; '' inside a partial or without a lister. */
  cards: () => string;
}

/** Expression text as markdown text: the characters that would start markup escaped. */
const escapedText = (text: string): string => text.replace(/[\\`*_[\]<>]/g, '\\$&');

/**
 * HTML comments outside code written as JSX comments of the same length (`<!--` → `{/* `,
 * `-->` → `*\/}`), so that offsets into the body stay right: MDX 2+ refuses `<!--`, but pages
 * written for Docusaurus carry them (`<!-- prettier-ignore -->`), and a comment is dropped all the same.
 */
function htmlCommentsAsExpressions(body: string): string {
  if (!body.includes('<!--')) return body;
  const lines = body.split('\n');
  const code = codeLines(lines);
  let offset = 0;
  const starts = lines.map((line) => {
    const at = offset;
    offset += line.length + 1;
    return at;
  });
  return body.replace(/<!--([\s\S]*?)-->/g, (comment: string, inner: string, index: number) => {
    const line = starts.findLastIndex((start) => start <= index);
    return code[line] === true || inner.includes('*/') ? comment : `{/* ${inner}*/}`;
  });
}

/** The characters of a heading id `{#id}` (docusaurus.io/docs/markdown-features/toc#heading-ids). */
const HEADING_ID = /^[\w-]+$/;
/** What precedes an element on its line when it opens a list item: the marker (CommonMark §5.2), after any indent. */
const LIST_MARKER_LEAD = /^[ \t]*(?:[-+*]|\d{1,9}[.)])[ \t]+$/;

/**
 * Heading ids `## Title {#id}` outside code written as string expressions of the same length
 * (`{#id}` → `{'d'}`), so that MDX parses the page (`#` starts no JavaScript) and offsets stay
 * right; the rewriter puts the id back as written, for the HTML render to read.
 */
function headingIdsAsExpressions(body: string): string {
  if (!body.includes('{#')) return body;
  const lines = body.split('\n');
  const code = codeLines(lines);
  return lines
    .map((line, i) => {
      const text = line.trimEnd();
      if (code[i] === true || !text.trimStart().startsWith('#') || !text.endsWith('}')) return line;
      const open = text.lastIndexOf('{#');
      const id = open === -1 ? '' : text.slice(open + 2, -1);
      return HEADING_ID.test(id) ? `${text.slice(0, open)}{'${id.slice(1)}'}${line.slice(text.length)}` : line;
    })
    .join('\n');
}

/** Whether a node is a JSX element. */
function isJsxElement(node: Nodes): node is JsxElement {
  return node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement';
}

const startOf = (node: Nodes): number => node.position?.start.offset ?? 0;
const endOf = (node: Nodes): number => node.position?.end.offset ?? 0;

/** The content of a page's imported partials, each read once, and why any could not be. */
class Inliner {
  /** Messages for `check`: partials left out, and what their own reading reported. */
  readonly problems: string[] = [];
  private readonly read = new Map<string, string>();

  constructor(
    /** Component name → import path (partials.ts `markdownImports`). */
    private readonly imports: ReadonlyMap<string, string>,
    private readonly options: PartialOptions | undefined,
  ) {
    // An import that cannot be inlined is reported whether or not a tag uses it.
    for (const name of imports.keys()) this.markdown(name);
  }

  /**
   * The plain markdown of the partial a component names (frontmatter left out, links rebased onto
   * the importing file); '' for one that cannot be read; undefined when the name is no partial.
   */
  markdown(name: string, props: Readonly<Record<string, string>> = {}): string | undefined {
    // Astro: the module's `Content` component (`<Foo.Content />`) is its content, as `<Foo />` is.
    const module = name.endsWith('.Content') ? name.slice(0, -'.Content'.length) : name;
    const target = this.imports.get(module);
    if (target === undefined) return undefined;
    // A partial reads its props (`{props.name}`, docusaurus.io/docs/markdown-features/react#importing-markdown): one reading per set of props.
    const key = Object.keys(props).length === 0 ? module : `${module}\0${JSON.stringify(props)}`;
    let text = this.read.get(key);
    if (text === undefined) {
      text = this.inline(target, props, key === module);
      this.read.set(key, text);
    }
    return text;
  }

  /** Whether a component name is an imported partial. */
  has(name: string): boolean {
    return this.imports.has(name);
  }

  /** @param report whether what the reading finds goes to `check` (once per partial: the reading without props) */
  private inline(target: string, props: Readonly<Record<string, string>>, report: boolean): string {
    const options = this.options;
    const read = options === undefined ? { error: `${target} cannot be read here` } : readPartial(target, options);
    if (options === undefined || 'error' in read) {
      if (report) this.problems.push(`MDX partial not inlined: ${'error' in read ? read.error : target}`);
      // Visible where the partial would have been, so a reader sees something is missing (content/readable.ts).
      return refusalNote(target);
    }
    const mdx = /\.mdx$/i.test(read.relPath) || /<[A-Z]|^(?:import|export)\s|\{\/\*/m.test(read.text);
    const inner = mdx
      ? mdxMarkdown(read.text, { ...options, relPath: read.relPath, chain: [...options.chain, options.relPath], props })
      : undefined;
    if (report) this.problems.push(...(inner?.problems ?? []).map((problem) => `${read.relPath}: ${problem}`));
    const text = inner?.text ?? read.text;
    const body = text.slice(frontmatterBlock(text).length).trim();
    return rewriteLinks(body, (destination) => rebaseDestination(destination, read.relPath, options.relPath));
  }
}

/** Rewrites ranges of one body: text between nodes as written, MDX nodes as markdown. */
class Rewriter {
  constructor(
    private readonly source: string,
    /** Unknown component names and how often each was unwrapped. */
    private readonly unknown: Map<string, number>,
    private readonly partials: Inliner,
    private readonly docusaurus: DocusaurusContext,
    /** The page's `export const name = '…'` strings, which attributes may name (`code={exampleCode}`). */
    private readonly strings: ReadonlyMap<string, string> = new Map(),
  ) {}

  /** The text of `source[start, end)`, which holds `nodes` in order, each rewritten. */
  range(start: number, end: number, nodes: readonly Nodes[]): string {
    let out = '';
    let at = start;
    for (const node of nodes) {
      out += this.source.slice(at, startOf(node)) + this.node(node);
      at = endOf(node);
    }
    return out + this.source.slice(at, end);
  }

  private node(node: Nodes): string {
    switch (node.type) {
      case 'mdxjsEsm':
        return '';
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        // A heading id (headingIdsAsExpressions) stays as written.
        if (this.source.startsWith('{#', startOf(node))) return this.source.slice(startOf(node), endOf(node));
        // Plain data (`{frontMatter.title}`, a string, an exported constant) is text; code is dropped.
        return escapedText(this.docusaurus.values.text(node));
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return this.element(node);
      default:
        // Only parents that hold MDX need rewriting; the rest is the source as written.
        return 'children' in node && holdsMdx(node)
          ? this.range(startOf(node), endOf(node), node.children)
          : this.source.slice(startOf(node), endOf(node));
    }
  }

  /** An element as markdown: a known component's, an audience block, or its children unwrapped. */
  private element(element: JsxElement): string {
    const name = element.name ?? '';
    const partial = this.partials.markdown(name, this.partials.has(name) ? attributesOf(element.attributes) : {});
    if (partial !== undefined) return element.type === 'mdxJsxFlowElement' && partial !== '' ? this.block(element, partial) : partial;
    const docusaurus = this.docusaurusElement(element);
    if (docusaurus !== undefined)
      return element.type === 'mdxJsxFlowElement' && docusaurus !== '' ? this.block(element, docusaurus) : docusaurus;
    let parts = this.parts(element);
    if ((this.docusaurus.theme.get(name) ?? name) === 'Tabs') parts = withTabValues(parts, element);
    const audience = audienceOf(name, parts.attributes);
    const known = audience === undefined ? componentMarkdown(parts) : audienceBlock(audience, parts.body);
    if (known === undefined && name !== '') this.unknown.set(name, (this.unknown.get(name) ?? 0) + 1);
    // An unknown component keeps the title it was given (`<DetailedExplanation title="…">`) as a bold line.
    const title = parts.attributes.title ?? parts.attributes.label;
    const markdown = known ?? (title === undefined || parts.body === '' ? parts.body : `**${title}**\n\n${parts.body}`);
    // A block stands alone between blank lines; inline, it is the text it holds.
    return element.type === 'mdxJsxFlowElement' && markdown !== '' ? this.block(element, markdown) : markdown;
  }

  /**
   * A block element's markdown between blank lines, its lines after the first indented as the
   * element is, so that a block inside a list item (`<Tabs>` in a step of `<Steps>`) stays in it.
   * An element right after a list marker (`- <Badge text="New" />`, starlight.astro.build/components/badges/)
   * is the item's first block: it starts on the marker's line, its other lines indented to the
   * item's content (CommonMark §5.2), and a one-line block leaves the list tight.
   */
  private block(element: JsxElement, markdown: string): string {
    const lineStart = this.source.lastIndexOf('\n', startOf(element) - 1) + 1;
    const lead = this.source.slice(lineStart, startOf(element));
    if (LIST_MARKER_LEAD.test(lead)) {
      const text = trimNewlines(markdown);
      return text.includes('\n') ? `${indentLines(text, ' '.repeat(lead.length)).slice(lead.length)}\n` : text;
    }
    if (!/^[ \t]+$/.test(lead) || markdown.startsWith('\n')) return `\n${markdown}\n`;
    const indented = indentLines(markdown, lead);
    // After a blank line, the block starts on the element's own line (its indentation is already written there).
    const afterBlank = lineStart === 0 || this.source.slice(this.source.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1).trim() === '';
    return afterBlank ? `${indented.slice(lead.length)}\n` : `\n${indented}\n`;
  }

  /** The markdown of a Docusaurus `@theme/*` component (docusaurus-theme.ts), or undefined for any other element. */
  private docusaurusElement(element: JsxElement): string | undefined {
    const name = element.name ?? '';
    switch (this.docusaurus.theme.get(name) ?? name) {
      case 'TOCInline':
        return tocInlineMarkdown(this.docusaurus.tree, element, this.parts(element), (node) =>
          this.source.slice(startOf(node), endOf(node)),
        );
      case 'CodeBlock':
        return codeBlockMarkdown(element, this.parts(element), (node) => this.source.slice(startOf(node), endOf(node)));
      case 'DocCardList':
        return this.docusaurus.cards();
      case 'Details':
        return detailsWithSummary(this.parts(element));
      default:
        return undefined;
    }
  }

  /** An element's attributes, its children as markdown (dedented) and its child elements' parts. */
  private parts(element: JsxElement): ElementParts {
    // Child elements, also those written inline on their lines (`<TabItem label="a">text</TabItem>`
    // reads as a paragraph of elements), are the items tabs and code groups are made of.
    const items: ElementParts[] = [];
    for (const child of element.children) {
      if (isJsxElement(child)) items.push(this.parts(child));
      else if (
        child.type === 'paragraph' &&
        child.children.every((node) => isJsxElement(node) || (node.type === 'text' && node.value.trim() === ''))
      )
        for (const node of child.children) if (isJsxElement(node)) items.push(this.parts(node));
    }
    const first = element.children[0];
    const last = element.children.at(-1);
    let body = '';
    if (first !== undefined && last !== undefined) {
      // From the start of the first child's line, so that the lines dedent together.
      const lineStart = this.source.lastIndexOf('\n', startOf(first) - 1) + 1;
      const lead = /^[ \t]*$/.test(this.source.slice(lineStart, startOf(first))) ? lineStart : startOf(first);
      body = dedent(this.range(lead, endOf(last), element.children)).trim();
    }
    return { name: element.name ?? '', attributes: attributesOf(element.attributes, this.strings), body, items };
  }
}

/**
 * Whether a node holds ESM, an expression or an element anywhere below it. Walks the tree with a
 * stack of its own, not the call stack: a page's nesting depth is the author's to choose.
 */
function holdsMdx(node: Nodes): boolean {
  const pending: Nodes[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (next.type.startsWith('mdx')) return true;
    if ('children' in next) pending.push(...next.children);
  }
  return false;
}

/** Lines with their common leading whitespace removed (tabs count as one column each). */
function dedent(text: string): string {
  const lines = text.split('\n');
  let common: number | undefined;
  for (const line of lines) {
    if (line.trim() === '') continue;
    const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
    common = common === undefined ? indent : Math.min(common, indent);
  }
  return common === undefined || common === 0
    ? text
    : lines.map((line) => line.slice(Math.min(common, /^[ \t]*/.exec(line)?.[0].length ?? 0))).join('\n');
}

/**
 * String attributes by name; expression values are left out (`{…}` is code, not text), but for a
 * string literal, a template literal without `${}` and the name of an exported string (`strings`).
 */
function attributesOf(
  attributes: readonly (MdxJsxAttribute | MdxJsxExpressionAttribute)[],
  strings: ReadonlyMap<string, string> = new Map(),
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const attribute of attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    if (typeof attribute.value === 'string') out[attribute.name] = attribute.value;
    else if (attribute.value === null || attribute.value === undefined) out[attribute.name] = 'true';
    else {
      const statement = attribute.value.data?.estree?.body[0];
      const known = statement?.type === 'ExpressionStatement' ? stringOf(statement.expression, strings) : undefined;
      if (known !== undefined) {
        out[attribute.name] = known;
        continue;
      }
      // `label={'Stars'}`, `title={"x"}`: a string literal is text all the same.
      const literal = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(attribute.value.value);
      if (literal !== null) out[attribute.name] = literal[2] as string;
    }
  }
  return out;
}

/** The string an expression is, when it is one without running anything: a literal, a template without `${}`, a known name. */
function stringOf(expression: Expression, strings: ReadonlyMap<string, string>): string | undefined {
  if (expression.type === 'Literal') return typeof expression.value === 'string' ? expression.value : undefined;
  if (expression.type === 'TemplateLiteral')
    return expression.expressions.length === 0 ? (expression.quasis[0]?.value.cooked ?? undefined) : undefined;
  if (expression.type === 'Identifier') return strings.get(expression.name);
  return undefined;
}

/**
 * The strings a page exports (`export const code = \`…\``, Starlight's components/code.mdx
 * "Usage"), by name: what an attribute naming one (`code={code}`) holds. Only pages that export
 * something are walked.
 */
function exportedStrings(tree: Root): Map<string, string> {
  const strings = new Map<string, string>();
  if (!tree.children.some(holdsMdx)) return strings;
  // In document order, also inside elements (MDX reads `export` there too), with a stack of its own.
  const pending: Nodes[] = [...tree.children].reverse();
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if ('children' in node) pending.push(...[...node.children].reverse());
    if (node.type !== 'mdxjsEsm') continue;
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ExportNamedDeclaration' || statement.declaration?.type !== 'VariableDeclaration') continue;
      for (const declarator of statement.declaration.declarations) {
        const value = declarator.init === null || declarator.init === undefined ? undefined : stringOf(declarator.init, strings);
        if (declarator.id.type === 'Identifier' && value !== undefined) strings.set(declarator.id.name, value);
      }
    }
  }
  return strings;
}
