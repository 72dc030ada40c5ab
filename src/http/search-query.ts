/**
 * searchSite's query parameters (DESIGN.md "Search"), checked against `SearchQuerySchema`
 * (api/schemas.ts, published in the OpenAPI description) with the messages a JSON Schema
 * validator gives (ajv's, as the description's readers know them): each parameter at most once,
 * `q` text of at most 256 characters, `limit` an integer 1–100, `offset` an integer ≥ 0 (default
 * 0), `lang` a BCP 47 tag, `version` a name of 1–100 characters. Unknown parameters are ignored.
 */
import { ApiError } from '../errors.js';
import { SearchQuerySchema } from '../api/schemas.js';

/** Validated search parameters. */
export interface SearchQuery {
  q?: string;
  /** 1–100; undefined when not given. */
  limit?: number;
  /** Results to skip, 0 when not given. */
  offset: number;
  /** BCP 47 tag of the language to search in; undefined when not given. */
  lang?: string;
  /** Name of the docs version to search in (content/versions.ts); undefined when not given. Whether the site has it is the answer's to say. */
  version?: string;
}

const { q: Q, limit: LIMIT, offset: OFFSET, lang: LANG, version: VERSION } = SearchQuerySchema.properties;
const LANG_PATTERN = new RegExp(LANG.pattern);

/** @throws {ApiError} `invalid_query` naming the parameter, as `Invalid parameter: <name> <rule>.` */
function invalid(name: string, rule: string): ApiError {
  return new ApiError('invalid_query', { message: `Invalid parameter: ${name} ${rule}.` });
}

/**
 * An integer parameter within the schema's bounds (JSON Schema `integer`, `minimum`, `maximum`),
 * coerced from its text as a JSON Schema validator with type coercion does.
 * @throws {ApiError} `invalid_query`
 */
function integerParameter(name: string, text: string, bounds: { minimum: number; maximum: number }): number {
  const value = Number(text);
  if (text === '' || !Number.isInteger(value)) throw invalid(name, 'must be integer');
  if (value < bounds.minimum) throw invalid(name, `must be >= ${bounds.minimum}`);
  if (value > bounds.maximum) throw invalid(name, `must be <= ${bounds.maximum}`);
  return value;
}

/** The length of a string in Unicode code points, as JSON Schema's maxLength counts (not grapheme clusters). */
function codePoints(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdbff || i + 1 === text.length) count++;
  }
  return count;
}

/**
 * Parses and validates the query string of a search.
 * @param search the query string with its `?`, or `''`
 * @throws {ApiError} `invalid_query` for a repeated parameter or a value the schema refuses
 */
export function parseSearchQuery(search: string): SearchQuery {
  const given = new Map<string, string>();
  for (const [name, value] of new URLSearchParams(search)) {
    if (given.has(name)) throw new ApiError('invalid_query', { message: `The parameter ${name} is given more than once.` });
    given.set(name, value);
  }
  const query: SearchQuery = { offset: OFFSET.default };
  const q = given.get('q');
  if (q !== undefined) {
    // JSON Schema counts characters as code points (RFC 8259 strings), not UTF-16 units.
    if (codePoints(q) > Q.maxLength) throw invalid('q', `must NOT have more than ${Q.maxLength} characters`);
    query.q = q;
  }
  const limit = given.get('limit');
  if (limit !== undefined) query.limit = integerParameter('limit', limit, LIMIT);
  const offset = given.get('offset');
  if (offset !== undefined) query.offset = integerParameter('offset', offset, OFFSET);
  const lang = given.get('lang');
  if (lang !== undefined) {
    if (lang.length > LANG.maxLength) throw invalid('lang', `must NOT have more than ${LANG.maxLength} characters`);
    if (!LANG_PATTERN.test(lang)) throw invalid('lang', `must match pattern "${LANG.pattern}"`);
    query.lang = lang;
  }
  const version = given.get('version');
  if (version !== undefined) {
    if (codePoints(version) < VERSION.minLength) throw invalid('version', `must NOT have fewer than ${VERSION.minLength} characters`);
    if (codePoints(version) > VERSION.maxLength) throw invalid('version', `must NOT have more than ${VERSION.maxLength} characters`);
    query.version = version;
  }
  return query;
}
