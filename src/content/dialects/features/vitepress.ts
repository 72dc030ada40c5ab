/** The vitepress rows of the dialect feature table (../features.ts), each from the page of the documentation it names. */
import type { DialectFeature } from '../features.js';

/** VitePress' Markdown Extensions page, whose sections most rows follow. */
const MARKDOWN = 'https://vitepress.dev/guide/markdown';

/**
 * VitePress' rows: the Markdown Extensions page (custom containers, code groups, anchors, code
 * blocks, snippets, includes, `[[toc]]`, alerts, emoji), Using Vue in Markdown, the home page layout, and the routing
 * page's route rewrites (a site setting, which no page's source shows); `check` lists those a
 * page's source shows by `detect`.
 */
export const vitepressFeatures: readonly DialectFeature[] = [
  {
    id: 'vitepress.custom-containers',
    feature: 'custom containers (`::: info|tip|warning|danger|details [Title]`)',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#custom-containers`,
    support: 'supported',
    note: 'Found by markdown-it-container, as VitePress registers it (dialects/container-tree.ts); info/tip/warning/danger become GitHub alerts with the title in bold; details a quote with its summary (container.ts).',
    detect: /^[ \t]*:{3,}[ \t]*(?:info|tip|warning|danger|details)\b/im,
  },
  {
    id: 'vitepress.raw-container',
    feature: '`::: raw` and `::: v-pre`',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#raw`,
    support: 'supported',
    note: 'The body is kept as written, without the wrapper; `v-pre` bodies are not interpolated.',
    detect: /^[ \t]*:{3,}[ \t]*(?:raw|v-pre)[ \t]*$/m,
  },
  {
    id: 'vitepress.github-alerts',
    feature: 'GitHub-flavored alerts (`> [!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]`, `[!CAUTION]`)',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#github-flavored-alerts`,
    support: 'supported',
    note: 'GFM already: agents get them as written, the HTML renders the box (render-plugins.ts).',
    detect: /^[ \t]*>[ \t]*\[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/im,
  },
  {
    id: 'vitepress.code-group',
    feature: '`::: code-group` with `[label]` in each fence',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#code-groups`,
    support: 'supported',
    note: 'Each block becomes a labelled section (container.ts).',
    detect: /^[ \t]*:{3,}[ \t]*code-group/m,
  },
  {
    id: 'vitepress.custom-anchors',
    feature: 'custom heading anchors (`## Title {#id}`) and `markdown.attrs` delimiters',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#custom-anchors`,
    support: 'supported',
    note:
      'The HTML heading keeps the id; titles derived from the H1 leave the attribute list out in any configured delimiters ' +
      '(content/page-text.ts, through dialects/attr-list.ts); the agents\u2019 markdown is cleaned by the same step.',
    detect: /^#{1,6}[ \t][^\n]*\{#[\w-]+\}[ \t]*$/m,
  },
  {
    id: 'vitepress.line-highlighting',
    feature: 'line highlighting in code blocks (`js{1,4,6-8}` after a fence)',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#line-highlighting-in-code-blocks`,
    support: 'supported',
    note: 'The info string is kept; the HTML marks the lines (content/code/fence-info.ts).',
    detect: /^[ \t]*`{3,}[\w-]*\{[\d,\s-]+\}/m,
  },
  {
    id: 'vitepress.code-notation',
    feature: 'code annotations `// [!code highlight|focus|++|--|error|warning]` (with `:N`)',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#focus-in-code-blocks`,
    support: 'partial',
    note:
      'The notation comments are taken out of the code and the lines they mark highlighted (vitepress-code.ts); focus, diff and ' +
      'error/warning show as one kind of mark, and a `--` line stays in the code, as VitePress shows it.',
    detect: /\[!code (?:highlight|hl|focus|\+\+|--|error|warning|word:)/,
  },
  {
    id: 'vitepress.line-numbers',
    feature: 'line numbers (`ts:line-numbers`, `:line-numbers=2`, `:no-line-numbers`)',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#line-numbers`,
    support: 'partial',
    note: 'The suffix is taken off the language; lines are not numbered.',
    detect: /^[ \t]*`{3,}[\w-]*:(?:no-)?line-numbers/m,
  },
  {
    id: 'vitepress.snippet-import',
    feature: '`<<< @/path#region{1,2 lang} [title]` code snippet import',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#import-code-snippets`,
    support: 'supported',
    note: 'A fenced block of the file or its region, language from the braces or extension, highlights kept (vitepress-snippet.ts).',
    detect: /^[ \t]*<<<[ \t]/m,
  },
  {
    id: 'vitepress.markdown-include',
    feature: '`<!--@include: ./path.md#region{3,5}-->` markdown file inclusion',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#markdown-file-inclusion`,
    support: 'supported',
    note: 'Through content/readable.ts rules; regions, line ranges, nested includes (vitepress-include.ts).',
    detect: /<!--[ \t]*@include:/,
  },
  {
    id: 'vitepress.table-of-contents',
    feature: '`[[toc]]`',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#table-of-contents`,
    support: 'supported',
    note: 'A nested list of links to the `##`/`###` headings (the default `markdown.toc.level`; a configured level is not read) (vitepress-toc.ts).',
    detect: /^[ \t]*\[\[toc\]\][ \t]*$/im,
  },
  {
    id: 'vitepress.emoji',
    feature: 'emoji shortcodes (`:tada:`)',
    generators: ['vitepress'],
    doc: `${MARKDOWN}#emoji`,
    support: 'partial',
    note: 'Each `:name:` of markdown-it-emoji\u2019s table becomes its emoji in both, outside code (emoji.ts); emoticon shortcuts (`:)`, `<3`) stay as written.',
    detect: /(?:^|[\s(]):[a-z\d_+-]+:(?=$|[\s).,!?])/m,
  },
  {
    id: 'vitepress.frontmatter-interpolation',
    feature: '`{{ $frontmatter.key }}` and other Vue interpolation',
    generators: ['vitepress'],
    doc: 'https://vitepress.dev/guide/using-vue#interpolation',
    support: 'partial',
    note: '`$frontmatter` paths become their value; any other expression is left out with a `check` warning (vue-interpolation.ts).',
    detect: /\{\{/,
  },
  {
    id: 'vitepress.vue-in-markdown',
    feature: '`<script setup>`, `<style>` and Vue components in pages',
    generators: ['vitepress'],
    doc: 'https://vitepress.dev/guide/using-vue',
    support: 'partial',
    note: 'Scripts and styles are dropped, components and HTML elements with Vue directives (`@click`, `:class`, `v-if`, `#slot`) unwrapped, their text kept, `<Badge text>` kept (vue.ts); what a component renders is not, and an element whose tags span lines keeps its directives.',
    detect: /^[ \t]*<script\b|<[A-Z][a-z][\w-]*[\s/>]/m,
  },
  {
    id: 'vitepress.rewrites',
    feature: '`rewrites` (route rewrites: a static map, `:name` and `:name*` parameters)',
    generators: ['vitepress'],
    doc: 'https://vitepress.dev/guide/routing#route-rewrites',
    support: 'partial',
    note:
      'Pages are served at their rewritten paths, relative links read from them (then from the file), the file URL answering 308 ' +
      '(conventions/vitepress-rewrites.ts); a function-valued `rewrites`, `^regex` keys and other path-to-regexp syntax are not run: ' +
      '`check` warns and those pages keep their file URLs.',
  },
  {
    id: 'vitepress.home-page',
    feature:
      '`layout: home`: `hero` (`name`, `text`, `tagline`, `actions`) and `features` (`icon`, `title`, `details`, `link`, `linkText`)',
    generators: ['vitepress'],
    doc: 'https://vitepress.dev/reference/default-theme-home-page',
    support: 'partial',
    note:
      'The body starts with the hero heading (the name left out when it is the page title), tagline and action links, then a list of the ' +
      'features, each title bold with its details and link (vitepress-home.ts); the hero image and image icons are decoration and left out.',
    detect: /^layout:[ \t]*['"]?home\b/m,
  },
];
