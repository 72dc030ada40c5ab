/**
 * The markdown agents get for pages of examples/site, written out by hand: the source file with
 * every link made absolute and the llms.txt pointer after the frontmatter (DESIGN: portable
 * markdown, src/content/portable-markdown.ts). Written here rather than computed by the code under
 * test, so a drift in either the content or the rewriting fails.
 */
import { TEST_BASE_URL } from './helpers.js';

/** The line pointing agents at the site's llms.txt. */
export function llmsDirective(baseUrl: string = TEST_BASE_URL): string {
  return `> For agents: the index of this site is ${baseUrl}/llms.txt`;
}

/** `/index.md` (README.md). */
export function homeMarkdown(baseUrl: string = TEST_BASE_URL): string {
  return `---
title: Acme Widgets
description: Documentation of Acme Widgets, the example site bundled with sitegate.
---

${llmsDirective(baseUrl)}

Welcome to the Acme Widgets documentation. This is the example site that \`npm start\` serves:
every page you see here is a markdown file in \`examples/site/\`.

- Start with the [getting started guide](${baseUrl}/guides/getting-started).
- Configure your widget with the [configuration reference](${baseUrl}/guides/configuration).
- Read the latest news in the [blog](${baseUrl}/posts/2026-11-01-launch).
- The [terms of use](${baseUrl}/legal/terms) apply to everything here.

Agents can read every page as markdown: send \`Accept: text/markdown\`, or add \`.md\` to the URL.
`;
}

/** `/guides/index.md` (guides/README.md). */
export function guidesMarkdown(baseUrl: string = TEST_BASE_URL): string {
  return `---
title: Guides
description: Step-by-step guides for installing, configuring and running Acme Widgets.
---

${llmsDirective(baseUrl)}

These guides take you from nothing to a running widget.

1. [Getting started](${baseUrl}/guides/getting-started)
2. [Configuration](${baseUrl}/guides/configuration)
3. [Troubleshooting](${baseUrl}/guides/troubleshooting)

Back to the [home page](${baseUrl}/).
`;
}

/** `/guides/configuration.md`. */
export function configurationMarkdown(baseUrl: string = TEST_BASE_URL): string {
  return `---
title: Configuration
description: Every option a widget accepts, with its default and meaning.
weight: 2
---

${llmsDirective(baseUrl)}

## Options

| Option | Default | Meaning |
| --- | --- | --- |
| \`name\` | none | Name shown in logs |
| \`timeoutMs\` | \`5000\` | How long a widget waits for a reply, in milliseconds |
| \`retries\` | \`3\` | How often a failed call is retried |

> [!WARNING]
> Setting \`retries\` above 10 makes outages last longer, not shorter.

See [getting started](${baseUrl}/guides/getting-started) for a complete example.
`;
}

/** `/guides/getting-started.md`: the fragment of a page link is kept, the code blocks are untouched. */
export function gettingStartedMarkdown(baseUrl: string = TEST_BASE_URL): string {
  return `---
title: Getting started
description: Install Acme Widgets and run your first widget in five minutes.
weight: 1
---

${llmsDirective(baseUrl)}

## Install

\`\`\`bash
npm install acme-widgets
\`\`\`

## Run your first widget

\`\`\`js
import { Widget } from 'acme-widgets';

const widget = new Widget({ name: 'hello' });
await widget.start();
\`\`\`

Next, tune it with the [configuration reference](${baseUrl}/guides/configuration#options), or see
[troubleshooting](${baseUrl}/guides/troubleshooting) when something goes wrong.
`;
}

/** `/internal/runbook.md`: no links, so only the pointer is added. */
export function runbookMarkdown(baseUrl: string = TEST_BASE_URL): string {
  return `---
title: On-call runbook
description: How the Acme team handles widget outages (internal).
---

${llmsDirective(baseUrl)}

This page is internal: it is served only to credentials with the \`internal:read\` scope and
never appears in the sitemap, llms.txt or public search.

1. Page the on-call engineer.
2. Roll back the last deploy.
`;
}
