/**
 * PyMdown Snippets (facelessuser.github.io/pymdown-extensions "Snippets"): `--8<-- "file"` on a line
 * of its own (in code blocks too), the block form (`--8<--`, file names, `--8<--`), line ranges
 * (`file:3:5`) and sections (`file:name`, between `--8<-- [start:name]` and `--8<-- [end:name]`);
 * `;--8<--` is the literal text. Paths are relative to the site folder (the folder of `mkdocs.yml`,
 * Snippets' default `base_path`). And the files `mkdocs.yml` lists under `pymdownx.snippets:
 * auto_append`, appended to every page. URLs are not fetched; a file the rule refuses
 * (content/readable.ts) is reported and a note shown in its place.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseYaml } from '../yaml.js';
import { readInclude, refuseInclude, MAX_INCLUDE_DEPTH, type IncludeContext } from './include-context.js';
import type { IncludeRead, SiteFiles } from './site-files.js';
import { noteFileRead } from '../read-observer.js';

const LINE = /^(\s*)(;?)--8<--[ \t]+(["'])(.+?)\3[ \t]*$/;
const BLOCK = /^(\s*)--8<--[ \t]*$/;
const SECTION_MARK = /--8<--\s*\[(?:start|end):[\w-]+\]/;

/** The lines of a snippet a spec selects: `''` all, `3:5`, `3`, or a section name. */
function selectSnippet(text: string, spec: string): string | undefined {
  const lines = text.replace(/\n$/, '').split('\n');
  if (spec === '') return lines.filter((line) => !SECTION_MARK.test(line)).join('\n');
  const range = /^(\d+)?(?::(\d+))?$/.exec(spec);
  if (range !== null) {
    const first = Math.max(Number(range[1] ?? '1') - 1, 0);
    const last = range[2] === undefined ? (range[1] === undefined ? lines.length : first + 1) : Number(range[2]);
    return lines.slice(first, last).join('\n');
  }
  const start = lines.findIndex((line) => line.includes(`[start:${spec}]`));
  const end = lines.findIndex((line) => line.includes(`[end:${spec}]`));
  if (start === -1) return undefined;
  return lines
    .slice(start + 1, end === -1 ? lines.length : end)
    .filter((line) => !SECTION_MARK.test(line))
    .join('\n');
}

/** One snippet's text, expanded in turn, or `''` (reported) when it cannot be read. */
function snippet(target: string, context: IncludeContext, depth: number): string {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) {
    context.problems.push(`--8<--: ${target}: URL snippets are not fetched`);
    return '';
  }
  // `file.md:3:5` or `file.md:name`; a Windows drive letter never occurs in a relative path.
  const match = /^(.*?)(?::([\w-]+(?::\d+)?|:\d+))?$/.exec(target);
  const file = match?.[1] ?? target;
  const spec = match?.[2] ?? '';
  const read = readSnippet(context, file);
  if ('error' in read) return refuseInclude(context, '--8<--', file, read.error);
  const selected = selectSnippet(read.text, spec);
  if (selected === undefined) {
    context.problems.push(`--8<--: section ${spec} not found in ${file}`);
    return '';
  }
  return depth < MAX_INCLUDE_DEPTH ? mkdocsSnippets(selected, context, depth + 1) : selected;
}

/**
 * A snippet file, looked for under each `base_path` in turn (Snippets: "a list of paths to search
 * for snippets", relative to the folder MkDocs runs in, the site folder; default `.`); the first
 * that reads wins, else the first refusal is reported.
 */
function readSnippet(context: IncludeContext, file: string): IncludeRead {
  let first: IncludeRead | undefined;
  for (const base of snippetsConfig(context.files).basePath) {
    const target = base === '.' || base === '' ? file : path.posix.join(base, file);
    const read = readInclude(context, target, 'site');
    if (!('error' in read)) return read;
    first ??= read;
  }
  return first ?? readInclude(context, file, 'site');
}

/** `text` with `indent` before each of its lines. */
function indented(text: string, indent: string): string {
  return indent === ''
    ? text
    : text
        .split('\n')
        .map((line) => (line === '' ? line : indent + line))
        .join('\n');
}

/**
 * Replaces every snippet of `markdown` with the file it names.
 * @example mkdocsSnippets('--8<-- "includes/abbr.md"', context) // the file's text
 */
