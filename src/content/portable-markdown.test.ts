import { describe, expect, it } from 'vitest';
import { linkLookup, type PageUrlLookup } from './links.js';
import {
  bracketedLabels,
  normalizeLabel,
  pointFragments,
  portableMarkdown,
  referenceDefinitions,
  withLlmsDirective,
  type PortableOptions,
} from './portable-markdown.js';

const BASE = 'https://docs.example.com';

/** The files of a small site and the URLs their pages are served at. */
const URLS: Record<string, string> = {
  'README.md': '/',
  'guides/README.md': '/guides/',
  'guides/install.md': '/guides/install',
  'reference/api.md': '/reference/api',
};
const lookup: PageUrlLookup = (relPath) => URLS[relPath];

/** Options for the page reference/api.md, whose markdown is at /reference/api.md. */
function optionsFor(baseUrl: string): PortableOptions {
  return { relPath: 'reference/api.md', lookup, baseUrl, documentUrl: `${baseUrl}/reference/api.md` };
}

const portable = (source: string, baseUrl = BASE): string => portableMarkdown(source, optionsFor(baseUrl));

describe('portableMarkdown', () => {
  it.each<[what: string, source: string, expected: string]>([
    [
      'a relative .md link becomes the absolute page URL, its fragment kept',
      'See [install](../guides/install.md#linux).\n',
      'See [install](https://docs.example.com/guides/install#linux).\n',
    ],
    ['a folder link becomes the folder URL', 'All [guides](../guides/).\n', 'All [guides](https://docs.example.com/guides/).\n'],
    ['a link to the home page becomes the base URL with a slash', '[Home](../README.md)\n', '[Home](https://docs.example.com/)\n'],
    [
      'an image beside the page is resolved against the markdown URL',
      '![diagram](./a.png)\n',
      '![diagram](https://docs.example.com/reference/a.png)\n',
    ],
    [
      'a root-relative image is resolved against the origin',
      '![logo](/images/x.svg "Logo")\n',
      '![logo](https://docs.example.com/images/x.svg "Logo")\n',
    ],
    [
      'a relative link to a missing file is resolved against the markdown URL',
      '[gone](missing.md)\n',
      '[gone](https://docs.example.com/reference/missing.md)\n',
    ],
    ['a fragment stays as it is', '[below](#frag)\n', '[below](#frag)\n'],
    ['an absolute URL stays as it is', '[spec](https://example.com/spec.md)\n', '[spec](https://example.com/spec.md)\n'],
    ['a mailto: link stays as it is', '[mail](mailto:ops@example.com)\n', '[mail](mailto:ops@example.com)\n'],
    [
      'a destination in angle brackets keeps them',
      '[install](<../guides/install.md>)\n',
      '[install](<https://docs.example.com/guides/install>)\n',
    ],
    [
      'every link of a line is rewritten',
      '[a](../guides/install.md) and [b](../README.md#top)\n',
      '[a](https://docs.example.com/guides/install) and [b](https://docs.example.com/#top)\n',
    ],
  ])('%s', (_what, source, expected) => {
    expect(portable(source)).toBe(expected);
  });

  it('prefixes page URLs with the base path, but resolves root-relative links against the origin', () => {
    expect(portable('[install](../guides/install.md) ![logo](/images/x.svg) ![a](a.png)\n', 'https://example.com/docs')).toBe(
      '[install](https://example.com/docs/guides/install) ![logo](https://example.com/images/x.svg) ![a](https://example.com/docs/reference/a.png)\n',
    );
  });

  it('leaves links inside ``` and ~~~ fences alone', () => {
    const source = [
      '```md',
      'See [install](../guides/install.md).',
      '```',
      '',
      '~~~~',
      '[x](./a.png)',
      '```',
      '[y](./b.png)',
      '~~~~',
      '',
      '[after](./c.png)',
      '',
    ].join('\n');
    expect(portable(source)).toBe(
      [
        '```md',
        'See [install](../guides/install.md).',
        '```',
        '',
        '~~~~',
        '[x](./a.png)',
        '```',
        '[y](./b.png)',
        '~~~~',
        '',
        '[after](https://docs.example.com/reference/c.png)',
        '',
      ].join('\n'),
    );
  });

  it('leaves links inside code spans alone, and rewrites the others of the line', () => {
    expect(portable('Write `[x](install.md)` or ``[y](a.png)``, like [this](../guides/install.md).\n')).toBe(
      'Write `[x](install.md)` or ``[y](a.png)``, like [this](https://docs.example.com/guides/install).\n',
    );
  });

  it('rewrites the destinations of reference definitions, keeping their titles', () => {
    const source = [
      'Read [install] and [the diagram][img].',
      '',
      '[install]: ../guides/install.md#linux "Install"',
      '  [img]: <./a b.png>',
      '[top]: #frag',
      '[spec]: https://example.com/spec',
      '',
    ].join('\n');
    expect(portable(source)).toBe(
      [
        'Read [install] and [the diagram][img].',
        '',
        '[install]: https://docs.example.com/guides/install#linux "Install"',
        '  [img]: <https://docs.example.com/reference/a%20b.png>',
        '[top]: #frag',
        '[spec]: https://example.com/spec',
        '',
      ].join('\n'),
    );
  });

  it('leaves a footnote-like line alone: text after the "destination" makes it no definition', () => {
    const source = '[^1]: fao = for the attention of\n[^2]: see below\n';
    expect(portable(source)).toBe(source);
  });

  it('makes the src of raw HTML media tags and the href of its links absolute, pages at their URLs (code spans left)', () => {
    const source = '<a href="../guides/install.md">install</a> <img src="./a.png" alt="">\n';
    expect(portable(source)).toBe(
      '<a href="https://docs.example.com/guides/install">install</a> <img src="https://docs.example.com/reference/a.png" alt="">\n',
    );
    expect(portable("<video src='../v.mp4'></video> <img src=b.svg>\n")).toBe(
      '<video src="https://docs.example.com/v.mp4"></video> <img src="https://docs.example.com/reference/b.svg">\n',
    );
    const code = 'Write `<img src="./a.png">` for that.\n';
    expect(portable(code)).toBe(code);
  });

  it('leaves the frontmatter byte for byte, whatever it holds', () => {
    expect(portable('---\r\ntitle: API\r\nsee: "[install](../guides/install.md)"\r\n---\r\n[install](../guides/install.md)\r\n')).toBe(
      '---\r\ntitle: API\r\nsee: "[install](../guides/install.md)"\r\n---\r\n[install](https://docs.example.com/guides/install)\r\n',
    );
  });

  it('leaves a page without links byte for byte', () => {
    const source = '# API\n\nNo links here: [not a link] and (not one either).\n';
    expect(portable(source)).toBe(source);
  });
});

