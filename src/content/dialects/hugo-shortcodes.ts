/**
 * Hugo shortcodes (gohugo.io/content-management/shortcodes/): `{{< name args >}}`, `{{% name args %}}`,
 * paired with `{{< /name >}}` or self-closing `{{< name />}}`, as plain markdown. The built-ins
 * (gohugo.io/shortcodes/) are rendered — `details`, `figure`, `highlight`, `param`, `ref`/`relref`,
 * `youtube`, `vimeo`, `gist`, and `comment`, `qr`, `x`, `instagram` (hugo-docsy.ts) — and so are
 * the shortcodes themes and docs sites share: the note/warning/alert families (Docsy `alert`,
 * `notice`, `callout`…) as GitHub alerts, `tabs`/`tab`, `code-toggle` (a config shown as TOML,
 * YAML and JSON tabs), `include` (a content file inlined), Docsy's `readfile`, `tabpane`,
 * `blocks/*`, `card`, `pageinfo`, `swaggerui`/`redoc`, `iframe`, `imgproc` (hugo-docsy.ts).
 * Any other paired shortcode is unwrapped to its body, any other one dropped; both are reported.
 * Escaped calls (`{{</*` x `*\/>}}` in Hugo's docs), which Hugo prints as `{{< x >}}`, are printed so. Shortcodes in
 * fenced code and code spans are left as written.
 */
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { stringify as stringifyYaml } from 'yaml';
import { bodyOf } from '../frontmatter.js';
import { simpleYaml } from './simple-yaml-writer.js';
import type { HugoParams } from '../conventions/hugo-params.js';
import type { ContentFileLookup } from './index.js';
import { admonitionMarkdown, detailsMarkdown, tabsMarkdown } from './blocks.js';
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';
import { contentOf, docsyShortcode, fenced } from './hugo-docsy.js';
import { shortcodeMatches } from './hugo-scan.js';
import { codeLines, codeSpanRanges, trimNewlines } from './lines.js';

const ESCAPED_OPEN = /\{\{([<%])\/\*/g;
const ESCAPED_CLOSE = /\*\/([>%])\}\}/g;
const ADMONITIONS = new Set([
  'note',
  'tip',
  'warning',
  'caution',
  'important',
  'info',
  'danger',
  'alert',
  'callout',
  'notice',
  'admonition',
  'hint',
  'attention',
  'error',
  'success',
]);

/** What the shortcodes of a page need beyond the include context. */
export interface HugoContext extends IncludeContext {
  /** The page's frontmatter, for `param` (a getter that parses it on first read, content/dialects/index.ts). */
  frontmatter: Record<string, unknown>;
  /** The site's parameters, for `param` when the page sets none of the name (conventions/hugo-params.ts: keys lower-cased). */
  siteParams: HugoParams;
  /** Whether a content file exists, for `ref`/`relref` (index.ts `ContentFileLookup`): no page URL needed. */
  lookup: ContentFileLookup;
  /** Shortcodes not rendered, by name: how many were dropped and how many unwrapped. */
  unrendered: Map<string, { dropped: number; unwrapped: number }>;
}

/** One shortcode call in the text. */
interface Call {
  start: number;
  end: number;
  name: string;
  closing: boolean;
  selfClosing: boolean;
  positional: string[];
  named: Record<string, string>;
  /** Index of the closing call when paired. */
  closer?: number;
}

