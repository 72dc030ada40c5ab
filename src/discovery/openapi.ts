/**
 * `/openapi.json`: the OpenAPI 3.1 description, generated from the operation tables and the JSON
 * Schemas the server validates with (src/api/), so the two cannot drift. It lists every route the
 * route table answers (http/route-table.ts), the page route as the template `/{path}`, and is
 * clean under Redocly's `recommended` rules (issue 32; test/openapi.lint.test.ts).
 */
import { EXTRA_OPERATIONS, OPERATIONS, type Operation, type ResponseSpec } from '../api/operations.js';
import { SITE_OPERATIONS } from '../api/site-operations.js';
import { COMPONENT_SCHEMAS } from '../api/schemas.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../auth/scopes.js';
import { ERROR_TABLE, errorDocsUrl } from '../errors.js';
import { wellKnownPaths } from './well-known.js';

/** Options for {@link buildOpenApi}. */
export interface OpenApiOptions {
  /** Public base URL without trailing slash. */
  baseUrl: string;
  /** Site name, used in the title. */
  siteName: string;
}

/**
 * The version of the API this description describes (OpenAPI `info.version`, SPEC.md §9): it
 * changes when the HTTP API does. The release of sitegate itself is PACKAGE_VERSION (src/version.ts).
 */
export const API_VERSION = '1.0.0';

/**
 * Every request can be refused for its size before any route is looked up (http/limits.ts), with
 * the error object: each operation lists it, so none is without a 4XX answer.
 */
const URI_TOO_LONG: ResponseSpec = {
  description: 'The URL or its query string is over the limits (limits.maxUrlBytes, limits.maxQueryBytes).',
  contentType: 'application/json',
  schema: 'ApiError',
  codes: ['uri_too_long'],
};

/**
 * What an operation whose success is a redirect (sign-in, consent) answers otherwise: an
 * unexpected failure, as the error object. OpenAPI 3.1 §4.8.16: `default` covers the statuses not
 * listed.
 */
const OTHER_ERRORS: ResponseSpec = {
  description: 'Any other status: an unexpected failure.',
  contentType: 'application/json',
  schema: 'ApiError',
  codes: ['internal_error'],
};

/** The licence of the interface described: sitegate's own (package.json `license`), not the site's content. */
const API_LICENSE = { name: 'Apache-2.0', identifier: 'Apache-2.0' } as const;

/**
 * The RFC 8414 §3.1 / RFC 9728 §3.1 locations on the host's root that a base URL with a path adds
 * (discovery/well-known.ts `wellKnownPaths`), by the operation they serve: paths outside the
 * server URL, so each gets the origin as its own server.
 */
function hostRootAliases(baseUrl: string): { id: string; path: string }[] {
  const locations = wellKnownPaths(baseUrl);
  return (
    [
      ['getAuthorizationServerMetadata', locations.authorizationServer],
      ['getOpenIdConfiguration', locations.openidConfiguration],
      ['getProtectedResourceMetadata', locations.protectedResource],
      ['getMcpProtectedResourceMetadata', locations.mcpProtectedResource],
    ] as const
  ).flatMap(([id, paths]) => paths.slice(1).map((path) => ({ id, path })));
}

/**
 * Builds the OpenAPI 3.1.0 document as a plain object: the API operations (SPEC.md §4 and the
 * extras) and every other route (api/site-operations.ts).
 */