describe('withLlmsDirective', () => {
  const DIRECTIVE = '> For agents: the index of this site is https://docs.example.com/llms.txt';

  it('puts the pointer after the frontmatter, with a blank line before the body', () => {
    expect(withLlmsDirective('---\ntitle: API\n---\n\nThe API.\n', BASE)).toBe(`---\ntitle: API\n---\n\n${DIRECTIVE}\n\nThe API.\n`);
  });

  it('puts the pointer after a leading H1, with a blank line before it', () => {
    expect(withLlmsDirective('# API\n\nThe API.\n', BASE)).toBe(`# API\n\n${DIRECTIVE}\n\nThe API.\n`);
  });

  it('keeps text written right under an H1 out of the pointer quote', () => {
    expect(withLlmsDirective('# API\nThe API.\n', BASE)).toBe(`# API\n\n${DIRECTIVE}\n\nThe API.\n`);
  });

  it('puts the pointer after the H1 that opens the body below the frontmatter', () => {
    expect(withLlmsDirective('---\ntitle: API\n---\n# API\n\nThe API.\n', BASE)).toBe(
      `---\ntitle: API\n---\n# API\n\n${DIRECTIVE}\n\nThe API.\n`,
    );
  });

  it('puts the pointer first when the body opens with anything but an H1', () => {
    expect(withLlmsDirective('## Install\n\nRun it.\n', BASE)).toBe(`${DIRECTIVE}\n\n## Install\n\nRun it.\n`);
  });

  it('is the pointer alone for an empty page, and follows a frontmatter with no body', () => {
    expect(withLlmsDirective('', BASE)).toBe(`${DIRECTIVE}\n\n`);
    expect(withLlmsDirective('---\ntitle: Empty\n---\n', BASE)).toBe(`---\ntitle: Empty\n---\n${DIRECTIVE}\n\n`);
  });

  it('names the llms.txt of the base URL, base path included', () => {
    expect(withLlmsDirective('Hello.\n', 'https://example.com/docs')).toBe(
      '> For agents: the index of this site is https://example.com/docs/llms.txt\n\nHello.\n',
    );
  });
});

