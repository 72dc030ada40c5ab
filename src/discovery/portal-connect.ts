/**
 * "Connect an agent (MCP)": how to add this site's MCP server (MCP 2025-11-25 Streamable HTTP,
 * SPEC.md §4 and DESIGN.md) to Claude Code, Claude Desktop / claude.ai, ChatGPT, Cursor and VS
 * Code. Accurate for today (issue 30): the server takes the API's credentials (an `X-API-Key`
 * header or a client-credentials bearer token) and has no authorization-code flow yet, so clients
 * that can only sign in through a browser (OAuth) reach the public pages only.
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

/** The client snippets of the section, for tests and the markdown twin. */
export function connectSnippets({ baseUrl, siteName }: ConnectInput): {
  claudeCode: string;
  claudeCodeKey: string;
  cursor: string;
  vscode: string;
} {
  const url = `${baseUrl}/mcp`;
  const name = mcpServerName(siteName);
  return {
    // Claude Code: `claude mcp add --transport http <name> <url>`, `--header "Name: value"` after
    // the URL as in the official example (code.claude.com/docs/en/mcp-quickstart and
    // code.claude.com/docs/en/mcp, "Option 1: HTTP"; `--header` takes several values, so it goes last).
    claudeCode: `claude mcp add --transport http ${name} ${url}`,
    claudeCodeKey: `claude mcp add --transport http ${name} ${url} --header "X-API-Key: <API_KEY>"`,
    // Cursor: `.cursor/mcp.json` or `~/.cursor/mcp.json`, `mcpServers` with `url` for a remote server
    // and `headers` (cursor.com/docs/mcp, as summarised at
    // developersdigest.tech/mcp-servers/clients/cursor; docs.geonode.com/docs/scraper-api/guides/mcp/04_cursor).
    cursor: JSON.stringify({ mcpServers: { [name]: { url, headers: { 'X-API-Key': '<API_KEY>' } } } }, null, 2),
    // VS Code: `.vscode/mcp.json`, top-level `servers`, `type: "http"` with `url` and `headers`, a
    // secret from `inputs` of type `promptString` with `password: true`
    // (code.visualstudio.com/docs/agents/reference/mcp-configuration and
    // code.visualstudio.com/docs/copilot/customization/mcp-servers).
    vscode: JSON.stringify(
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
  // create an app/connector with the MCP server URL (gofastmcp.com/integrations/chatgpt;
  // zuplo.com/docs/mcp-gateway/connect-clients/chatgpt.md).
  const url = `${input.baseUrl}/mcp`;
  const snippets = connectSnippets(input);
  return {
    id: 'connect',
    title: 'Connect an agent (MCP)',
    html: `<p>The MCP server of this site is at ${code(url)} (Streamable HTTP). Without a credential an agent reads the public pages; to read internal pages it sends an API key in the ${code('X-API-Key')} header (see <a href="#api-keys">API keys</a>), which clients that run on your machine can do. Browser sign-in (OAuth, the flow a client starts itself when you connect) is not offered by this server yet, so clients that connect only that way, such as claude.ai and ChatGPT, reach the public pages.</p>`,
    subsections: [
      {
        id: 'connect-claude-code',
        title: 'Claude Code',
        html: `<p>Add the server, then run ${code('/mcp')} in Claude Code to see its tools:</p>
${commandBlock(snippets.claudeCode)}
<p>With an API key (for internal pages and scripts):</p>
${commandBlock(snippets.claudeCodeKey)}`,
      },
      {
        id: 'connect-claude',
        title: 'Claude Desktop and claude.ai',
        html: `<p>Add a custom connector: Settings, Connectors, Add custom connector, with the URL ${code(url)}. Claude connects from Anthropic's servers and cannot send an API key header, so the connector reads public pages; remote servers written in ${code('claude_desktop_config.json')} are not used by Claude Desktop.</p>`,
      },
      {
        id: 'connect-chatgpt',
        title: 'ChatGPT',
        html: `<p>Turn on developer mode (Settings, Apps or Connectors, Advanced settings), then create a connector with the MCP server URL ${code(url)} and no authentication. Like claude.ai, ChatGPT reads the public pages; it cannot send an API key header.</p>`,
      },
      {
        id: 'connect-cursor',
        title: 'Cursor',
        html: `<p>In ${code('.cursor/mcp.json')} (this project) or ${code('~/.cursor/mcp.json')} (every project); leave out ${code('headers')} for public pages only:</p>
${commandBlock(snippets.cursor)}`,
      },
      {
        id: 'connect-vscode',
        title: 'VS Code',
        html: `<p>In ${code('.vscode/mcp.json')}; VS Code asks for the key once and keeps it. Leave out ${code('inputs')} and ${code('headers')} for public pages only:</p>
${commandBlock(snippets.vscode)}`,
      },
    ],
  };
}
