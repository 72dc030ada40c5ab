/**
 * The token endpoints' request body (SPEC.md §2 "Token request"; RFC 6749 §4.4.2): SPEC.md's JSON
 * object or `application/x-www-form-urlencoded`, each parameter given once.
 */
import { parse as parseQueryString } from 'node:querystring';
import { ApiError } from '../errors.js';

/** The token request parameters, each given once: name → value. */
export type TokenParams = Readonly<Record<string, string>>;

/** Media types of token request bodies (RFC 6749 §4.4.2 form encoding, SPEC.md JSON). */
export type TokenBodyType = 'json' | 'form';

/**
 * Parses `application/x-www-form-urlencoded` (RFC 6749 §4.4.2, Appendix B): `+` is a space, then
 * percent-decoding as UTF-8. node:querystring decodes as URLSearchParams does (WHATWG URL
 * "application/x-www-form-urlencoded parsing") at about a third of its cost, and gives a repeated
 * name as an array, which is refused here.
 * @throws {ApiError} `invalid_request` when a parameter is repeated (RFC 6749 §3.2)
 */
export function parseForm(text: string): TokenParams {
  const parsed = parseQueryString(text, '&', '=', { maxKeys: 0 });
  for (const name in parsed)
    if (typeof parsed[name] !== 'string') throw new ApiError('invalid_request', { message: `The parameter ${name} is repeated.` });
  return parsed as TokenParams;
}

/** Every JSON string of a text, escapes included. */
const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;

/**
 * The first member name given twice in a JSON text known to be an object whose values are all
 * strings. JSON.parse keeps the last of repeated members without a word, so it cannot tell; in
 * such a text the strings alternate name, value, … unless a member was dropped (a repeated name
 * whose other value was not a string), which breaks the count.
 */
function repeatedMember(text: string, memberCount: number): string | undefined {
  const strings = text.match(JSON_STRING) ?? [];
  const seen = new Set<string>();
  for (let i = 0; i < strings.length; i += 2) {
    const name = JSON.parse(strings[i] as string) as string;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return strings.length === 2 * memberCount ? undefined : '';
}

/**
 * Parses the JSON body of SPEC.md §2 "Token request"; every given field must be a string, given
 * once (as in a form body, RFC 6749 §3.2).
 * @throws {ApiError} `invalid_request` for JSON that does not parse, is not an object, has a
 *   field that is not a string, or a field given twice
 */
export function parseJson(text: string): TokenParams {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_request', { message: 'The body is not valid JSON.' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ApiError('invalid_request', { message: 'The body must be a JSON object.' });
  const params: Record<string, string> = {};
  for (const [name, field] of Object.entries(value)) {
    if (typeof field !== 'string') throw new ApiError('invalid_request', { message: `The field ${name} must be a string.` });
    params[name] = field;
  }
  const repeated = repeatedMember(text, Object.keys(value).length);
  if (repeated !== undefined)
    throw new ApiError('invalid_request', {
      message: repeated === '' ? 'A parameter is repeated.' : `The parameter ${repeated} is repeated.`,
    });
  return params;
}

/**
 * Parses a body of a known type.
 * @throws {ApiError} `invalid_request` as {@link parseJson} and {@link parseForm}
 */
export function parseTokenBody(type: TokenBodyType, text: string): TokenParams {
  return type === 'json' ? parseJson(text) : parseForm(text);
}

/**
 * Step: the body must be present.
 * @throws {ApiError} `invalid_request` when the request had no body
 */
export function requireParams(params: TokenParams | undefined): TokenParams {
  if (params === undefined) throw new ApiError('invalid_request', { message: 'Send the token request as a JSON or form-encoded body.' });
  return params;
}
