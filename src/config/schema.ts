/**
 * The JSON Schema of `sitegate.json`, made from the settings list (settings.ts), and its
 * validation with ajv (strict): unknown keys and wrong types are errors, reported as one line with
 * the key path and, for a near miss, the key meant ("did you mean").
 */
import { Ajv, type ErrorObject, type SchemaObject, type ValidateFunction } from 'ajv';
import didYouMean from 'didyoumean2';
import { SETTING_BY_KEY, SETTINGS, type Setting } from './settings.js';

/** Where the published schema lives in the package (written by `npm run build`, listed in package.json `files`). */
export const SCHEMA_FILE_NAME = 'sitegate.schema.json';

/** Descriptions of the nested objects of `sitegate.json`. */
const OBJECT_DESCRIPTIONS: Readonly<Record<string, string>> = {
  '': 'sitegate.json: the settings of a sitegate site. Flags and environment variables win over it (docs/settings.md in the sitegate repository).',
  site: 'The site as people and agents see it.',
  audit: 'The audit log of key and token events.',
  limits: 'Request size limits and connection timeouts.',
  rateLimits: 'Rate limits: at most `points` per `windowSec` for each client address.',
  auth: 'Sign-in for people through an OpenID Connect provider (the provider, the grants that give scopes, the sessions), and the agents that act for them.',
  'auth.clientIdMetadataDocuments': 'Agents named by the https URL of their Client ID Metadata Document.',
  'auth.oidc': "The OpenID Connect provider people sign in with, and sitegate's registration there (sitegate is a relying party).",
};

/** An object of the schema with no keys but `$comment` (a note for people, ignored). */
function objectSchema(key: string): SchemaObject & { properties: Record<string, SchemaObject> } {
  const description = OBJECT_DESCRIPTIONS[key];
  return {
    type: 'object',
    ...(description === undefined ? {} : { description }),
    additionalProperties: false,
    properties: { $comment: { type: 'string', description: 'A note for people; sitegate ignores it.' } },
  };
}

/** The schema of one setting's value: its own, with its description and default (editors show both). */
function valueSchema(setting: Setting): SchemaObject {
  return { ...setting.schema, description: setting.description, ...(setting.default === undefined ? {} : { default: setting.default }) };
}

/**
 * Builds the JSON Schema (draft-07) of `sitegate.json` from {@link SETTINGS}: nested objects for
 * dotted keys, `additionalProperties: false` everywhere, `$schema` allowed at the top and
 * `$comment` in every object.
 */
export function buildSchema(): SchemaObject {
  const root = objectSchema('');
  root.properties.$schema = {
    type: 'string',
    description: 'Where editors find this schema, e.g. ./node_modules/sitegate/sitegate.schema.json.',
  };
  for (const setting of SETTINGS) {
    if (setting.file === false) continue;
    const parts = setting.key.split('.');
    let node = root;
    parts.slice(0, -1).forEach((part, index) => {
      node.properties[part] ??= objectSchema(parts.slice(0, index + 1).join('.'));
      node = node.properties[part] as typeof root;
    });
    node.properties[parts.at(-1) ?? ''] = valueSchema(setting);
  }
  return { $schema: 'http://json-schema.org/draft-07/schema#', title: 'sitegate.json', ...root };
}

let validator: ValidateFunction | undefined;

/**
 * Validates settings shaped as `sitegate.json` against the schema.
 * @returns the first problem as `key.path: what is wrong`, or undefined when the settings are valid
 */
export function schemaProblem(settings: unknown): string | undefined {
  // No file, or an empty one: the schema requires no key at its top, so `{}` is valid, and a CLI
  // command run without a sitegate.json does not pay for compiling it (a fifth of its start).
  if (isEmptyObject(settings)) return undefined;
  validator ??= new Ajv({ strict: true, allErrors: false }).compile(buildSchema());
  if (validator(settings)) return undefined;
  const error = validator.errors?.[0];
  return error === undefined ? 'invalid' : describeError(error, settings);
}

function isEmptyObject(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.keys(value).length === 0;
}

