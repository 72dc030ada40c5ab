/**
 * The literal parts of a JavaScript/TypeScript config file (sidebars.js, docusaurus.config.ts,
 * astro.config.mjs, .vitepress/config.ts), read from its syntax tree: the file is parsed with
 * `@babel/parser` and never executed. Objects, arrays, strings, numbers, booleans and `null` are
 * read; names of top-level `const`s are followed; calls such as `defineConfig({…})` are read as
 * their first argument. Anything else becomes an {@link Unread} that says what it was.
 * The parser loads on the first parse: the threads that read pages (snapshot/build-worker.ts) use
 * this module's value helpers only, and @babel/parser costs some 90 ms and 10 MB to load.
 */
import { createRequire } from 'node:module';
import type * as t from '@babel/types';

/** `@babel/parser`'s `parse`, loaded on first use (a CommonJS package). */
let babelParse: typeof import('@babel/parser').parse | undefined;

/** A part of the config that is not a literal (a function call, a variable, a template with values). */
export class Unread {
  constructor(
    /** The source text, cut to 60 characters. */
    readonly code: string,
    /** 1-based line in the file. */
    readonly line: number,
  ) {}
}

/** A value read from the config: plain data with {@link Unread} where the source was not a literal. */
export type Literal = string | number | boolean | null | Unread | Literal[] | { [key: string]: Literal };

/** A parsed config file. */
export interface JsModule {
  /** The default export (`export default`, `module.exports =`), read as a literal; `undefined` when none. */
  exported: Literal | undefined;
  /** The first argument of the first call of `name(…)` anywhere in the file, read as a literal. */
  firstCallArgument(name: string): Literal | undefined;
  /** A top-level `const` (exported or not) read as a literal, `default` the default export; `undefined` when none. */
  named(name: string): Literal | undefined;
}

/**
 * Reads a name another module exports, for `import { en } from './en'` (a VitePress config split
 * into files): `source` as written, `name` the exported name (`default` for a default import).
 * `undefined` leaves the name unread. The reader decides which files may be read (never executed).
 */
export type ImportReader = (source: string, name: string) => Literal | undefined;

/**
 * Parses a config file's text (JavaScript or TypeScript, ES module or CommonJS).
 * @throws {SyntaxError} when the text does not parse
 */
export function parseJsModule(text: string, readImport?: ImportReader): JsModule {
  babelParse ??= (createRequire(import.meta.url)('@babel/parser') as typeof import('@babel/parser')).parse;
  const file = babelParse(text, { sourceType: 'unambiguous', plugins: ['typescript', 'jsx'], errorRecovery: false });
  const consts = new Map<string, t.Expression>();
  const imports = new Map<string, { source: string; name: string }>();
  let exported: t.Expression | undefined;
  for (const statement of file.program.body) {
    if (statement.type === 'ImportDeclaration' && readImport !== undefined)
      for (const specifier of statement.specifiers) {
        const name =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportSpecifier'
              ? specifier.imported.type === 'Identifier'
                ? specifier.imported.name
                : specifier.imported.value
              : undefined;
        if (name !== undefined) imports.set(specifier.local.name, { source: statement.source.value, name });
      }
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type === 'VariableDeclaration' && declaration.kind === 'const')
      for (const declarator of declaration.declarations)
        if (declarator.id.type === 'Identifier' && declarator.init != null) consts.set(declarator.id.name, declarator.init);
    if (statement.type === 'ExportDefaultDeclaration' && isExpression(statement.declaration)) exported = statement.declaration;
    if (statement.type === 'ExpressionStatement' && statement.expression.type === 'AssignmentExpression') {
      const left = statement.expression.left;
      if (left.type === 'MemberExpression' && code(text, left) === 'module.exports') exported = statement.expression.right;
    }
  }
  const imported = (name: string): Literal | undefined => {
    const from = imports.get(name);
    return from === undefined || readImport === undefined ? undefined : readImport(from.source, from.name);
  };
  const read = (node: t.Node, depth = 0): Literal => literalOf(text, node, { consts, imported }, depth);
  return {
    exported: exported === undefined ? undefined : read(exported),
    named: (name) => {
      const node = name === 'default' ? exported : consts.get(name);
      return node === undefined ? undefined : read(node);
    },
    firstCallArgument: (name) => {
      const call = findCall(file.program, name);
      const first = call?.arguments[0];
      return first === undefined ? undefined : read(first);
    },
  };
}

