/**
 * Long pages served in parts (README "Long pages"): a page whose markdown reaches the page limit
 * is served in parts cut at its headings, part 1 at the page URL and part n at `;part=n`, as HTML
 * and markdown alike, each with its own ETag, navigation and `Link` rel prev/next; other spellings
 * redirect, missing parts are 404s, internal pages stay behind `internal:read`, and the parts put
 * back together are the page served whole. Built with the smallest limit, 5,000 characters.
 */
import { countTokens } from 'gpt-tokenizer';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, issueKey, removeDir, TEST_BASE_URL, writeContent, type TestApp } from './helpers.js';
import { HTML_TYPE, MARKDOWN_TYPE, PUBLIC_CORS } from './http-expect.js';

const LIMIT = 5_000;
const BASE = TEST_BASE_URL;
const AGENT_LINKS = `<${BASE}/llms.txt>; rel="llms-txt"; type="text/plain", <${BASE}/.well-known/api-catalog>; rel="api-catalog"; type="application/linkset+json", <${BASE}/mcp>; rel="service"; title="MCP server"`;

/** `lines` lines of prose about `topic`, about 60 characters each. */
function prose(topic: string, lines: number): string {
  return Array.from({ length: lines }, (_, i) => `The ${topic} section, line ${String(i).padStart(2, '0')}, says something useful.`).join(
    '\n',
  );
}

/** Three sections of about 2,300 characters: too long for one 5,000-character part, two fit in none. */
const ALPHA = `## Alpha\n\n${prose('alpha', 40)}\n`;
const BETA = `## Beta\n\n${prose('beta', 40)}\n`;
const GAMMA = `## Gamma\n\nSee [the start](./long.md#alpha), [Beta](#beta) and [this section](#gamma).\n\n${prose('gamma', 40)}\n`;
const LONG = `---\ntitle: Long guide\n---\n\nAn introduction to the long guide, with a [link](./short.md).\n\n${ALPHA}\n${BETA}\n${GAMMA}`;

const FILES = {
  'index.md': '# Home\n\nThe home page.\n',
  'guides/short.md': '# Short\n\nA short page.\n',
  'guides/long.md': LONG,
  // A file whose name is a part URL of long.md: it is a page of its own, at its encoded URL.
  'guides/long;part=2.md': '# Not a part\n\nA page whose name looks like a part.\n',
  // The same heading in two parts keeps the id it has in the whole page.
  'guides/repeated.md': `# Repeated\n\n## One\n\n### Example\n\n${prose('one', 60)}\n\n## Two\n\n### Example\n\n${prose('two', 60)}\n\n## Three\n\n${prose('three', 60)}\n`,
  'manual/index.md': `# Manual\n\n${ALPHA}\n${BETA}\n${GAMMA}`,
  'internal/long.md': `# Internal long\n\n${ALPHA}\n${BETA}\n${GAMMA}`,
};

let dir: string;
let t: TestApp;
/** The same site served with the page limit off. */
let whole: TestApp;

// Shared by the tests that only read (GETs of pages and parts); a test that issues keys builds its own.
beforeAll(async () => {
  dir = writeContent(FILES);
  t = await buildTestApp(dir, { settings: { pageMaxChars: LIMIT } });
  whole = await buildTestApp(dir, { settings: { pageMaxChars: 0 } });
});

