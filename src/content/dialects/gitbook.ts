/**
 * GitBook blocks as its Git Sync export writes them (gitbook.com/docs "Markdown" reference): hints
 * (`{% hint style="info" %}` … `{% endhint %}`) become GitHub alerts, tabs (`{% tabs %}`
 * `{% tab title="…" %}`) labelled sections, embeds (`{% embed url="…" %}`, with an optional caption
 * and `{% endembed %}`) and content references (`{% content-ref url="…" %}`) links, code blocks with
 * a title (`{% code title="…" %}`) the block under its bold title, OpenAPI operations
 * (`{% openapi src method path %}`, `{% swagger %}`) their method and path with a link to the spec,
 * steppers (`{% stepper %}` / `{% step %}`) ordered lists, columns (`{% columns %}` / `{% column %}`)
 * their content one after another, updates (`{% updates %}` / `{% update date="…" %}`) dated
 * sections. A tag this file does not know is dropped and reported. Every row is in
 * features/gitbook.ts with the documentation page it follows.
 */
import { admonitionMarkdown, tabsMarkdown } from './blocks.js';
import { gitbookTagAt, gitbookTagLine, replaceGitbookTags } from './gitbook-tags.js';
import { codeLines, indentLines, indentOf, outsideCodeSpans, rewriteBlocks, trimNewlines, type RewrittenBlock } from './lines.js';

/** A tag alone on its line: `{% name attrs %}` (read by a linear scanner, gitbook-tags.ts). */
const TAG_LINE = { exec: gitbookTagLine };
/** Tags whose content is kept as it is, the tags themselves dropped. */
const UNWRAPPED = new Set(['step', 'columns', 'column', 'swagger-description', 'openapi-schemas', 'openapi-webhook', 'updates']);
/** Blocks whose own tags are read by their case below (tabs, steps), not by the recursion first. */
const READ_RAW = new Set(['tabs', 'stepper']);

/**
 * The attributes of a tag: `style="info"` → `{ style: 'info' }`. A value written as an autolink
 * (`url="<https://youtu.be/x>"`, as GitBook's own pages write embeds, files and OpenAPI sources)
 * is read without its angle brackets.
 */