/** One line for an ajv error: the key path and what is wrong with it. */
function describeError(error: ErrorObject, settings: unknown): string {
  const parts = error.instancePath.split('/').slice(1).map(unescapePointer);
  // An unknown key inside a setting's value (an object of a list: `auth.clients[0]`) is the setting's to explain.
  const inSetting = parts.some((_part, index) => SETTING_BY_KEY.get(parts.slice(0, index + 1).join('.'))?.explain !== undefined);
  if (error.keyword === 'additionalProperties' && !inSetting) {
    const unknown = (error.params as { additionalProperty: string }).additionalProperty;
    return `${[...parts, unknown].join('.')}: unknown key${suggestion(parts, unknown)}`;
  }
  // The setting the error is in (an entry of a list is its setting's), else an object that is not one.
  const depth = parts.findIndex((_part, index) => SETTING_BY_KEY.has(parts.slice(0, index + 1).join('.')));
  const key = parts.slice(0, depth === -1 ? parts.length : depth + 1).join('.');
  const value = key === '' ? settings : key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], settings);
  const setting = SETTING_BY_KEY.get(key);
  if (setting === undefined)
    return `${key === '' ? '(top level)' : key}: must be an object${holdsSecret(key) ? '' : `, got ${shown(value)}`}`;
  const explained = setting.explain?.(value);
  if (explained !== undefined) return `${key}${explained.path}: ${explained.problem}`;
  return `${key}: ${mustBe(setting)}${setting.sensitive === true ? '' : `, got ${shown(value)}`}`;
}

/** Whether the object at a key path holds a sensitive setting (`auth.oidc` holds the client secret): then it is never echoed. */
function holdsSecret(key: string): boolean {
  return SETTINGS.some((setting) => setting.sensitive === true && (key === '' || setting.key.startsWith(`${key}.`)));
}

/**
 * Validates one setting's value (from a flag or the environment, converted to the schema's type).
 * @returns "must be …" words, or undefined when the value is valid
 */
export function valueProblem(setting: Setting, value: unknown): string | undefined {
  let validate = valueValidators.get(setting);
  if (validate === undefined) {
    valueAjv ??= new Ajv({ strict: true });
    validate = valueAjv.compile(setting.schema);
    valueValidators.set(setting, validate);
  }
  return validate(value) ? undefined : mustBe(setting);
}
const valueValidators = new Map<Setting, ValidateFunction>();
/** One ajv for the settings' own schemas, made on first use: each instance costs its own setup. */
let valueAjv: Ajv | undefined;

/** ` (did you mean "limits.maxUrlBytes"?)` for a near miss among the keys allowed beside it, else the allowed keys. */
function suggestion(parents: readonly string[], unknown: string): string {
  const prefix = parents.length === 0 ? '' : `${parents.join('.')}.`;
  const siblings = [
    ...new Set(
      SETTINGS.filter((setting) => setting.file !== false && setting.key.startsWith(prefix)).map(
        (setting) => setting.key.slice(prefix.length).split('.')[0] ?? '',
      ),
    ),
  ];
  const near = didYouMean(unknown, siblings, { caseSensitive: false, threshold: 0.5 });
  if (near !== null) return ` (did you mean "${prefix}${near}"?)`;
  return ` (known: ${siblings.join(', ')})`;
}

/** "must be …" words for a setting's value. */
export function mustBe(setting: Setting): string {
  if (setting.expect !== undefined) return `must be ${setting.expect}`;
  const schema = setting.schema as { type?: string; minimum?: number; maximum?: number; enum?: string[] };
  if (schema.enum !== undefined) return `must be one of ${schema.enum.join(', ')}`;
  if (schema.type === 'integer') return `must be an integer from ${schema.minimum ?? '-∞'} to ${schema.maximum ?? '∞'}`;
  if (schema.type === 'boolean') return 'must be true or false';
  if (schema.type === 'string') return 'must be a non-empty string';
  return `must be of type ${schema.type ?? 'unknown'}`;
}

/** A value as the operator wrote it: JSON. */
export function shown(value: unknown): string {
  // JSON.stringify gives undefined for undefined and functions, whatever its declared type says.
  const json = JSON.stringify(value) as string | undefined;
  return json ?? String(value);
}

function unescapePointer(part: string): string {
  return part.replaceAll('~1', '/').replaceAll('~0', '~');
}
