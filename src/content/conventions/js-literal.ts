/**
 * The literal parts of a JavaScript/TypeScript config file (sidebars.js, docusaurus.config.ts,
 * astro.config.mjs, .vitepress/config.ts), read from its syntax tree: the file is parsed with
 * `@babel/parser` and never executed. Objects, arrays, strings, numbers, booleans and `null` are
 * read; names of top-level `const`s are followed; calls such as `defineConfig({…})` are read as
 * their first argument. Anything else becomes an {@link Unread} that says what it was.
 */
import { parse } from '@babel/parser';
import type * as t from '@babel/types';

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
}

/**
 * Parses a config file's text (JavaScript or TypeScript, ES module or CommonJS).
 * @throws {SyntaxError} when the text does not parse
 */
export function parseJsModule(text: string): JsModule {
  const file = parse(text, { sourceType: 'unambiguous', plugins: ['typescript', 'jsx'], errorRecovery: false });
  const consts = new Map<string, t.Expression>();
  let exported: t.Expression | undefined;
  for (const statement of file.program.body) {
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
  const read = (node: t.Node, depth = 0): Literal => literalOf(text, node, consts, depth);
  return {
    exported: exported === undefined ? undefined : read(exported),
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

function literalOf(text: string, node: t.Node, consts: ReadonlyMap<string, t.Expression>, depth: number): Literal {
  const unread = (): Unread => new Unread(code(text, node).replace(/\s+/g, ' ').slice(0, 60), node.loc?.start.line ?? 0);
  const read = (child: t.Node): Literal => (depth > MAX_DEPTH ? unread() : literalOf(text, child, consts, depth + 1));
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
      const init = consts.get(node.name);
      return init === undefined ? unread() : read(init);
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
