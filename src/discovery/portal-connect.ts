/**
 * "Connect an agent (MCP)": how to add this site's MCP server (Streamable HTTP, SPEC.md §4 and
 * DESIGN.md) to Claude Code, Claude Desktop / claude.ai, ChatGPT, Cursor and VS Code (issue 30).
 * Each client signs its person in with OAuth (MCP 2025-11-25 Authorization: it discovers
 * sitegate's metadata from the `/mcp` 401, registers through a Client ID Metadata Document or
 * dynamic registration, and sends the person through the site's sign-in and a consent page), so
 * the agent reads what the person may read; scripts send an API key header instead.
 */
import { code, commandBlock, type PortalSection } from './portal-html.js';

/** What the section needs to know of the site. */
export interface ConnectInput {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Site name, the server's name in the client configurations. */
  siteName: string;
}

/** The server name used in commands and JSON: the site name reduced to letters, digits, `-` and `_`. */
export function mcpServerName(siteName: string): string {
  const words = siteName.toLowerCase().split(/[^a-z0-9_]+/);
  const name = words.filter((word) => word !== '').join('-');
  return name === '' ? 'docs' : name;
}

/** The client snippets of the section, for tests and the markdown twin: OAuth first, then with an API key. */
export interface ConnectSnippets {
  /** Claude Code: add the server (OAuth; `/mcp` in Claude Code then signs in). */
  claudeCode: string;
  /** Claude Code with an `X-API-Key` header. */
  claudeCodeKey: string;
  /** Cursor `mcp.json` (OAuth). */
  cursor: string;
  /** Cursor `mcp.json` with an `X-API-Key` header. */
  cursorKey: string;
  /** VS Code `.vscode/mcp.json` (OAuth). */
  vscode: string;
  /** VS Code `.vscode/mcp.json` with the key asked once (an `inputs` secret). */
  vscodeKey: string;
}

/** The client snippets of the section. */
export function connectSnippets({ baseUrl, siteName }: ConnectInput): ConnectSnippets {
  const url = `${baseUrl}/mcp`;
  const name = mcpServerName(siteName);
  const keyHeaders = { 'X-API-Key': '<API_KEY>' };
  return {
    // Claude Code: `claude mcp add --transport http <name> <url>`, then `/mcp` to authenticate with
    // OAuth; `--header "Name: value"` after the URL as in the official example
    // (code.claude.com/docs/en/mcp, "Option 1: HTTP" and "Authenticate with remote MCP servers";
    // `--header` takes several values, so it goes last).
    claudeCode: `claude mcp add --transport http ${name} ${url}`,
    claudeCodeKey: `claude mcp add --transport http ${name} ${url} --header "X-API-Key: <API_KEY>"`,
    // Cursor: `.cursor/mcp.json` or `~/.cursor/mcp.json`, `mcpServers` with `url` for a remote
    // server (OAuth when it asks for it) and `headers` (cursor.com/docs/mcp).
    cursor: JSON.stringify({ mcpServers: { [name]: { url } } }, null, 2),
    cursorKey: JSON.stringify({ mcpServers: { [name]: { url, headers: keyHeaders } } }, null, 2),
    // VS Code: `.vscode/mcp.json`, top-level `servers`, `type: "http"` with `url` (OAuth when the
    // server asks for it) and `headers`, a secret from `inputs` of type `promptString` with
    // `password: true` (code.visualstudio.com/docs/agents/reference/mcp-configuration and
    // code.visualstudio.com/docs/copilot/customization/mcp-servers).
    vscode: JSON.stringify({ servers: { [name]: { type: 'http', url } } }, null, 2),
    vscodeKey: JSON.stringify(
      {
        inputs: [{ type: 'promptString', id: 'sitegate-api-key', description: 'API key', password: true }],
        servers: { [name]: { type: 'http', url, headers: { 'X-API-Key': '${input:sitegate-api-key}' } } },
      },
      null,
      2,
    ),
  };
}

/** The "Connect an agent (MCP)" section of the portal. */
export function connectAgent(input: ConnectInput): PortalSection {
  // Claude Desktop and claude.ai: Settings > Connectors > Add custom connector; remote servers in
  // claude_desktop_config.json are not used; connections come from Anthropic's cloud, authless or
  // OAuth (support.claude.com/en/articles/11503834-building-custom-integrations-via-remote-mcp-servers).
  // ChatGPT: developer mode under Settings > Apps (formerly Connectors) > Advanced settings, then
  // create an app/connector with the MCP server URL and OAuth (gofastmcp.com/integrations/chatgpt;
  // zuplo.com/docs/mcp-gateway/connect-clients/chatgpt.md).
  const url = `${input.baseUrl}/mcp`;
  const snippets = connectSnippets(input);
  return {
    id: 'connect',
    title: 'Connect an agent (MCP)',
    html: `<p>The MCP server of this site is at ${code(url)} (Streamable HTTP). Without a credential an agent reads the public pages. To read what you may read, internal pages included, connect the client and sign in: it opens this site's sign-in in your browser, then a consent page that names the client and the scopes it asks for; once you allow it, the agent acts as you, never with more than your scopes. Each agent you allowed is listed and can be revoked by the site's operator (${code('sitegate sessions list')}, ${code('sitegate sessions revoke')}). Scripts and clients that cannot sign in send an API key in the ${code('X-API-Key')} header instead (see <a href="#api-keys">API keys</a>).</p>
<p>Sign-in needs the site's operator to have set it up. When it is not, the server has no one to sign in: it refuses a client's sign-in (${code('access_denied')}), and only API keys reach internal pages.</p>`,
    subsections: [
      {
        id: 'connect-claude-code',
        title: 'Claude Code',
        html: `<p>Add the server, then run ${code('/mcp')} in Claude Code and choose it to sign in:</p>
${commandBlock(snippets.claudeCode)}
<p>With an API key instead (scripts, or a site without sign-in):</p>
${commandBlock(snippets.claudeCodeKey)}`,
      },
      {
        id: 'connect-claude',
        title: 'Claude Desktop and claude.ai',
        html: `<p>Add a custom connector: Settings, Connectors, Add custom connector, with the URL ${code(url)}, then Connect: Claude opens this site's sign-in and the consent page. Claude connects from Anthropic's servers; remote servers written in ${code('claude_desktop_config.json')} are not used by Claude Desktop.</p>`,
      },
      {
        id: 'connect-chatgpt',
        title: 'ChatGPT',
        html: `<p>Turn on developer mode (Settings, Apps or Connectors, Advanced settings), then create a connector with the MCP server URL ${code(url)} and OAuth as its authentication; ChatGPT opens this site's sign-in and the consent page. ChatGPT cannot send an API key header.</p>`,
      },
      {
        id: 'connect-cursor',
        title: 'Cursor',
        html: `<p>In ${code('.cursor/mcp.json')} (this project) or ${code('~/.cursor/mcp.json')} (every project); Cursor offers to sign in when the server asks for it:</p>
${commandBlock(snippets.cursor)}
<p>With an API key instead:</p>
${commandBlock(snippets.cursorKey)}`,
      },
      {
        id: 'connect-vscode',
        title: 'VS Code',
        html: `<p>In ${code('.vscode/mcp.json')}; VS Code asks you to sign in when it starts the server:</p>
${commandBlock(snippets.vscode)}
<p>With an API key instead; VS Code asks for it once and keeps it:</p>
${commandBlock(snippets.vscodeKey)}`,
      },
    ],
  };
}
