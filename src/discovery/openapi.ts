/**
 * `/openapi.json`: the OpenAPI 3.1 description, generated from the operation table and the JSON
 * Schemas the server validates with (src/api/), so the two cannot drift.
 */
import { EXTRA_OPERATIONS, OPERATIONS, type Operation, type ResponseSpec } from '../api/operations.js';
import { COMPONENT_SCHEMAS } from '../api/schemas.js';
import { SCOPES, SCOPE_DESCRIPTIONS } from '../auth/scopes.js';
import { ERROR_TABLE, errorDocsUrl } from '../errors.js';

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

/** Builds the OpenAPI 3.1.0 document as a plain object. */
export function buildOpenApi(options: OpenApiOptions): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of [...OPERATIONS, ...EXTRA_OPERATIONS]) {
    paths[op.path] = { ...paths[op.path], [op.method.toLowerCase()]: describeOperation(op, options.baseUrl) };
  }
  const scopes = Object.fromEntries(SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]]));
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.siteName} — website discovery, search and scoped-access API`,
      version: API_VERSION,
      description:
        'Public discovery resources (OpenAPI, llms.txt, sitemap, developer portal), a public search index, credential inspection and OAuth 2.0 client-credentials token issuance. Every page is also available as markdown: send `Accept: text/markdown` or append `.md`. API keys are issued by the site operator on request; there is no self-service signup.',
    },
    servers: [{ url: options.baseUrl }],
    externalDocs: { description: 'Developer portal', url: `${options.baseUrl}/developers` },
    tags: [
      { name: 'Discovery', description: 'Machine-readable indexes of the site.' },
      { name: 'Search', description: 'The public search index.' },
      { name: 'Service', description: 'Service status.' },
      { name: 'Auth', description: 'Credential inspection and token issuance.' },
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
  if (op.query !== undefined) {
    described.parameters = Object.entries(op.query.properties).map(([name, schema]) => {
      const { description, ...rest } = schema as { description?: string };
      return { name, in: 'query', required: false, description, schema: rest };
    });
  }
  if (op.requestBody !== undefined) {
    const schema = { $ref: `#/components/schemas/${op.requestBody.schema}` };
    described.requestBody = {
      required: true,
      content: Object.fromEntries(op.requestBody.contentTypes.map((type) => [type, { schema }])),
    };
  }
  described.responses = Object.fromEntries(Object.entries(op.responses).map(([status, spec]) => [status, describeResponse(spec, baseUrl)]));
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
  return spec.contentType === undefined ? { description } : { description, content: { [spec.contentType]: { schema } } };
}