/** The arguments of a call: `"a b" c=d e="f"` → positional `['a b']`, named `{ c: 'd', e: 'f' }`. */
function argumentsOf(text: string): Pick<Call, 'positional' | 'named'> {
  const positional: string[] = [];
  const named: Record<string, string> = {};
  for (const [, key, double, raw, single, bare] of text.matchAll(
    // A key starts where no key character precedes it: a long run of them is read once.
    /(?:(?<![\w-])([\w-]+)=)?(?:"((?:[^"\\]|\\.)*)"|`([^`]*)`|'([^']*)'|(?<![^\s"'`=])([^\s"'`]+))/g,
  )) {
    const value = double?.replace(/\\(.)/g, '$1') ?? raw ?? single ?? bare ?? '';
    if (key === undefined) positional.push(value);
    else named[key] = value;
  }
  return { positional, named };
}

/** Ranges of the text that are code (fenced blocks, code spans): shortcodes there are not calls. */
function codeRanges(text: string): [number, number][] {
  const ranges: [number, number][] = [];
  const lines = text.split('\n');
  const code = codeLines(lines);
  let at = 0;
  let proseStart = 0;
  lines.forEach((line, i) => {
    if (code[i] === true) {
      if (proseStart < at) spans(text, proseStart, at, ranges);
      ranges.push([at, at + line.length]);
      proseStart = at + line.length + 1;
    }
    at += line.length + 1;
  });
  spans(text, proseStart, text.length, ranges);
  return ranges;
}

function spans(text: string, from: number, to: number, ranges: [number, number][]): void {
  const prose = text.slice(from, to);
  if (!prose.includes('`')) return;
  for (const [start, end] of codeSpanRanges(prose)) ranges.push([from + start, from + end]);
}

/** Whether `index` lies in one of `ranges` (in order, not overlapping): a binary search, so that many calls among many code spans stay cheap. */
function inRanges(ranges: readonly [number, number][], index: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [start, end] = ranges[middle] as [number, number];
    if (index < start) high = middle - 1;
    else if (index >= end) low = middle + 1;
    else return true;
  }
  return false;
}

/** The calls of a text outside code, with paired ones matched. */
function callsOf(text: string): Call[] {
  const code = codeRanges(text);
  const calls: Call[] = [];
  // Read by a linear scanner (hugo-scan.ts), not a regular expression: content is untrusted.
  for (const match of shortcodeMatches(text)) {
    if ((match.open === '<') !== (match.close === '>') || inRanges(code, match.index)) continue;
    const { index: start, end, name, closing, selfClosing } = match;
    calls.push({ start, end, name, closing, selfClosing, ...argumentsOf(match.args) });
  }
  // Open calls as a stack, and per name the stack positions holding one, so that a closing call
  // finds its opener without searching the stack (a page of unmatched calls stays linear).
  const open: number[] = [];
  const openByName = new Map<string, number[]>();
  calls.forEach((call, i) => {
    if (call.selfClosing) return;
    if (!call.closing) {
      const positions = openByName.get(call.name) ?? [];
      openByName.set(call.name, positions);
      positions.push(open.length);
      open.push(i);
      return;
    }
    const at = openByName.get(call.name)?.at(-1);
    if (at === undefined) return;
    const opener = calls[open[at] as number] as Call;
    opener.closer = i;
    // The opener and the calls opened after it are closed (or never will be).
    while (open.length > at) openByName.get((calls[open.pop() as number] as Call).name)?.pop();
  });
  return calls;
}

/**
 * Renders the Hugo shortcodes of `markdown` (frontmatter removed) as plain markdown.
 * @param depth include nesting, to {@link MAX_INCLUDE_DEPTH}
 */
export function hugoShortcodes(markdown: string, context: HugoContext, depth = 0): string {
  if (!markdown.includes('{{')) return markdown;
  // Every call opens with `{{<` or `{{%` (hugo-scan.ts): a page of bare `{{…}}` (tldr's
  // placeholders, on a plain folder) is spared the scan of its code ranges.
  const calls = markdown.includes('{{<') || markdown.includes('{{%') ? callsOf(markdown) : [];
  const rendered = calls.length === 0 ? markdown : renderSpan(markdown, calls, 0, calls.length, 0, markdown.length, context, depth);
  return rendered.replace(ESCAPED_OPEN, '{{$1').replace(ESCAPED_CLOSE, '$1}}');
}

