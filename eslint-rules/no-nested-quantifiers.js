// @ts-check
/**
 * ESLint rule `sitegate/no-nested-quantifiers`: a regular expression may not hold an unbounded
 * quantifier inside another repeated element — `(a+)+`, `(?:\s*x)*`, `(\w+\s?)*`, `(?:[^"]*"){2,}`.
 *
 * Why a rule of our own beside eslint-plugin-regexp: its `no-super-linear-backtracking` reports a
 * nested quantifier only when it can prove the two loops exchange characters, and its
 * `no-super-linear-move` only where the pattern is unanchored, so `/^(?:\s*x)*y/` passes both. Such a
 * pattern is linear today, but one edit (`x` becoming `\s?x`) makes it exponential; content is
 * untrusted (DESIGN.md), so issue 31 asks that no regular expression over content nest quantifiers at
 * all. The rule looks at regex literals and at `RegExp(…)` / `new RegExp(…)` whose pattern (and
 * flags) ESLint can evaluate statically (string constants, concatenations, templates of constants).
 *
 * A repeated element is a quantifier whose maximum is above 1; the inner quantifier is reported when
 * either of the two is unbounded (`+`, `*`, `{n,}`). Bounded nests (`(?:\d{1,3}\.){3}`) stay allowed:
 * their work is bounded by a constant.
 */
import { RegExpParser, visitRegExpAST } from '@eslint-community/regexpp';
import { getStaticValue } from '@eslint-community/eslint-utils';

/** @type {import('eslint').Rule.RuleModule} */
export const noNestedQuantifiers = {
  meta: {
    type: 'problem',
    docs: { description: 'disallow a quantifier nested in a repeated group when either is unbounded (issue 31)' },
    schema: [],
    messages: {
      nested:
        "Nested quantifier '{{inner}}' inside '{{outer}}': content is untrusted, so no regular expression may repeat a repeated element (issue 31). Rewrite with one loop, or parse without a regex.",
    },
  },
  create(context) {
    const parser = new RegExpParser({ ecmaVersion: 2025 });

    /**
     * @param {import('estree').Node} node where to report
     * @param {string} source the pattern
     * @param {string} flags the flags
     */
    function check(node, source, flags) {
      let ast;
      try {
        ast = parser.parsePattern(source, 0, source.length, { unicode: flags.includes('u'), unicodeSets: flags.includes('v') });
      } catch {
        return; // an invalid pattern is regexp/no-invalid-regexp's to report
      }
      /** @type {import('@eslint-community/regexpp').AST.Quantifier[]} */
      const open = [];
      // One report per outer quantifier: `(?:\s+[\w-]+="[^"]*")*` is one fault, not three.
      const reported = new Set();
      visitRegExpAST(ast, {
        onQuantifierEnter(q) {
          const outer = open.find((o) => !reported.has(o) && o.max > 1 && q.max > 1 && (o.max === Infinity || q.max === Infinity));
          if (outer !== undefined) {
            reported.add(outer);
            context.report({ node, messageId: 'nested', data: { inner: q.raw, outer: outer.raw } });
          }
          open.push(q);
        },
        onQuantifierLeave() {
          open.pop();
        },
      });
    }

    /** @param {import('estree').CallExpression | import('estree').NewExpression} node */
    function checkConstructor(node) {
      if (node.callee.type !== 'Identifier' || node.callee.name !== 'RegExp') return;
      const [pattern, flags] = node.arguments;
      if (pattern === undefined || pattern.type === 'SpreadElement') return;
      const scope = context.sourceCode.getScope(node);
      const value = getStaticValue(pattern, scope);
      if (value === null || typeof value.value !== 'string') return;
      const flagValue = flags === undefined || flags.type === 'SpreadElement' ? null : getStaticValue(flags, scope);
      check(node, value.value, flagValue !== null && typeof flagValue.value === 'string' ? flagValue.value : '');
    }

    return {
      Literal(node) {
        if ('regex' in node && node.regex !== undefined) check(node, node.regex.pattern, node.regex.flags);
      },
      NewExpression: checkConstructor,
      CallExpression: checkConstructor,
    };
  },
};

/** The local plugin the repository's eslint.config.js registers as `sitegate`. */
export default { meta: { name: 'sitegate' }, rules: { 'no-nested-quantifiers': noNestedQuantifiers } };