export function mkdocsSnippets(markdown: string, context: IncludeContext, depth = 0): string {
  if (!markdown.includes('--8<--')) return markdown;
  const lines = markdown.split('\n');
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const single = LINE.exec(line);
    if (single !== null) {
      const [, indent = '', escape, , target = ''] = single;
      out.push(escape === ';' ? line.replace(';--8<--', '--8<--') : indented(snippet(target, context, depth), indent));
      continue;
    }
    const block = BLOCK.exec(line);
    const close = block === null ? -1 : lines.findIndex((text, k) => k > i && BLOCK.test(text));
    if (block === null || close === -1) {
      out.push(line);
      continue;
    }
    for (const target of lines.slice(i + 1, close)) {
      if (target.trim() !== '' && !target.trim().startsWith(';'))
        out.push(indented(snippet(target.trim(), context, depth), block[1] ?? ''));
    }
    i = close;
  }
  return out.join('\n');
}

/** The `pymdownx.snippets` settings sitegate reads from `mkdocs.yml`. */
export interface SnippetsConfig {
  /** `auto_append`: files appended to every page, relative to the site folder. */
  autoAppend: string[];
  /** `base_path`: folders snippets are looked for in, in order, relative to the site folder; default `['.']`. */
  basePath: string[];
}

const NO_CONFIG: SnippetsConfig = { autoAppend: [], basePath: ['.'] };

/** Snippets settings by `mkdocs.yml` path, with the file's mtime: read once per change, not per page. */
const configCache = new Map<string, { mtimeMs: number; config: SnippetsConfig }>();

/**
 * The Snippets settings of the site's `mkdocs.yml` (in the site folder), cached by mtime; the
 * defaults when there is no site folder, no such file, or it does not parse. Reading never runs
 * anything (Python tags are plain values to the YAML reader).
 */
export function snippetsConfig(files: SiteFiles | undefined): SnippetsConfig {
  if (files?.siteRoot === undefined) return NO_CONFIG;
  for (const name of ['mkdocs.yml', 'mkdocs.yaml']) {
    const file = path.join(files.siteRoot, name);
    noteFileRead(file);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      continue;
    }
    const cached = configCache.get(file);
    if (cached?.mtimeMs === mtimeMs) return cached.config;
    const config = snippetsConfigOf(readFileSync(file, 'utf8'));
    configCache.set(file, { mtimeMs, config });
    return config;
  }
  return NO_CONFIG;
}

/** The files `mkdocs.yml` lists under `markdown_extensions` → `pymdownx.snippets` → `auto_append`. */
export function autoAppendFiles(files: SiteFiles | undefined): string[] {
  return snippetsConfig(files).autoAppend;
}

/**
 * The `pymdownx.snippets` settings of an `mkdocs.yml` text
 * (https://facelessuser.github.io/pymdown-extensions/extensions/snippets/#options): `auto_append`
 * (a list) and `base_path` (a string or a list).
 */
export function snippetsConfigOf(yamlText: string): SnippetsConfig {
  let config: unknown;
  try {
    // Python tags (`!!python/name:…`) are unresolved tags to the YAML reader: kept as plain values.
    config = parseYaml(yamlText, { logLevel: 'silent' });
  } catch {
    return NO_CONFIG;
  }
  const extensions = (config as { markdown_extensions?: unknown } | null)?.markdown_extensions;
  if (!Array.isArray(extensions)) return NO_CONFIG;
  for (const entry of extensions as unknown[]) {
    const settings = typeof entry === 'object' && entry !== null ? (entry as Record<string, unknown>)['pymdownx.snippets'] : undefined;
    if (typeof settings !== 'object' || settings === null) continue;
    const { auto_append: append, base_path: base } = settings as { auto_append?: unknown; base_path?: unknown };
    const strings = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
    const basePath = strings(base);
    return { autoAppend: strings(append), basePath: basePath.length > 0 ? basePath : ['.'] };
  }
  return NO_CONFIG;
}

/** The `auto_append` list of an `mkdocs.yml` text. */
export function autoAppendOf(yamlText: string): string[] {
  return snippetsConfigOf(yamlText).autoAppend;
}

/**
 * The text of the configured auto-appended files, to add at the end of a page (Snippets appends
 * them to every page), or `''` when none is configured. Failed reads are reported.
 */
export function autoAppended(context: IncludeContext): string {
  const texts = autoAppendFiles(context.files)
    .map((file) => snippet(file, context, 0))
    .filter((text) => text.trim() !== '');
  return texts.join('\n\n');
}
