/**
 * The developer portal's markdown twin and its "Connect an agent (MCP)" section (issue 30):
 * `/developers` negotiates HTML or markdown on `Accept` (RFC 9110 §12.5.1, `Vary: Accept`; HTML, as
 * SPEC.md answers it, when nothing fits), `/developers.md` is markdown only (RFC 7763), each links the other (RFC
 * 8288), bodies carry the snapshot's ETag; llms.txt's API links lead to the markdown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { etagOf } from '../src/body.js';
import { connectSnippets } from '../src/discovery/portal-connect.js';
import { buildTestApp, EXAMPLE_SITE, TEST_BASE_URL, type TestApp } from './helpers.js';
import { PACKAGE_JSON } from './package-json.js';
import { errorBody, headersOf, HTML_SECURITY, HTML_TYPE, JSON_TYPE, MARKDOWN_TYPE, PUBLIC_CORS } from './http-expect.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp(EXAMPLE_SITE);
});
afterAll(async () => {
  await t.app.close();
});

async function get(url: string, accept?: string) {
  return t.app.inject({ method: 'GET', url, headers: accept === undefined ? {} : { accept } });
}

const MCP_URL = `${TEST_BASE_URL}/mcp`;
const CANONICAL = `<${TEST_BASE_URL}/developers>; rel="canonical"`;

/** Headers of the portal's markdown; `vary` only where it was negotiated. */
function markdownHeaders(payload: Buffer, vary: string): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    ...PUBLIC_CORS,
    link: CANONICAL,
    'x-robots-tag': 'noindex',
    vary,
    etag: etagOf(payload),
    'cache-control': 'public, max-age=300',
    'content-type': MARKDOWN_TYPE,
    'content-length': String(payload.length),
  };
}