describe('pointFragments', () => {
  const holders = new Map([
    ['setup', 'https://docs.example.com/guide;part=2.md'],
    ['über', 'https://docs.example.com/guide;part=3.md'],
  ]);
  const holderOf = (id: string): string | undefined => holders.get(id);

  it('points a fragment of another document at it, in inline links and definitions, bracketed or not', () => {
    const markdown = ['See [setup](#setup), [über](#%C3%BCber) and [here](#here).', '', '[ref]: <#setup> "Setup"'].join('\n');
    expect(pointFragments(markdown, holderOf)).toBe(
      [
        'See [setup](https://docs.example.com/guide;part=2.md#setup), [über](https://docs.example.com/guide;part=3.md#%C3%BCber) and [here](#here).',
        '',
        '[ref]: <https://docs.example.com/guide;part=2.md#setup> "Setup"',
      ].join('\n'),
    );
  });

  it('leaves code, other destinations and undecodable fragments as they are', () => {
    const markdown = ['`[a](#setup)` [b](/x#setup) [c](#%E0%A4%A)', '```', '[d](#setup)', '```'].join('\n');
    expect(pointFragments(markdown, holderOf)).toBe(markdown);
  });
});

describe('link labels', () => {
  it('compares labels as markdown-it does: trimmed, spaces collapsed, case-folded (ß is SS)', () => {
    expect(normalizeLabel('  The   Spec ')).toBe(normalizeLabel('the spec'));
    expect(normalizeLabel('straße')).toBe(normalizeLabel('STRASSE'));
    expect([...bracketedLabels('See [the spec][ SPEC ] and [STRASSE], not `code`.')]).toStrictEqual(['THE SPEC', 'SPEC', 'STRASSE']);
  });

  it('finds one-line reference definitions outside fenced code', () => {
    const lines = ['[Spec]: https://example.com/spec', '```', '[not]: /a', '```', '  [straße]: </s> "Street"'];
    expect(referenceDefinitions(lines)).toStrictEqual([
      { line: 0, label: 'SPEC', text: '[Spec]: https://example.com/spec' },
      { line: 4, label: 'STRASSE', text: '  [straße]: </s> "Street"' },
    ]);
  });
});

describe('portableMarkdown on a site with its own render-link hook', () => {
  const hooked: PortableOptions = {
    ...optionsFor(BASE),
    lookup: linkLookup(lookup, { pathFromRoot: true, renderLinkHook: true }, () => undefined),
  };

  it('writes a link it cannot resolve as its text, as the HTML does; code, images and resolved links are left', () => {
    expect(
      portableMarkdown(
        'A [page kind](g), [install](../guides/install.md), `[x](g)` and ![i](g).\n\n```\n[y](g)\n```\n[t](g "title")\n',
        hooked,
      ),
    ).toBe(
      'A page kind, [install](https://docs.example.com/guides/install), `[x](g)` and ![i](https://docs.example.com/reference/g).\n\n```\n[y](g)\n```\nt\n',
    );
  });
});
