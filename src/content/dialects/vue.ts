/**
 * Vue in VitePress pages (vitepress.dev "Using Vue in Markdown"): `<script setup>`, `<script>` and
 * `<style>` blocks are dropped (code and styling, not content); components (tags named in
 * PascalCase, `<VPTeamMembers>`, `<Badge>`) are unwrapped: the tags go, what they wrap stays. A
 * `<Badge text="…">` keeps its text. Fenced code and code spans are left as written. Used for `.md`
 * files; MDX has its own reader.
 */
import { codeLines, outsideCodeSpans } from './lines.js';
import { replaceComponentTags } from './vue-tags.js';

const BLOCK_OPEN = /^\s*<(script|style)(\s[^>]*)?>/i;

/** The text a component leaves: a badge's `text`, else nothing. */
function componentText(name: string, attributes: string): string {
  if (name !== 'Badge') return '';
  const match = /\btext=(?:"([^"]*)"|'([^']*)')/.exec(attributes);
  return match?.[1] ?? match?.[2] ?? '';
}

/**
 * Drops script and style blocks and unwraps Vue components in `markdown` outside code.
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
    if (!/<\/?[A-Z]/.test(line)) {
      out.push(line);
      continue;
    }
    const unwrapped = outsideCodeSpans(line, (prose) =>
      // Components are PascalCase tags with a lower-case letter (`<T>` or `<ID>` in prose is a type),
      // read by a linear scanner (vue-tags.ts), not a regular expression: content is untrusted.
      replaceComponentTags(prose, (tag) => componentText(tag.name, tag.attributes)),
    );
    // A line that held only tags leaves nothing, not a line of spaces.
    if (unwrapped.trim() !== '' || line.trim() === '') out.push(unwrapped.trimEnd());
    else if (out.at(-1)?.trim() !== '' && (lines[i + 1] ?? '').trim() !== '') out.push('');
  }
  return out.join('\n');
}