function renderSpan(
  text: string,
  calls: Call[],
  from: number,
  to: number,
  start: number,
  end: number,
  context: HugoContext,
  depth: number,
): string {
  let out = '';
  // Where the last line of `out` starts and whether it is blank so far, kept as text is appended:
  // looking back through `out` for each call would be quadratic on a long line of calls.
  const line = { start: 0, blank: true };
  const append = (chunk: string): void => {
    const newline = chunk.lastIndexOf('\n');
    if (newline === -1) line.blank = line.blank && isBlank(chunk);
    else {
      line.start = out.length + newline + 1;
      line.blank = isBlank(chunk.slice(newline + 1));
    }
    out += chunk;
  };
  let at = start;
  for (let i = from; i < to; i++) {
    const call = calls[i] as Call;
    append(text.slice(at, call.start));
    at = call.end;
    if (call.closing) continue;
    const closer = call.closer === undefined ? undefined : calls[call.closer];
    const body =
      closer === undefined ? undefined : renderSpan(text, calls, i + 1, call.closer as number, call.end, closer.start, context, depth);
    const children = closer === undefined ? [] : childCalls(text, calls, i + 1, call.closer as number, context, depth);
    const result = renderCall(call, body, children, context, depth);
    if (closer !== undefined) {
      at = closer.end;
      i = call.closer as number;
    }
    const indent = line.blank ? out.slice(line.start) : undefined;
    if (result.text === '' && indent !== undefined) {
      // A call alone on its line that renders to nothing takes the line with it: a blank line
      // left there would end the HTML block or the list item around it (Docsy's blocks/link-down).
      let after = at;
      while (after < end && (text[after] === ' ' || text[after] === '\t')) after++;
      if (after >= end || text[after] === '\n') {
        out = out.slice(0, line.start);
        at = after < end ? after + 1 : after;
        continue;
      }
    }
    if (result.block) {
      // On lines of its own, each indented as the call was (a block inside a list item stays in it).
      const pad = indent ?? '';
      if (pad !== '') out = out.slice(0, line.start);
      append(
        `\n${result.text
          .split('\n')
          .map((line, k) => (line === '' || (k === 0 && indent === undefined) ? line : pad + line))
          .join('\n')}\n`,
      );
    } else append(result.text);
  }
  return out + text.slice(at, end);
}

/** Whether a text holds only spaces and tabs. */
function isBlank(text: string): boolean {
  for (const char of text) if (char !== ' ' && char !== '\t') return false;
  return true;
}

/** The paired calls directly inside calls `from`–`to` (the tabs of a `tabs`), with their rendered bodies. */
function childCalls(
  text: string,
  calls: Call[],
  from: number,
  to: number,
  context: HugoContext,
  depth: number,
): { call: Call; body: string }[] {
  const children: { call: Call; body: string }[] = [];
  for (let i = from; i < to; i++) {
    const call = calls[i] as Call;
    if (call.closing || call.closer === undefined) continue;
    const closer = calls[call.closer] as Call;
    children.push({ call, body: renderSpan(text, calls, i + 1, call.closer, call.end, closer.start, context, depth) });
    i = call.closer;
  }
  return children;
}

function report(context: HugoContext, name: string, how: 'dropped' | 'unwrapped'): void {
  const entry = context.unrendered.get(name) ?? { dropped: 0, unwrapped: 0 };
  entry[how]++;
  context.unrendered.set(name, entry);
}