export function buildOpenApi(options: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const all = [...OPERATIONS, ...EXTRA_OPERATIONS, ...SITE_OPERATIONS];
  for (const op of all) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: describeOperation(op, options.baseUrl) };
  }
  const origin = new URL(options.baseUrl).origin;
  for (const alias of hostRootAliases(options.baseUrl)) {
    const op = all.find((candidate) => candidate.id === alias.id) as Operation;
    const described = describeOperation({ ...op, id: `${op.id}AtHostRoot` }, options.baseUrl);
    described.description = `${op.description} Served at the host's root too, the base path inserted after the well-known name (RFC 8414 §3.1, RFC 9728 §3.1).`;
    paths[alias.path] = { servers: [{ url: origin }], get: described };
  }
  const scopes = Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]]));
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.siteName} — website discovery, search and scoped-access API`,
      version: API_VERSION,
      description:
        'Public discovery resources (OpenAPI, llms.txt, sitemap, developer portal), a public search index, credential inspection and OAuth 2.0 client-credentials token issuance. Every page is also available as markdown: send `Accept: text/markdown` or append `.md`. API keys are issued by the site operator on request; there is no self-service signup.',
      license: API_LICENSE,
    },
    servers: [{ url: options.baseUrl }],
    externalDocs: { description: 'Developer portal', url: `${options.baseUrl}/developers` },
    tags: [
      { name: 'Discovery', description: 'Machine-readable indexes of the site.' },
      { name: 'Search', description: 'The public search index.' },
      { name: 'Service', description: 'Service status.' },
      { name: 'Auth', description: 'Credential inspection and token issuance.' },
      { name: 'MCP', description: 'The Model Context Protocol server.' },
      { name: 'Sign-in', description: "People sign in with the company's identity provider." },
      { name: 'Pages', description: 'The pages of the site, as HTML and markdown, and its static files.' },
    ],
    paths,
    components: {
      schemas: COMPONENT_SCHEMAS,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A scoped API key issued by the site operator.' },
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'An access token from the token endpoint (RFC 6750).' },
        oauth2: {
          type: 'oauth2',
          description: 'OAuth 2.0 client credentials: client_id and client_secret are the two halves of an API key.',
          flows: { clientCredentials: { tokenUrl: `${options.baseUrl}/api/v1/oauth/token`, scopes } },
        },
      },
    },
  };
}

function describeOperation(op: Operation, baseUrl: string): Record<string, unknown> {
  const described: Record<string, unknown> = {
    operationId: op.id,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
  };
  if (op.credential === 'none') described.security = [];
  else {
    const schemes = [{ apiKey: [] }, { bearer: [] }, { oauth2: [...op.scopes] }];
    // An optional credential is expressed by the empty requirement object (OpenAPI 3.1 §4.8.30).
    described.security = op.credential === 'optional' ? [{}, ...schemes] : schemes;
  }
  const parameters = [
    ...Object.entries(op.pathParameters ?? {}).map(([name, { description, schema }]) => ({
      name,
      in: 'path',
      required: true,
      description,
      schema,
    })),
    ...Object.entries(op.query?.properties ?? {}).map(([name, schema]) => {
      const { description, ...rest } = schema as { description?: string };
      return { name, in: 'query', required: false, description, schema: rest };
    }),
  ];
  if (parameters.length > 0) described.parameters = parameters;
  if (op.requestBody !== undefined) {
    const given = op.requestBody.schema;
    const schema = typeof given === 'string' ? { $ref: `#/components/schemas/${given}` } : given;
    described.requestBody = {
      required: true,
      content: Object.fromEntries(op.requestBody.contentTypes.map((type) => [type, { schema }])),
    };
  }
  const responses: Record<string, ResponseSpec> = { ...op.responses };
  if (!('414' in responses)) responses[414] = URI_TOO_LONG;
  if (!Object.keys(responses).some((status) => status.startsWith('2'))) responses.default = OTHER_ERRORS;
  described.responses = Object.fromEntries(Object.entries(responses).map(([status, spec]) => [status, describeResponse(spec, baseUrl)]));
  return described;
}

function describeResponse(spec: ResponseSpec, baseUrl: string): Record<string, unknown> {
  const schema = typeof spec.schema === 'string' ? { $ref: `#/components/schemas/${spec.schema}` } : spec.schema;
  let description = spec.description;
  if (spec.codes !== undefined) {
    const codes = spec.codes.map(
      (code) => `\`${code}\` (${ERROR_TABLE[code].message} [docs](${errorDocsUrl(`${baseUrl}/developers`, code)}))`,
    );
    description += ` Codes: ${codes.join('; ')}.`;
  }
  if (spec.contentType === undefined) return { description };
  return { description, content: Object.fromEntries([spec.contentType, ...(spec.also ?? [])].map((type) => [type, { schema }])) };
}
