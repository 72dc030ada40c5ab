/**
 * Vue interpolation in VitePress pages (vitepress.dev/guide/using-vue#interpolation: every page is a
 * Vue template, `{{ 1 + 1 }}` is evaluated; vitepress.dev/reference/runtime-api#frontmatter and
 * vitepress.dev/guide/frontmatter: `{{ $frontmatter.title }}` shows the page's frontmatter).
 * `{{ $frontmatter.key }}` (a dot path) becomes the value as text (`''` when missing, as Vue prints
 * `undefined`); any other expression cannot be evaluated without running the page's code: it is left
 * out and reported. Not interpolated, as in VitePress: fenced code and code spans (VitePress marks
 * them `v-pre`), `::: v-pre` containers and a line's text after a `v-pre` attribute
 * (vitepress.dev/guide/markdown#raw, § Escaping). Found with `indexOf`: linear on any page.
 */
import { codeLines, outsideCodeSpans } from './lines.js';

/** `$frontmatter` or `frontmatter` (the `useData()` spelling in templates), then its path: `.a.b`, `['a']`. */
const FRONTMATTER = /^\$?frontmatter(?=[.[])/;
/** One step of a frontmatter path, read where the last one ended (sticky). */
const STEP = /\.([\w$-]+)|\[\s*(?:'([^']*)'|"([^"]*)")\s*\]/y;
/** A `:::` line opening a `v-pre` container, and any `:::` opening or closing line. */
const V_PRE_OPEN = /^\s*:{3,}\s*v-pre\s*$/;
const CONTAINER_OPEN = /^\s*:{3,}\s*[A-Za-z]/;
const CONTAINER_CLOSE = /^\s*:{3,}\s*$/;

/** A frontmatter value as Vue prints it: strings as they are, numbers and booleans as text, lists joined. */
function printed(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString();
  return JSON.stringify(value);
}

/** The value an expression names, or `undefined` when it is not a frontmatter path. */
function frontmatterValue(expression: string, frontmatter: Record<string, unknown>): { text: string } | undefined {
  const trimmed = expression.trim();
  const head = FRONTMATTER.exec(trimmed);
  if (head === null) return undefined;
  let value: unknown = frontmatter;
  // Step by step to the end: anything that is not a step makes it no frontmatter path.
  for (STEP.lastIndex = head[0].length; STEP.lastIndex < trimmed.length;) {
    const step = STEP.exec(trimmed);
    if (step === null) return undefined;
    const key = step[1] ?? step[2] ?? step[3] ?? '';
    value = typeof value === 'object' && value !== null && Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  }
  return { text: printed(value) };
}

/** `prose` with each `{{ … }}` replaced; expressions left out are added to `dropped`. */
function interpolate(prose: string, frontmatter: Record<string, unknown>, dropped: string[]): string {
  let out = '';
  let at = 0;
  for (let open = prose.indexOf('{{'); open !== -1; open = prose.indexOf('{{', at)) {
    const close = prose.indexOf('}}', open + 2);
    if (close === -1) break;
    const expression = prose.slice(open + 2, close);
    const value = frontmatterValue(expression, frontmatter);
    if (value === undefined) dropped.push(`{{${expression}}}`.slice(0, 80));
    out += prose.slice(at, open) + (value?.text ?? '');
    at = close + 2;
  }
  return out + prose.slice(at);
}

/**
 * Interpolates `{{ … }}` in `markdown` (a page body) with the page's `frontmatter`.
 * @param dropped receives each expression that was left out, as written
 * @example vueInterpolation('# {{ $frontmatter.title }}', { title: 'Hi' }, []) // '# Hi'
 */
export function vueInterpolation(markdown: string, frontmatter: Record<string, unknown>, dropped: string[]): string {
  if (!markdown.includes('{{')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  let vPreDepth = 0;
  return lines
    .map((line, i) => {
      if (code[i] === true) return line;
      if (vPreDepth > 0) {
        if (CONTAINER_CLOSE.test(line)) vPreDepth--;
        else if (CONTAINER_OPEN.test(line)) vPreDepth++;
        return line;
      }
      if (V_PRE_OPEN.test(line)) {
        vPreDepth = 1;
        return line;
      }
      if (!line.includes('{{')) return line;
      const vPre = line.indexOf('v-pre');
      const head = vPre === -1 ? line : line.slice(0, vPre);
      const tail = vPre === -1 ? '' : line.slice(vPre);
      return outsideCodeSpans(head, (prose) => interpolate(prose, frontmatter, dropped)) + tail;
    })
    .join('\n');
}