function isExpression(node: t.Node): node is t.Expression {
  return !node.type.endsWith('Declaration');
}

function code(text: string, node: t.Node): string {
  return text.slice(node.start ?? 0, node.end ?? 0);
}

/** Names followed at most this deep, so `const a = b; const b = a` ends. */
const MAX_DEPTH = 32;

/** What names in a module stand for: its top-level `const`s, and names it imports (when a reader is given). */
interface Scope {
  consts: ReadonlyMap<string, t.Expression>;
  imported: (name: string) => Literal | undefined;
}

function literalOf(text: string, node: t.Node, scope: Scope, depth: number): Literal {
  const unread = (): Unread => new Unread(code(text, node).replace(/\s+/g, ' ').slice(0, 60), node.loc?.start.line ?? 0);
  const read = (child: t.Node): Literal => (depth > MAX_DEPTH ? unread() : literalOf(text, child, scope, depth + 1));
  switch (node.type) {
    case 'StringLiteral':
    case 'NumericLiteral':
    case 'BooleanLiteral':
      return node.value;
    case 'NullLiteral':
      return null;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? (node.quasis[0]?.value.cooked ?? '') : unread();
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
    case 'ParenthesizedExpression':
      return read(node.expression);
    case 'Identifier': {
      const init = scope.consts.get(node.name);
      return init === undefined ? (scope.imported(node.name) ?? unread()) : read(init);
    }
    case 'CallExpression': {
      // defineConfig({…}), starlight({…}), extendConfig(config): the config is the first argument.
      const first = node.arguments[0];
      return first === undefined || first.type === 'SpreadElement' ? unread() : read(first);
    }
    case 'ArrayExpression':
      return node.elements.map((element) => (element === null ? null : element.type === 'SpreadElement' ? unread() : read(element)));
    case 'ObjectExpression': {
      const object: Record<string, Literal> = {};
      for (const property of node.properties) {
        // `{ ...shared, label }`: a spread object's keys, as JavaScript merges them (later keys win).
        if (property.type === 'SpreadElement') {
          Object.assign(object, objectOf(read(property.argument)) ?? {});
          continue;
        }
        // `rewrites(id) { … }`: a method is code, read as such rather than left out unseen.
        if (property.type === 'ObjectMethod' && !property.computed && property.key.type === 'Identifier') {
          object[property.key.name] = new Unread(code(text, property).replace(/\s+/g, ' ').slice(0, 60), property.loc?.start.line ?? 0);
          continue;
        }
        if (property.type !== 'ObjectProperty' || property.computed) continue;
        const key =
          property.key.type === 'Identifier' ? property.key.name : property.key.type === 'StringLiteral' ? property.key.value : undefined;
        if (key !== undefined) object[key] = read(property.value);
      }
      return object;
    }
    default:
      return unread();
  }
}

/** The first call of `name(…)` in the program, depth first. */
function findCall(root: t.Node, name: string): t.CallExpression | undefined {
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (typeof node !== 'object' || node === null) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push(node[i]);
      continue;
    }
    const typed = node as t.Node;
    if (typed.type === 'CallExpression' && typed.callee.type === 'Identifier' && typed.callee.name === name) return typed;
    for (const [key, value] of Object.entries(typed)) if (key !== 'loc' && typeof value === 'object') stack.push(value);
  }
  return undefined;
}

/** `value` as an object, or `undefined` when it is none (an array, a scalar, an {@link Unread}). */
export function objectOf(value: Literal | undefined): Record<string, Literal> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Unread) ? value : undefined;
}

/** `value` when it is a string. */
export function stringOf(value: Literal | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