describe('/developers and its markdown twin', () => {
  it('answers HTML by default, varying on Accept and linking the markdown', async () => {
    for (const accept of [undefined, 'text/html', 'text/html,application/xhtml+xml,*/*;q=0.8', '*/*']) {
      const res = await get('/developers', accept);
      expect(res.statusCode, accept).toBe(200);
      expect(headersOf(res), accept).toStrictEqual({
        ...PUBLIC_CORS,
        ...HTML_SECURITY,
        vary: 'Accept, Accept-Encoding',
        link: `<${TEST_BASE_URL}/developers.md>; rel="alternate"; type="text/markdown"`,
        etag: etagOf(res.rawPayload),
        'cache-control': 'public, max-age=300',
        'content-type': HTML_TYPE,
        'content-length': String(res.rawPayload.length),
      });
      expect(res.body).toContain('<h2 id="connect">Connect an agent (MCP)</h2>');
    }
  });

  it('answers markdown for Accept: text/markdown, the same bytes as /developers.md', async () => {
    const negotiated = await get('/developers', 'text/markdown');
    expect(negotiated.statusCode).toBe(200);
    expect(headersOf(negotiated)).toStrictEqual(markdownHeaders(negotiated.rawPayload, 'Accept, Accept-Encoding'));
    const twin = await get('/developers.md');
    expect(twin.statusCode).toBe(200);
    expect(headersOf(twin)).toStrictEqual(markdownHeaders(twin.rawPayload, 'Accept-Encoding'));
    expect(twin.body).toBe(negotiated.body);
    expect(twin.body.startsWith('# Developers\n\nThe API, credentials, scopes and error codes of Acme Widgets')).toBe(true);
  });

  it('names the release of sitegate serving (package.json) apart from the API version (OpenAPI info.version)', async () => {
    const { version } = PACKAGE_JSON;
    const html = await get('/developers');
    expect(html.body).toContain(
      `<p>API version <code>1.0.0</code> (the description's <code>info.version</code>), served by sitegate <code>${version}</code> (also the <code>version</code> of <code>/api/v1/health</code>).</p>`,
    );
    const markdown = await get('/developers.md');
    expect(markdown.body).toContain(
      `\nAPI version \`1.0.0\` (the description's \`info.version\`), served by sitegate \`${version}\` (also the \`version\` of \`/api/v1/health\`).\n`,
    );
  });

  it('prefers markdown when the client ranks it higher', async () => {
    const res = await get('/developers', 'text/html;q=0.5, text/markdown');
    expect(res.headers['content-type']).toBe(MARKDOWN_TYPE);
  });

  it('answers 304 to a matching If-None-Match on the markdown', async () => {
    const first = await get('/developers.md');
    const res = await t.app.inject({ url: '/developers.md', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('answers /developers as HTML when nothing fits: SPEC.md gives it 200 text/html, never a 406', async () => {
    const res = await get('/developers', 'application/json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(HTML_TYPE);
    expect(res.headers.vary).toBe('Accept, Accept-Encoding');
  });

  it('answers /developers.md with 406 and the error object when markdown is refused', async () => {
    for (const [url, accept, offered] of [['/developers.md', 'application/json', 'text/markdown']] as const) {
      const res = await get(url, accept);
      expect(res.statusCode, url).toBe(406);
      expect(headersOf(res), url).toStrictEqual({
        vary: 'Accept',
        ...PUBLIC_CORS,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-type': JSON_TYPE,
        'content-length': String(res.rawPayload.length),
      });
      expect(res.json(), url).toStrictEqual(errorBody('not_acceptable', `This page is available as ${offered}.`));
    }
  });

  it('answers a browser that refuses markdown at /developers.md with the HTML error page', async () => {
    const res = await get('/developers.md', 'text/html');
    expect(res.statusCode).toBe(406);
    expect(res.headers['content-type']).toBe(HTML_TYPE);
    expect(res.headers.vary).toBe('Accept');
  });

  it('has no HTML markup outside its anchors and no interactive forms', async () => {
    const { body } = await get('/developers.md');
    const tags = body.replace(/<a id="[a-z0-9_-]+"><\/a>/g, '').replace(/`[^`\n]*`|```[\s\S]*?```/g, '');
    expect(tags).not.toMatch(/(?<!\\)<[a-z/][^>\n]*>/);
    expect(body).not.toContain('Send request');
    expect(body).toContain(`[Try it](${TEST_BASE_URL}/developers#try-search)`);
    expect(body).toContain('| Scope | Grants |\n| --- | --- |\n| `search:read` | read the public site search index |');
    expect(body).toContain('- `invalid_token` 401: The bearer token is malformed, has a bad signature or was revoked.');
  });
});

describe('Connect an agent (MCP)', () => {
  const snippets = connectSnippets({ baseUrl: TEST_BASE_URL, siteName: 'Acme Widgets' });

  it('gives each client its configuration with the MCP URL: OAuth, and with an API key', () => {
    expect(snippets.claudeCode).toBe(`claude mcp add --transport http acme-widgets ${MCP_URL}`);
    expect(snippets.claudeCodeKey).toBe(`claude mcp add --transport http acme-widgets ${MCP_URL} --header "X-API-Key: <API_KEY>"`);
    expect(JSON.parse(snippets.cursor)).toStrictEqual({ mcpServers: { 'acme-widgets': { url: MCP_URL } } });
    expect(JSON.parse(snippets.cursorKey)).toStrictEqual({
      mcpServers: { 'acme-widgets': { url: MCP_URL, headers: { 'X-API-Key': '<API_KEY>' } } },
    });
    expect(JSON.parse(snippets.vscode)).toStrictEqual({ servers: { 'acme-widgets': { type: 'http', url: MCP_URL } } });
    expect(JSON.parse(snippets.vscodeKey)).toStrictEqual({
      inputs: [{ type: 'promptString', id: 'sitegate-api-key', description: 'API key', password: true }],
      servers: { 'acme-widgets': { type: 'http', url: MCP_URL, headers: { 'X-API-Key': '${input:sitegate-api-key}' } } },
    });
  });

  it('names the MCP URL and every client in the markdown, each snippet in a code block', async () => {
    const { body } = await get('/developers.md');
    const section = body.slice(body.indexOf('## Connect an agent (MCP)'), body.indexOf('<a id="endpoints">'));
    expect(section).toContain(`The MCP server of this site is at \`${MCP_URL}\` (Streamable HTTP).`);
    for (const title of ['### Claude Code', '### Claude Desktop and claude.ai', '### ChatGPT', '### Cursor', '### VS Code'])
      expect(section, title).toContain(title);
    for (const snippet of Object.values(snippets)) expect(section).toContain(`\`\`\`\n${snippet}\n\`\`\``);
    expect(section).toContain('Add custom connector');
    expect(section).toContain('developer mode');
    // Agents sign their person in (issue 30); without sign-in on the site only API keys reach internal pages.
    expect(section).toContain("connect the client and sign in: it opens this site's sign-in in your browser, then a consent page");
    expect(section).toContain(
      "When it is not, the server has no one to sign in: it refuses a client's sign-in (`access_denied`), and only API keys reach internal pages.",
    );
    expect(section).toContain('Add the server, then run `/mcp` in Claude Code and choose it to sign in:');
  });

  it('says the same in the HTML portal and its markdown twin', async () => {
    const html = (await get('/developers')).body;
    const markdown = (await get('/developers.md')).body;
    const text = (value: string): string =>
      value
        .replace(/<[^>]+>|`/g, '')
        .replace(/&#39;/g, "'")
        .replace(/\s+/g, ' ');
    const htmlSection = text(html.slice(html.indexOf('<h2 id="connect">'), html.indexOf('<h2 id="try')));
    const markdownSection = text(markdown.slice(markdown.indexOf('## Connect an agent (MCP)'), markdown.indexOf('<a id="try')));
    for (const sentence of [
      'Without a credential an agent reads the public pages.',
      'Scripts and clients that cannot sign in send an API key in the X-API-Key header instead',
      'OAuth as its authentication',
      'Cursor offers to sign in when the server asks for it',
      'VS Code asks you to sign in when it starts the server',
    ]) {
      expect(htmlSection, sentence).toContain(sentence);
      expect(markdownSection, sentence).toContain(sentence);
    }
  });

  it('shows the same snippets in the HTML portal', async () => {
    const { body } = await get('/developers');
    expect(body).toContain(`<pre tabindex="0"><code>claude mcp add --transport http acme-widgets ${MCP_URL}</code></pre>`);
    expect(body).toContain('<h3 id="connect-vscode">VS Code</h3>');
  });
});

describe('llms.txt', () => {
  it('links the API to the markdown twin', async () => {
    const { body } = await get('/llms.txt');
    expect(body).toContain(`- [Developer portal](${TEST_BASE_URL}/developers.md): `);
    expect(body).toContain(`- [MCP server](${TEST_BASE_URL}/developers.md#mcp): `);
    expect(body).not.toMatch(/\/developers[#)]/);
  });
});
