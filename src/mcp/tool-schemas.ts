/**
 * The input schemas of the MCP tools `search` and `fetch` (mcp/server.ts), built once per process:
 * a Zod schema costs far more to build than a request costs to serve, and schemas are immutable,
 * so every per-request server shares these. Each is handed to the SDK as a Standard Schema whose
 * JSON Schema (what `tools/list` sends, MCP 2025-11-25 Server › Tools `inputSchema`) is also made
 * once: the v2 SDK converts a tool's schema on every `tools/list`, which was most of that
 * request's CPU time.
 */
import type { StandardSchemaWithJSON } from '@modelcontextprotocol/server';
import { z } from 'zod';

/** The JSON Schema dialect the SDK asks for (MCP 2025-11-25: JSON Schema 2020-12 by default). */
const JSON_SCHEMA_TARGET = 'draft-2020-12';

/** Freezes `value` and everything in it, so no consumer can change a schema every request shares. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const item of Object.values(value)) deepFreeze(item);
  }
  return value;
}

/**
 * `schema` as a Standard Schema (standardschema.dev: `~standard.validate`, and
 * `~standard.jsonSchema` of StandardJSONSchemaV1) that validates with Zod and answers its
 * JSON Schema from a frozen copy made now; any other dialect is converted as asked.
 */
function withJsonSchemaOnce<S extends z.ZodType>(schema: S): StandardSchemaWithJSON<z.input<S>, z.output<S>> {
  const standard = schema['~standard'];
  const made = {
    input: deepFreeze(standard.jsonSchema.input({ target: JSON_SCHEMA_TARGET })),
    output: deepFreeze(standard.jsonSchema.output({ target: JSON_SCHEMA_TARGET })),
  };
  return {
    '~standard': {
      ...standard,
      jsonSchema: {
        input: (options) => (options.target === JSON_SCHEMA_TARGET ? made.input : standard.jsonSchema.input(options)),
        output: (options) => (options.target === JSON_SCHEMA_TARGET ? made.output : standard.jsonSchema.output(options)),
      },
    },
  };
}

/** `search`'s arguments: the words, how many results, the language and the docs version of the pages. */
export const SEARCH_INPUT = withJsonSchemaOnce(
  z.object({
    query: z.string().min(1).max(256).describe('words to search for'),
    limit: z.number().int().min(1).max(100).optional().describe('results to return (default 10)'),
    lang: z
      .string()
      .max(35)
      // `{0,16}` rather than `*`: no nested unbounded quantifier (issue 31); within 35 characters a
      // 2-letter language has room for at most 16 two-character subtags, so the same tags match.
      .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8}){0,16}$/)
      .optional()
      .describe("BCP 47 language tag of the pages to search (de, pt-BR); default: the request's Accept-Language, else the site's language"),
    version: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe("name of the docs version whose pages to search (2.x), as the site's llms.txt lists them; default: the current version"),
  }),
);

/** Highest part number a part URL can name (content/paths.ts `parsePartPath`: at most 6 digits). */
const MAX_PART = 999_999;

/** `fetch`'s arguments: the page (path or URL) and, for a long page, the part. */
export const FETCH_INPUT = withJsonSchemaOnce(
  z.object({
    id: z.string().min(1).max(2048).describe('page id (path) or URL, from search results or the next_id of a fetch result'),
    part: z
      .number()
      .int()
      .min(1)
      .max(MAX_PART)
      .optional()
      .describe('part of a long page to read, 1-based (default: the part the id names, else part 1)'),
  }),
);
