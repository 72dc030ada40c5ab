/**
 * Vue in VitePress pages (vitepress.dev "Using Vue in Markdown"): `<script setup>`, `<script>` and
 * `<style>` blocks are dropped (code and styling, not content); components (tags named in
 * PascalCase, `<VPTeamMembers>`, `<Badge>`) are unwrapped: the tags go, what they wrap stays. A
 * `<Badge text="…">` keeps its text. Fenced code and code spans are left as written. Used for `.md`
 * files; MDX has its own reader.
 */
import { codeLines, isSpace, outsideCodeSpans } from './lines.js';
import { replaceComponentTags } from './vue-tags.js';

const BLOCK_OPEN = /^\s*<(script|style)(\s[^>]*)?>/i;

/** The text a component leaves: a badge's `text`, else nothing. */
function componentText(name: string, attributes: string): string {
  if (name !== 'Badge') return '';
  const match = /\btext=(?:"([^"]*)"|'([^']*)')/.exec(attributes);
  return match?.[1] ?? match?.[2] ?? '';
}

/** A Vue directive's attribute name (vuejs.org/guide/essentials/template-syntax: `v-if`, `v-on:click`, shorthands `:class`, `@click`, `#slot`). */
const DIRECTIVE_NAME = /^(?:v-[\w-]|[:@#][\w[])/;

/**
 * Whether an element's attribute text (`' :class="x" title="a :b"'`) names a Vue directive; values
 * are skipped, not read. An element with `v-pre` is not compiled (vuejs.org/api/built-in-directives#v-pre):
 * it stays as written.
 */
function hasDirective(attributes: string): boolean {
  let directive = false;
  let at = 0;
  while (at < attributes.length) {
    while (isSpace(attributes[at])) at++;
    const start = at;
    while (at < attributes.length && !isSpace(attributes[at]) && attributes[at] !== '=') at++;
    const name = attributes.slice(start, at);
    if (name === 'v-pre') return false;
    if (DIRECTIVE_NAME.test(name)) directive = true;
    if (attributes[at] !== '=') continue;
    const quote = attributes[at + 1];
    if (quote === '"' || quote === "'") {
      const close = attributes.indexOf(quote, at + 2);
      at = close === -1 ? attributes.length : close + 1;
    } else while (at < attributes.length && !isSpace(attributes[at])) at++;
  }
  return directive;
}

/**
 * `prose` with the HTML elements that carry Vue directives unwrapped (VitePress "Using Vue in
 * Markdown": `<button :class="$style.button" @click="count++">Increment</button>`): the tags go,
 * their text stays, and a closing tag goes with an opening one dropped on the same line. What the
 * directives do is the component's, not the page's text.
 */
function withoutDirectiveElements(prose: string): string {
  const dropped = new Map<string, number>();
  return replaceComponentTags(
    prose,
    (tag) => {
      const closing = prose[tag.start + 1] === '/';
      const open = dropped.get(tag.name) ?? 0;
      if (closing && open > 0) {
        dropped.set(tag.name, open - 1);
        return '';
      }
      if (closing || !hasDirective(tag.attributes)) return prose.slice(tag.start, tag.end);
      dropped.set(tag.name, open + 1);
      return '';
    },
    { html: true },
  );
}

/**
 * Drops script and style blocks and unwraps Vue components in `markdown` outside code, and the
 * HTML elements that carry Vue directives ({@link withoutDirectiveElements}).
 * @example vueComponents('<script setup>\nimport X from "./x.vue"\n</script>\n\n# Hi <Badge text="new" />') // '\n# Hi new'
 */
export function vueComponents(markdown: string): string {
  if (!markdown.includes('<')) return markdown;
  const lines = markdown.split('\n');
  const code = codeLines(lines);
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    if (code[i] === true) {
      out.push(line);
      continue;
    }
    const block = BLOCK_OPEN.exec(line);
    if (block !== null) {
      const closeTag = `</${(block[1] ?? '').toLowerCase()}>`;
      let end = i;
      while (end < lines.length && !(lines[end] ?? '').toLowerCase().includes(closeTag)) end++;
      i = end;
      continue;
    }
    const directives = /\s(?:v-|[:@#])/.test(line);
    if (!directives && !/<\/?[A-Z]/.test(line)) {
      out.push(line);
      continue;
    }
    const unwrapped = outsideCodeSpans(line, (prose) => {
      // Components are PascalCase tags with a lower-case letter (`<T>` or `<ID>` in prose is a type),
      // read by a linear scanner (vue-tags.ts), not a regular expression: content is untrusted.
      const components = replaceComponentTags(prose, (tag) => componentText(tag.name, tag.attributes));
      return directives ? withoutDirectiveElements(components) : components;
    });
    // A line that held only tags leaves nothing, not a line of spaces.
    if (unwrapped.trim() !== '' || line.trim() === '') out.push(unwrapped.trimEnd());
    else if (out.at(-1)?.trim() !== '' && (lines[i + 1] ?? '').trim() !== '') out.push('');
  }
  return out.join('\n');
}