function renderCall(
  call: Call,
  body: string | undefined,
  children: { call: Call; body: string }[],
  context: HugoContext,
  depth: number,
): { text: string; block?: boolean } {
  const raw = body;
  // A paired body starts and ends with the newlines around it: not part of a block's content.
  body = body === undefined ? undefined : trimNewlines(body);
  const { name, named, positional } = call;
  const first = positional[0];
  if (ADMONITIONS.has(name)) {
    const generic = ['alert', 'callout', 'notice', 'admonition', 'hint'].includes(name);
    const kind = named.type ?? named.color ?? named.context ?? named.theme ?? named.style ?? (generic ? first : undefined) ?? name;
    const title = named.title ?? (name === 'notice' ? positional[1] : undefined);
    return { text: admonitionMarkdown(kind, title, body === undefined ? (named.text ?? '') : contentOf(body)), block: true };
  }
  switch (name) {
    case 'details':
      return { text: detailsMarkdown(named.summary ?? named.title ?? first, body ?? ''), block: true };
    case 'tabs': {
      const items = (named.items ?? '')
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      const tabs = children
        .filter((child) => child.call.name === 'tab')
        .map((child, k) => {
          const c = child.call;
          const label = c.named.name ?? c.named.title ?? c.named.header ?? c.named.label ?? c.positional[0] ?? items[k] ?? `Tab ${k + 1}`;
          return { label, body: child.body };
        });
      return { text: tabsMarkdown(tabs), block: true };
    }
    case 'tab':
      return { text: body ?? '', block: true };
    case 'code-toggle':
      if (body === undefined) break;
      return { text: codeToggle(body, named.file, named.fm === 'true'), block: true };
    case 'highlight':
      if (body === undefined) break;
      return { text: fenced(body, first ?? ''), block: true };
    case 'figure': {
      const image = `![${named.alt ?? ''}](${named.src ?? ''})`;
      const linked = named.link === undefined ? image : `[${image}](${named.link})`;
      const caption = [named.title === undefined ? '' : `**${named.title}**`, named.caption ?? ''].filter(Boolean).join(' ');
      return { text: caption === '' ? linked : `${linked}\n\n*${caption}*`.replace(/^\*(\*\*.*\*\*)\*$/m, '$1'), block: true };
    }
    case 'param': {
      const value = paramOf(context.frontmatter, context.siteParams, named.name ?? first ?? '');
      if (value !== undefined) return { text: value };
      context.problems.push(`{{< param ${first ?? ''} >}}: no such page parameter`);
      return { text: '' };
    }
    case 'ref':
    case 'relref':
      return { text: refOf(named.path ?? first ?? '', context) };
    case 'youtube':
      // gohugo.io/shortcodes/youtube/, /vimeo/: `title` names the video.
      return { text: `[${named.title ?? 'YouTube video'}](https://www.youtube.com/watch?v=${named.id ?? first ?? ''})` };
    case 'vimeo':
      return { text: `[${named.title ?? 'Vimeo video'}](https://vimeo.com/${named.id ?? first ?? ''})` };
    case 'gist':
      return { text: `[Gist](https://gist.github.com/${named.user ?? first ?? ''}/${named.id ?? positional[1] ?? ''})` };
    case 'include': {
      const included = includeOf(named.file ?? named.path ?? first ?? '', context, depth);
      return { text: included, block: true };
    }
    case 'readfile':
      return { text: readfileOf(named.file ?? first ?? '', named, context, depth), block: true };
  }
  const docsy = docsyShortcode(call, body, children);
  if (docsy !== undefined) return docsy;
  if (raw !== undefined) {
    report(context, name, 'unwrapped');
    return { text: raw };
  }
  report(context, name, 'dropped');
  return { text: '' };
}

/**
 * A parameter as text, as Hugo's `param` shortcode finds it (gohugo.io/shortcodes/param/, which
 * calls gohugo.io/methods/page/param/): the page's (`params.name`, else the frontmatter's own
 * `name`), else the site's ({@link HugoParams}); a dotted name (`my.nested.param`) walks nested
 * maps; keys match case-insensitively, as Hugo lower-cases them. A string as it is, a number or a
 * boolean as text; `undefined` when no such value is set, or it is a list or a map (no text).
 */
export function paramOf(frontmatter: Record<string, unknown>, siteParams: HugoParams, name: string): string | undefined {
  const keys = name.split('.');
  const value = walk(frontmatter.params, keys) ?? walk(frontmatter, keys) ?? walk(siteParams, keys);
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;
}

/** The value at `keys` in nested maps, each key matched as written, else case-insensitively; `undefined` when absent. */
function walk(from: unknown, keys: readonly string[]): unknown {
  let value = from;
  for (const key of keys) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    const map = value as Record<string, unknown>;
    if (Object.hasOwn(map, key)) value = map[key];
    else {
      const lower = key.toLowerCase();
      const found = Object.keys(map).find((candidate) => candidate.toLowerCase() === lower);
      if (found === undefined) return undefined;
      value = map[found];
    }
  }
  return value;
}