export function attributesOf(text: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  // A name starts where no name character precedes it, so a long run of them is read once, not from each of its characters.
  for (const [, name = '', double, single, bare] of text.matchAll(/(?<![\w-])([\w-]+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    const value = double ?? single ?? bare ?? '';
    attributes[name] = AUTOLINK.test(value) ? value.slice(1, -1) : value;
  }
  return attributes;
}

/** A value written as a CommonMark autolink: `<`, no space or angle bracket, `>`. */
const AUTOLINK = /^<[^<>\s]+>$/;

/**
 * Tags that open or close a block. GitBook's Markdown representation may write a block on one line
 * (gitbook.com/docs/creating-content/blocks/tabs: `{% tab title="Windows" %} Here are the
 * instructions for Windows {% endtab %}`; page-link: `{% content-ref url="./" %} . {% endcontent-ref %}`);
 * `{% embed %}` may stand in running text and is left there.
 */
const BLOCK_TAGS = new Set([
  'hint',
  'tabs',
  'tab',
  'stepper',
  'step',
  'columns',
  'column',
  'content-ref',
  'code',
  'file',
  'updates',
  'update',
  'openapi',
  'openapi-operation',
  'swagger',
  'swagger-description',
  'swagger-parameter',
  'swagger-response',
]);
const isBlockTag = (name: string): boolean => BLOCK_TAGS.has(name.startsWith('end') ? name.slice(3) : name);

/**
 * `markdown` with each line (outside code) that opens with a block tag and holds more split so
 * that each block tag is on a line of its own, at the line's indentation.
 */
function blockTagsOnTheirLines(markdown: string): string {
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  return lines
    .map((line, i) => {
      if (code[i] === true || !line.trimStart().startsWith('{%') || gitbookTagLine(line) !== null) return line;
      // Only a line that opens with a block tag is a one-line block; a tag further on is running text.
      const first = gitbookTagAt(line, line.indexOf('{%'));
      if (first === undefined || !isBlockTag(first.name)) return line;
      const marked = outsideCodeSpans(line, (prose) =>
        replaceGitbookTags(prose, ({ name, rest }) => {
          const tag = `{% ${name}${rest} %}`;
          return isBlockTag(name) ? `\n${tag}\n` : tag;
        }),
      );
      const indent = indentOf(line);
      return marked
        .split('\n')
        .map((piece) => piece.trim())
        .filter((piece) => piece !== '')
        .map((piece) => indent + piece)
        .join('\n');
    })
    .join('\n');
}

/** What {@link gitbookBlocks} could not render, for `check`. */
export interface GitbookReport {
  /** Tag names dropped, one entry per use. */
  dropped: string[];
}

/**
 * For each line of `lines` that opens a block, the line of its matching `{% endname %}` (nesting
 * counted, code skipped), found in one pass with a stack per tag name; an opener never closed has
 * none. Read once per array of lines (a scan from each opener to its end was quadratic on a page
 * of thousands of unclosed tags).
 */
function matchingLines(lines: readonly string[], code: readonly boolean[]): Map<number, number> {
  const open = new Map<string, number[]>();
  const matches = new Map<number, number>();
  for (let k = 0; k < lines.length; k++) {
    if (code[k] === true) continue;
    const tag = TAG_LINE.exec(lines[k] ?? '')?.[1];
    if (tag === undefined) continue;
    const closes = tag.startsWith('end') ? open.get(tag.slice(3))?.pop() : undefined;
    if (closes !== undefined) matches.set(closes, k);
    const stack = open.get(tag) ?? [];
    stack.push(k);
    open.set(tag, stack);
  }
  return matches;
}

/** {@link matchingLines} of each array of lines read. */
const matchesOf = new WeakMap<readonly string[], Map<number, number>>();

/** A tag's block: from its line to the matching `{% endname %}`, nesting counted; `undefined` when never closed. */
function closingLine(lines: readonly string[], code: readonly boolean[], from: number): number | undefined {
  let matches = matchesOf.get(lines);
  if (matches === undefined) {
    matches = matchingLines(lines, code);
    matchesOf.set(lines, matches);
  }
  return matches.get(from);
}

/** The lines between two of a block's lines, dedented by the block's indentation. */
function inner(lines: readonly string[], from: number, to: number, indent: string): string {
  return trimNewlines(
    lines
      .slice(from, to)
      .map((line) => (line.startsWith(indent) ? line.slice(indent.length) : line.trimStart()))
      .join('\n'),
  );
}

/** The `{% <child> %}` blocks of a body (tabs of `{% tabs %}`, steps of `{% stepper %}`): each one's attributes and body through `recurse`. */
function childrenOf(
  body: string,
  child: string,
  recurse: (markdown: string) => string,
): { attributes: Record<string, string>; body: string }[] {
  const lines = body.split('\n');
  const code = codeLines(lines);
  const children: { attributes: Record<string, string>; body: string }[] = [];
  for (let i = 0; i < lines.length; i++) {
    const tag = code[i] === true ? null : TAG_LINE.exec(lines[i] ?? '');
    if (tag?.[1] !== child) continue;
    const end = closingLine(lines, code, i) ?? lines.length;
    const indent = indentOf(lines[i] ?? '');
    children.push({ attributes: attributesOf(tag[2] ?? ''), body: recurse(inner(lines, i + 1, end, indent)) });
    i = end;
  }
  return children;
}

/** A `{% tabs %}` body as its tabs: each `{% tab title="…" %}` to its `{% endtab %}`. */
function tabsOf(body: string, recurse: (markdown: string) => string): { label: string; body: string }[] {
  return childrenOf(body, 'tab', recurse).map((tab, i) => ({ label: tab.attributes.title ?? `Tab ${i + 1}`, body: tab.body }));
}

/**
 * A stepper (gitbook.com/docs/creating-content/blocks/stepper: `{% stepper %}` holding
 * `{% step %}` … `{% endstep %}` blocks, shown as numbered steps) as an ordered list: each step's
 * content is its item, indented under its number so that headings, code and lists stay in it.
 */
function stepsMarkdown(body: string, recurse: (markdown: string) => string): string {
  return childrenOf(body, 'step', recurse)
    .map((step, i) => {
      const marker = `${i + 1}. `;
      const pad = ' '.repeat(marker.length);
      const [first = '', ...rest] = step.body.split('\n');
      return [marker + first, ...rest.map((line) => (line.trim() === '' ? '' : pad + line))].join('\n').trimEnd();
    })
    .join('\n\n');
}

/**
 * Rewrites GitBook's `{% … %}` blocks of `markdown` outside fenced code. Bodies go through
 * `recurse` (every dialect) first; the output keeps the opening tag's indentation.
 * @param report filled with the tags that were dropped
 */
export function gitbookBlocks(source: string, recurse: (markdown: string) => string, report: GitbookReport): string {
  if (!source.includes('{%')) return source;
  const markdown = blockTagsOnTheirLines(source);
  const rewrite = (lines: readonly string[], code: readonly boolean[], i: number, tag: RegExpExecArray): RewrittenBlock => {
    const [, name = '', rest = ''] = tag;
    const attributes = attributesOf(rest);
    const indent = indentOf(lines[i] ?? '');
    const end = name === 'embed' ? embedEnd(lines, code, i) : closingLine(lines, code, i);
    // A tab set's tags are read by tabsOf, which runs each tab's body through every dialect.
    const raw = end === undefined ? '' : inner(lines, i + 1, end, indent);
    const body = READ_RAW.has(name) ? raw : recurse(raw);
    const block = blockMarkdown(name, attributes, body, recurse, report);
    return { text: block === undefined ? undefined : indentLines(block, indent), last: end ?? i };
  };
  return rewriteBlocks(markdown, TAG_LINE, rewrite, (line, code) => (code || !line.includes('{%') ? line : inlineTags(line, report)));
}

/** One tag and its body as plain markdown; `undefined` to leave nothing. */
function blockMarkdown(
  name: string,
  attributes: Record<string, string>,
  body: string,
  recurse: (markdown: string) => string,
  report: GitbookReport,
): string | undefined {
  switch (name) {
    case 'hint':
      return admonitionMarkdown(attributes.style ?? 'info', undefined, body);
    case 'tabs':
      return tabsMarkdown(tabsOf(body, recurse));
    case 'stepper':
      return stepsMarkdown(body, recurse);
    case 'update': {
      // gitbook.com/docs/creating-content/blocks/updates: each update is dated; its date leads it.
      const date = attributes.date ?? '';
      return date === '' ? body : `**${date}**\n\n${body}`;
    }
    case 'embed': {
      const url = attributes.url ?? '';
      const caption = body.trim();
      return url === '' ? caption : `[${caption === '' ? url : caption}](${url})`;
    }
    case 'content-ref': {
      // The export writes the link inside; a body without one (the page's `.` placeholder) is the link's text.
      const url = attributes.url ?? '';
      const text = body.trim();
      return text.includes('](') ? body : `[${text === '' ? url : text}](${url})`;
    }
    case 'code':
      return attributes.title === undefined ? body : `**${attributes.title}**\n\n${body}`;
    case 'file': {
      const src = attributes.src ?? '';
      return `[${body.trim() === '' ? src.split('/').pop() : body.trim()}](${src})`;
    }
    case 'openapi':
    case 'openapi-operation':
    case 'swagger':
      return operationMarkdown(attributes, body);
    case 'swagger-parameter': {
      // The inline definition of the older `{% swagger %}` block: one parameter, its place and description.
      const name = attributes.name ?? '';
      const where = [attributes.in, attributes.type, attributes.required === 'true' ? 'required' : undefined].filter(Boolean).join(', ');
      const description = [attributes.description, body.trim()].filter((part) => part !== undefined && part !== '').join(' ');
      return `- \`${name}\`${where === '' ? '' : ` (${where})`}${description === '' ? '' : `: ${description}`}`;
    }
    case 'swagger-response': {
      const head = `**Response ${attributes.status ?? ''}**${attributes.description === undefined ? '' : `: ${attributes.description}`}`;
      return body.trim() === '' ? head : `${head}\n\n${body}`;
    }
    default:
      if (name.startsWith('end')) return undefined;
      // An integration's block (`{% @github-files/github-code-block url="…" %}`): its link, when it has one.
      if (name.startsWith('@') && attributes.url !== undefined) return `[${attributes.url}](${attributes.url})`;
      if (UNWRAPPED.has(name)) return body;
      report.dropped.push(name);
      return body === '' ? undefined : body;
  }
}

/**
 * An API operation block (gitbook.com/docs/integrations/openapi: `{% openapi src="spec.yaml"
 * path="/pets" method="get" %}`, `{% openapi-operation spec="name" … %}`, and the older
 * `{% swagger %}` of the same attributes) as its method and path in bold, then what the export put
 * inside (a link to the spec), else a link to `src`, else its `summary`.
 */
function operationMarkdown(attributes: Record<string, string>, body: string): string {
  const method = (attributes.method ?? '').toUpperCase();
  const where = `${attributes.baseUrl ?? ''}${attributes.path ?? ''}`;
  const head = [method, where].filter((part) => part !== '').join(' ');
  const lines = head === '' ? [] : [`**${head}**`];
  if (attributes.summary !== undefined && attributes.summary !== '') lines.push(attributes.summary);
  if (body.trim() !== '') lines.push(body);
  else if (attributes.src !== undefined && attributes.src !== '')
    lines.push(`[${attributes.src.split('/').pop() ?? attributes.src}](${attributes.src})`);
  return lines.join('\n\n');
}

/** Where an embed ends: its `{% endembed %}` when one follows before the next tag, else its own line. */
function embedEnd(lines: readonly string[], code: readonly boolean[], from: number): number {
  for (let k = from + 1; k < lines.length; k++) {
    if (code[k] === true) return from;
    const tag = TAG_LINE.exec(lines[k] ?? '')?.[1];
    if (tag === 'endembed') return k;
    if (tag !== undefined || (lines[k] ?? '').trim() === '') return from;
  }
  return from;
}

/**
 * Tags in running text: embeds become links, closing tags and unknown ones are dropped. Tags in a
 * code span (`` `{% endif %}` ``, a template language's syntax shown as an example) are text.
 */
function inlineTags(line: string, report: GitbookReport): string {
  return outsideCodeSpans(line, (prose) => (prose.includes('{%') ? inlineProseTags(prose, report) : prose));
}

/** {@link inlineTags} on text outside code spans. */
function inlineProseTags(line: string, report: GitbookReport): string {
  return replaceGitbookTags(line, ({ name, rest }) => {
    if (name === 'embed') {
      const url = attributesOf(rest).url ?? '';
      return `[${url}](${url})`;
    }
    if (!name.startsWith('end')) report.dropped.push(name);
    return '';
  });
}
