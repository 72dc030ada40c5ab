/**
 * Content written to stall a parser (issue 28 "One line of content stalls the server"): each shape
 * repeats a fragment that a backtracking regular expression or a rescanning loop reads again and
 * again, so that code doing super-linear work on it takes seconds where linear code takes
 * milliseconds. Shared by the property test of the dialects (src/content/dialects/adversarial.test.ts)
 * and the listener test (adversarial-content.test.ts).
 */

/** One adversarial shape: a name for the report and the text at about `chars` characters. */
export interface AdversarialShape {
  name: string;
  /** The text, at least `chars` characters long (one repeated fragment, with a head and a tail). */
  build: (chars: number) => string;
}

/** `fragment` repeated to at least `chars` characters, between `head` and `tail`. */
export function repeated(fragment: string, chars: number, head = '', tail = ''): string {
  return head + fragment.repeat(Math.max(1, Math.ceil(chars / fragment.length))) + tail;
}

/**
 * The shapes: repeated attributes, unclosed tags, deep nesting, and long runs of each generator's
 * markers (Hugo `{{<`, GitBook `{%`, containers `:::`, MkDocs `!!!` and `--8<--`, mdBook `{{#`,
 * Jinja-like `{#`), of backticks, brackets and emphasis, each ending where a match would fail.
 */
export const ADVERSARIAL_SHAPES: readonly AdversarialShape[] = [
  // The page of issue 28: one tag, attribute after attribute, never closed.
  { name: '<Ab + repeated attributes', build: (n) => repeated(' a="x"', n, '<Ab', '\n') },
  { name: '<Ab + unquoted attributes', build: (n) => repeated(' a=x', n, '<Ab', '\n') },
  { name: '<Ab + attributes with slashes', build: (n) => repeated(' a/', n, '<Ab', ' x\n') },
  { name: 'self-closing tags then text, MDX that does not parse', build: (n) => repeated('<Ab a="x" />', n, '', ' x\n\n<Ab\n') },
  { name: 'self-closing tags with a space', build: (n) => repeated('<A />', n, '', 'x\n\n{\n') },
  { name: 'unclosed component tags', build: (n) => repeated('<Ab a=', n, '', '\n') },
  { name: 'unclosed quotes in tags', build: (n) => repeated('<Ab a="', n, '', '\n') },
  { name: 'unclosed braces in tags', build: (n) => repeated('<Ab a={', n, '', '\n') },
  { name: 'lone <', build: (n) => repeated('<', n, '', '\n') },
  { name: 'deep nesting <a>', build: (n) => repeated('<a>', n, '', '\n') },
  { name: 'deep nesting <Ab>', build: (n) => repeated('<Ab>', n, '', '\n') },
  { name: 'deep nesting <div> lines', build: (n) => repeated('<div markdown>\n', n) },
  { name: 'Hugo {{<', build: (n) => repeated('{{<', n, '', '\n') },
  { name: 'Hugo {{< x', build: (n) => repeated('{{< x ', n, '', '\n') },
  { name: 'Hugo {{% x "', build: (n) => repeated('{{% x "a" ', n, '', '\n') },
  { name: 'Hugo shortcode arguments', build: (n) => repeated(' a="b"', n, '{{< x', ' >}\n') },
  { name: 'GitBook {%', build: (n) => repeated('{%', n, '', '\n') },
  { name: 'GitBook {% x with spaces', build: (n) => repeated('{% x ', n, '', '\n') },
  { name: 'GitBook tag spaces', build: (n) => repeated(' ', n, '{% hint', ' %\n') },
  { name: ':::', build: (n) => repeated(':::', n, '', '\n') },
  { name: '::: lines', build: (n) => repeated('::: tip\n', n) },
  { name: 'code group fence', build: (n) => repeated('`', n, '', ' [\n') },
  { name: '!!!', build: (n) => repeated('!!! ', n, '', '\n') },
  { name: '!!! lines', build: (n) => repeated('!!! note "x\n    a\n', n) },
  { name: 'admonition spaces', build: (n) => repeated(' ', n, '!!! note', 'x\n') },
  { name: '--8<--', build: (n) => repeated('--8<-- ', n, '', '\n') },
  { name: '--8<-- lines', build: (n) => repeated('--8<-- "a\n', n) },
  { name: 'mdBook {{#include', build: (n) => repeated('{{#include ', n, '', '\n') },
  { name: 'mdBook include arguments', build: (n) => repeated('a', n, '{{#include ', '\n') },
  { name: '{#', build: (n) => repeated('{#', n, '', '\n') },
  { name: 'JSX comments', build: (n) => repeated('{/*', n, '', '\n') },
  { name: 'HTML comments', build: (n) => repeated('<!--', n, '', '\n') },
  { name: 'backticks', build: (n) => repeated('`', n, '', 'a\n') },
  { name: 'backtick runs', build: (n) => repeated('`a``', n, '', '\n') },
  { name: 'brackets', build: (n) => repeated('[', n, '', '\n') },
  { name: 'link openings', build: (n) => repeated('[a](', n, '', '\n') },
  { name: 'images in brackets', build: (n) => repeated('![', n, '', '\n') },
  { name: 'emphasis', build: (n) => repeated('*_', n, '', '\n') },
  { name: 'newlines', build: (n) => repeated('\n', n, 'a', 'x') },
  { name: 'spaces', build: (n) => repeated(' ', n, 'a', 'x\n') },
  { name: 'hashes', build: (n) => repeated('#', n, '# a ', ' x\n') },
  { name: 'query marks', build: (n) => repeated('?', n, '[a](', '\n') },
  { name: 'heading of tags', build: (n) => repeated('<', n, '# a', '\n') },
  { name: 'blockquotes', build: (n) => repeated('> ', n, '', 'a\n') },
  { name: 'list nesting', build: (n) => repeated('- ', n, '', 'a\n') },
  { name: 'table pipes', build: (n) => repeated('|', n, '| a |\n|---|\n', '\n') },
  { name: 'frontmatter-like', build: (n) => repeated(': ', n, '---\ntitle: ', '\n---\n') },
  { name: 'Material icons', build: (n) => repeated(':material-', n, '', '\n') },
  { name: 'emoji shortcodes, known and not', build: (n) => repeated(':tada:a:xq:', n, '', '\n') },
  { name: 'an unclosed emoji name', build: (n) => repeated('a', n, ':', '\n') },
];