/**
 * A `ref` target as a link to the page's file relative to this page (link rewriting then finds its URL,
 * as for any `.md` link): gohugo.io/methods/shortcode/ref-relref — a path, with or without `.md`, to
 * a page or a section (`_index.md`), relative to this page or, with a leading `/`, to the content folder.
 */
function refOf(target: string, context: HugoContext): string {
  const [file = '', fragment] = target.split('#', 2);
  const anchor = fragment === undefined ? '' : `#${fragment}`;
  if (file === '') return anchor;
  const here = path.posix.dirname(context.relPath);
  const bases = file.startsWith('/') ? [file.slice(1)] : [path.posix.join(here, file), file];
  for (const base of bases) {
    const stem = base.replace(/\/$/, '').replace(/\.md$/, '');
    for (const candidate of [`${stem}.md`, `${stem}/_index.md`, `${stem}/index.md`]) {
      if (context.lookup(candidate) !== undefined) {
        const relative = path.posix.relative(here === '.' ? '' : here, candidate);
        return `${relative.startsWith('.') ? relative : `./${relative}`}${anchor}`;
      }
    }
  }
  context.problems.push(`{{< ref "${target}" >}}: no such page`);
  return target;
}

/** A content file's body (frontmatter removed), its own shortcodes rendered; `''` (reported) when it cannot be read. */
function includeOf(target: string, context: HugoContext, depth: number): string {
  const read = readInclude(context, target.startsWith('/') ? target : `/${target}`, 'content');
  if ('error' in read) return refuseInclude(context, '{{% include %}}', target, read.error);
  const body = trimNewlines(bodyOf(read.text));
  return depth < MAX_INCLUDE_DEPTH ? hugoShortcodes(body, context, depth + 1) : body;
}

/**
 * Docsy's `readfile` (docsy.dev/docs/adding-content/shortcodes/#include-external-files): the file
 * relative to the page's folder, or from the content folder when it starts with `/`, read through
 * the file rule; `code=true` shows it as a code block in `lang`, else its markdown is inlined with
 * its shortcodes rendered. A file that cannot be read is reported (a `check` error) and noted.
 */
function readfileOf(target: string, named: Readonly<Record<string, string>>, context: HugoContext, depth: number): string {
  const read = readInclude(context, target, 'page');
  if ('error' in read) return refuseInclude(context, '{{% readfile %}}', target, read.error);
  if (named.code === 'true') return fenced(read.text, named.lang ?? '');
  const body = trimNewlines(bodyOf(read.text));
  return depth < MAX_INCLUDE_DEPTH ? hugoShortcodes(body, context, depth + 1) : body;
}

/**
 * A `code-toggle` body (TOML, as Hugo's docs write it) as three tabs: TOML, YAML and JSON, named
 * after `file` when given (`hugo.toml`…). Front matter (`fm=true`) gets its delimiters. A body that
 * is not TOML is shown as written.
 */
export function codeToggle(body: string, file: string | undefined, frontMatter: boolean): string {
  const source = trimNewlines(body);
  const label = (ext: string, format: string): string =>
    file === undefined ? format : `${path.posix.basename(file).replace(/\.md$/, '')}.${ext}`;
  let data: unknown;
  try {
    data = parseToml(source);
  } catch {
    return tabsMarkdown([{ label: label('toml', 'TOML'), body: fenced(source, 'toml') }]);
  }
  // The common simple tables without building a YAML document (simple-yaml-writer.ts): the same text.
  const yaml = (simpleYaml(data) ?? stringifyYaml(data)).replace(/\n$/, '');
  const json = JSON.stringify(data, null, 2);
  return tabsMarkdown([
    { label: label('toml', 'TOML'), body: fenced(frontMatter ? `+++\n${source}\n+++` : source, 'toml') },
    { label: label('yaml', 'YAML'), body: fenced(frontMatter ? `---\n${yaml}\n---` : yaml, 'yaml') },
    { label: label('json', 'JSON'), body: fenced(json, 'json') },
  ]);
}