afterAll(async () => {
  await t.app.close();
  await whole.app.close();
  removeDir(dir);
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** The navigation lines of part 2 of 3 of /guides/long, as served in markdown. */
const PART_2_NAV = `> Part 2 of 3 of a long page. [Previous page](${BASE}/guides/long.md) · [Next page](${BASE}/guides/long;part=3.md)`;

describe('a page over the limit', () => {
  it('is cut at its H2 headings into parts each under the limit, in HTML and markdown', async () => {
    const parts = t.loaded.snapshot.pages.get('/guides/long')?.parts;
    expect(parts?.map((part) => [part.n, part.url, part.markdownUrl, part.headings])).toStrictEqual([
      [1, '/guides/long', '/guides/long.md', ['Alpha']],
      [2, '/guides/long;part=2', '/guides/long;part=2.md', ['Beta']],
      [3, '/guides/long;part=3', '/guides/long;part=3.md', ['Gamma']],
    ]);
    for (const url of ['/guides/long.md', '/guides/long;part=2.md', '/guides/long;part=3.md']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body.length, url).toBeLessThan(LIMIT);
    }
  });

  it('serves part 2 as markdown with its navigation, tokens and Link rel prev/next', async () => {
    const res = await get('/guides/long;part=2.md');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(MARKDOWN_TYPE);
    expect(res.body).toBe(
      `# Long guide (part 2 of 3)\n\n> For agents: the index of this site is ${BASE}/llms.txt\n\n${PART_2_NAV}\n\n${BETA}\n\n> End of part 2 of 3. [Previous page](${BASE}/guides/long.md) · [Next page](${BASE}/guides/long;part=3.md)\n`,
    );
    expect(res.headers['x-markdown-tokens']).toBe(String(countTokens(res.body)));
    expect(res.headers.link).toBe(
      `<${BASE}/guides/long;part=2>; rel="canonical", <${BASE}/guides/long.md>; rel="prev"; type="text/markdown", <${BASE}/guides/long;part=3.md>; rel="next"; type="text/markdown", ${AGENT_LINKS}`,
    );
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['access-control-allow-origin']).toBe(PUBLIC_CORS['access-control-allow-origin']);
  });

  it('answers Accept: text/markdown on a part URL with the same markdown, varying on Accept', async () => {
    const negotiated = await get('/guides/long;part=2', { accept: 'text/markdown' });
    const direct = await get('/guides/long;part=2.md');
    expect(negotiated.statusCode).toBe(200);
    expect(negotiated.body).toBe(direct.body);
    expect(negotiated.headers.vary).toBe('Accept, Accept-Encoding');
    expect(negotiated.headers.etag).toBe(direct.headers.etag);
  });

  it('serves part 1 at the page URL, listing every part with its headings', async () => {
    const res = await get('/guides/long.md');
    expect(res.body.split('\n').slice(0, 12)).toStrictEqual([
      '---',
      'title: Long guide',
      '---',
      '',
      `> For agents: the index of this site is ${BASE}/llms.txt`,
      '',
      `> This page is long, so it is served in 3 parts. This is part 1: [Next page](${BASE}/guides/long;part=2.md)`,
      '>',
      `> - [Part 1](${BASE}/guides/long.md): Alpha`,
      `> - [Part 2](${BASE}/guides/long;part=2.md): Beta`,
      `> - [Part 3](${BASE}/guides/long;part=3.md): Gamma`,
      '',
    ]);
    expect(res.headers.link).toBe(
      `<${BASE}/guides/long>; rel="canonical", <${BASE}/guides/long;part=2.md>; rel="next"; type="text/markdown", ${AGENT_LINKS}`,
    );
    const last = await get('/guides/long;part=3.md');
    expect(
      last.body.endsWith(
        `> End of part 3 of 3. [Previous page](${BASE}/guides/long;part=2.md) · [Part 1, with the list of parts](${BASE}/guides/long.md)\n`,
      ),
    ).toBe(true);
  });

  it('serves each part as HTML with "Part n of N" navigation and <link rel="prev|next">', async () => {
    const res = await get('/guides/long;part=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(HTML_TYPE);
    expect(res.headers.link).toBe(
      `<${BASE}/guides/long;part=2.md>; rel="alternate"; type="text/markdown", <${BASE}/guides/long>; rel="prev", <${BASE}/guides/long;part=3>; rel="next", ${AGENT_LINKS}`,
    );
    expect(res.body).toContain(`<title>Long guide (part 2 of 3) · Home</title>`);
    expect(res.body).toContain(
      `<link rel="canonical" href="${BASE}/guides/long;part=2">\n<link rel="alternate" type="text/markdown" href="${BASE}/guides/long;part=2.md" title="Markdown">\n<link rel="prev" href="${BASE}/guides/long">\n<link rel="next" href="${BASE}/guides/long;part=3">`,
    );
    expect(res.body).toContain(
      `<nav class="page-parts" aria-label="Parts of this page">\n<p>Part 2 of 3 of a long page. <a rel="prev" href="/guides/long">Previous page</a> · <a rel="next" href="/guides/long;part=3">Next page</a></p>\n</nav>\n<h1>Long guide (part 2 of 3)</h1>\n<h2 id="beta">Beta</h2>`,
    );
    expect(res.body).toContain(
      `<p>End of part 2 of 3. <a rel="prev" href="/guides/long">Previous page</a> · <a rel="next" href="/guides/long;part=3">Next page</a></p>`,
    );
    const first = await get('/guides/long');
    expect(first.body).toContain(
      `<ul class="page-parts-list">\n<li><a href="/guides/long" aria-current="page">Part 1</a>: Alpha</li>\n<li><a href="/guides/long;part=2">Part 2</a>: Beta</li>\n<li><a href="/guides/long;part=3">Part 3</a>: Gamma</li>\n</ul>`,
    );
    // Relative links are rewritten in every part, as in the whole page; a link to a heading of
    // another part goes to that part.
    expect((await get('/guides/long;part=3')).body).toContain(
      '<p>See <a href="/guides/long#alpha">the start</a>, <a href="/guides/long;part=2#beta">Beta</a> and <a href="#gamma">this section</a>.</p>',
    );
    // The markdown says the same, with absolute URLs.
    expect((await get('/guides/long;part=3.md')).body).toContain(
      `See [the start](${BASE}/guides/long.md#alpha), [Beta](${BASE}/guides/long;part=2.md#beta) and [this section](#gamma).`,
    );
  });

  it('gives headings the ids they have in the whole page', async () => {
    const parts = t.loaded.snapshot.pages.get('/guides/repeated')?.parts ?? [];
    expect(parts.map((part) => part.headings)).toStrictEqual([['Repeated', 'One'], ['Two'], ['Three']]);
    expect((await get('/guides/repeated;part=2')).body).toContain('<h2 id="two">Two</h2>\n<h3 id="example-1">Example</h3>');
    expect((await whole.app.inject({ url: '/guides/repeated' })).body).toContain('<h2 id="two">Two</h2>\n<h3 id="example-1">Example</h3>');
  });

  it('gives every part its own ETag, and revalidates each', async () => {
    const tags = await Promise.all(
      ['/guides/long.md', '/guides/long;part=2.md', '/guides/long;part=3.md'].map(async (url) => (await get(url)).headers.etag),
    );
    expect(new Set(tags).size).toBe(3);
    const revalidated = await get('/guides/long;part=2.md', { 'if-none-match': String(tags[1]) });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
  });

  it('puts back together into the page served whole', async () => {
    const served = await whole.app.inject({ url: '/guides/long.md' });
    const parts = await Promise.all(
      ['/guides/long.md', '/guides/long;part=2.md', '/guides/long;part=3.md'].map(async (url) => (await get(url)).body),
    );
    const footer = /\n\n> End of part \d of 3\.[^\n]*\n$/;
    // The one change to the page's lines: a link to a heading (`#beta`, `./long.md#alpha`) names
    // the part holding it. Both sides are compared with such links as bare fragments.
    const fragmentsOnly = (text: string): string =>
      text.replaceAll(/\]\(http:\/\/sitegate\.test\/guides\/long(?:;part=\d)?(?:\.md)?#/g, '](#');
    const [first = '', ...later] = parts.map(fragmentsOnly);
    const contents = [
      first.replace(/\n\n> This page is long[^\n]*(\n>[^\n]*)*/, '').replace(footer, ''),
      ...later.map((part) => part.replace(/^# [^\n]*\n\n> For agents: [^\n]*\n\n> Part [^\n]*\n\n/, '').replace(footer, '')),
    ];
    expect(contents.join('\n')).toBe(fragmentsOnly(served.body));
  });
});

describe('part URLs', () => {
  it.each([
    ['/guides/long;part=1', '/guides/long'],
    ['/guides/long;part=1.md', '/guides/long.md'],
    ['/guides/long;part=02', '/guides/long;part=2'],
    ['/guides/long;part=002.md', '/guides/long;part=2.md'],
    ['/manual/README;part=2', '/manual/index;part=2'],
    ['/manual/index;part=1', '/manual/'],
  ])('redirects %s to %s (308)', async (url, location) => {
    const res = await get(url);
    expect(res.statusCode).toBe(308);
    expect(res.headers.location).toBe(location);
  });

  it.each([
    '/guides/long;part=4',
    '/guides/long;part=4.md',
    '/guides/long;part=0',
    '/guides/short;part=2',
    '/guides/long;part=x',
    '/nowhere;part=2',
  ])('answers %s with 404', async (url) => {
    expect((await get(url)).statusCode).toBe(404);
  });

  it('serves a folder page in parts at /folder/index;part=n', async () => {
    const res = await get('/manual/index;part=2.md');
    expect(res.statusCode).toBe(200);
    expect(
      res.body.startsWith(
        `# Manual (part 2 of 3)\n\n> For agents: the index of this site is ${BASE}/llms.txt\n\n> Part 2 of 3 of a long page. [Previous page](${BASE}/manual/index.md) · [Next page](${BASE}/manual/index;part=3.md)\n\n## Beta\n`,
      ),
    ).toBe(true);
    expect((await get('/manual/index;part=3')).statusCode).toBe(200);
  });

  it('never collides with a page: a file named like a part is served at its encoded URL', async () => {
    const res = await get('/guides/long%3Bpart%3D2');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1 id="not-a-part">Not a part</h1>');
    expect((await get('/guides/long;part=2')).body).toContain('Long guide (part 2 of 3)');
  });

  it('lists each page once in the sitemap, the llms files and search, never its parts', async () => {
    const sitemap = (await get('/sitemap.xml')).body;
    expect(sitemap).toContain(`<loc>${BASE}/guides/long</loc>`);
    expect(sitemap).toContain(`<loc>${BASE}/manual/</loc>`);
    expect(sitemap).not.toContain(';part=');
    const llms = (await get('/llms.txt')).body;
    expect(llms).toContain(`- [Long guide](${BASE}/guides/long.md): An introduction to the long guide, with a link.\n`);
    expect(llms).not.toContain(';part=');
    const paths = (JSON.parse((await get('/api/search.json')).body) as { path: string }[]).map((doc) => doc.path);
    expect(paths.filter((path) => path.startsWith('/guides/long'))).toStrictEqual(['/guides/long', '/guides/long%3Bpart%3D2']);
    expect(paths.some((path) => path.includes(';part='))).toBe(false);
    // llms-full.txt keeps whole pages.
    const full = (await get('/llms-full.txt')).body;
    expect(full).toContain(`${BETA}\n## Gamma\n`);
    expect(full).not.toContain('part 2 of 3');
  });

  it('reaches every part from the page URL by following Link rel="next", in HTML and in markdown', async () => {
    for (const [start, accept, expected] of [
      ['/guides/long', 'text/html', ['/guides/long', '/guides/long;part=2', '/guides/long;part=3']],
      ['/guides/long', 'text/markdown', ['/guides/long', '/guides/long;part=2.md', '/guides/long;part=3.md']],
      ['/manual/', 'text/html', ['/manual/', '/manual/index;part=2', '/manual/index;part=3']],
    ] as const) {
      const seen: string[] = [];
      let url: string | undefined = start;
      while (url !== undefined) {
        const res = await get(url, { accept });
        expect(res.statusCode, url).toBe(200);
        seen.push(url);
        const next = /<([^>]+)>; rel="next"/.exec(String(res.headers.link))?.[1];
        url = next === undefined ? undefined : next.slice(BASE.length);
      }
      expect(seen).toStrictEqual(expected);
    }
  });
});

describe('an internal page over the limit', () => {
  // Its own app: it issues keys, and the shared ones stay read-only.
  let keyed: TestApp;
  beforeEach(async () => {
    keyed = await buildTestApp(dir, { settings: { pageMaxChars: LIMIT } });
  });
  afterEach(async () => {
    await keyed.app.close();
  });

  it('is split the same way and stays behind internal:read, with no existence oracle', async () => {
    const get = (url: string, headers: Record<string, string> = {}) => keyed.app.inject({ method: 'GET', url, headers });
    expect((await get('/internal/long;part=2')).statusCode).toBe(401);
    expect((await get('/internal/long;part=9')).statusCode).toBe(401);
    const { apiKey } = await issueKey(keyed.context, ['internal:read']);
    const res = await get('/internal/long;part=2.md', { 'x-api-key': apiKey });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.body.startsWith('# Internal long (part 2 of 3)\n')).toBe(true);
    expect((await get('/internal/long;part=9', { 'x-api-key': apiKey })).statusCode).toBe(404);
    const { apiKey: contentOnly } = await issueKey(keyed.context, ['content:read']);
    expect((await get('/internal/long;part=2', { 'x-api-key': contentOnly })).statusCode).toBe(403);
    expect((await get('/sitemap.xml')).body).not.toContain('/internal/');
  });
});

describe('links across parts', () => {
  let refs: TestApp;
  let refsDir: string;
  const SELF = `## Alpha\n\n<a id="top-anchor"></a>See [Gamma](./links.md#gamma) and [the spec][spec], [café](#café).\n\n${prose('alpha', 40)}\n`;
  const BETA_CODE = `## Beta\n\nIndexing \`m[spec]\` is code, not a link.\n\n${prose('beta', 40)}\n`;
  const GAMMA_LINKS = `## Gamma\n\nBack to [Gamma](./links.md#gamma), up to [the anchor](./links.md#top-anchor).\n\n${prose('gamma', 30)}\n\n### Café\n\n${prose('café', 5)}\n`;
  const LINKS = `# Links\n\n${SELF}\n${BETA_CODE}\n${GAMMA_LINKS}\n[spec]: https://example.com/spec "The spec"\n`;

  // Shared: both tests only GET pages.
  beforeAll(async () => {
    refsDir = writeContent({ 'links.md': LINKS });
    refs = await buildTestApp(refsDir, { settings: { pageMaxChars: LIMIT } });
  });
  afterAll(async () => {
    await refs.app.close();
    removeDir(refsDir);
  });

  it('a link to the page itself with a fragment goes to the part holding the heading, in HTML and markdown', async () => {
    expect((await refs.app.inject({ url: '/links' })).body).toContain('See <a href="/links;part=3#gamma">Gamma</a> and');
    // A fragment spelt with non-ASCII letters, which markdown-it percent-encodes.
    expect((await refs.app.inject({ url: '/links' })).body).toContain('<a href="/links;part=3#caf%C3%A9">café</a>');
    // An anchor that is no heading: the page URL, as in the whole page (part 1 holds it).
    expect((await refs.app.inject({ url: '/links;part=3' })).body).toContain('up to <a href="/links#top-anchor">the anchor</a>');
    expect((await refs.app.inject({ url: '/links;part=3.md' })).body).toContain(`up to [the anchor](${BASE}/links#top-anchor)`);
    expect((await refs.app.inject({ url: '/links.md' })).body).toContain(
      `See [Gamma](${BASE}/links;part=3.md#gamma) and [the spec][spec], [café](${BASE}/links;part=3.md#café).`,
    );
  });

  it('a part using a link reference defined in another part carries the definition', async () => {
    const first = (await refs.app.inject({ url: '/links.md' })).body;
    expect(first).toContain('[spec]: https://example.com/spec "The spec"\n');
    expect((await refs.app.inject({ url: '/links' })).body).toContain('<a href="https://example.com/spec" title="The spec">the spec</a>');
    // Part 2 uses no reference (`m[spec]` is code): it gets no definition.
    expect((await refs.app.inject({ url: '/links;part=2.md' })).body).not.toContain('[spec]:');
  });
});
