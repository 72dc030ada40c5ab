/**
 * Issue 31, done-when 3: "no regular expression over content has nested quantifiers (a lint rule in
 * CI)". ESLint's Node API lints a snippet as if it were a file of src/ with the repository's own
 * eslint.config.js, so that turning the rules off, or narrowing the files they cover, fails here.
 * Each nested-quantifier form is reported: by eslint-plugin-regexp's backtracking rules where it
 * can prove the nest backtracks, and by the local `sitegate/no-nested-quantifiers`
 * (eslint-rules/no-nested-quantifiers.js) everywhere, anchored forms the plugin lets pass included,
 * in literals and in `RegExp(…)` built from constants. Only the regex rules run: the type-checked
 * ones need the snippet in the TypeScript project, which a probe file is not.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { REPO_DIR } from './helpers.js';

/** The rule ids ESLint reports on each line of `code`, linted as `src/content/<name>` under the repository config. */
async function ruleIdsByLine(code: string, name = 'lint-probe.ts'): Promise<Map<number, Set<string>>> {
  const eslint = new ESLint({
    cwd: REPO_DIR,
    overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
    ruleFilter: ({ ruleId }) => ruleId.startsWith('regexp/') || ruleId.startsWith('sitegate/'),
  });
  const [result] = await eslint.lintText(code, { filePath: `${REPO_DIR}/src/content/${name}` });
  const byLine = new Map<number, Set<string>>();
  for (const message of result?.messages ?? []) {
    expect(message.fatal, message.message).not.toBe(true);
    const ids = byLine.get(message.line) ?? new Set<string>();
    ids.add(message.ruleId ?? '');
    byLine.set(message.line, ids);
  }
  return byLine;
}

describe('the regex lint rules of eslint.config.js', () => {
  it('report every nested quantifier form over src/, in literals and in RegExp built from constants', async () => {
    const forms = [
      'export const a = /(a+)+$/;',
      'export const b = /^(?:\\s*x)*y/;',
      'export const c = /(\\w+\\s?)*$/;',
      'export const d = (s: string): boolean => /^(?:\\s*x)*y/.test(s);',
      "export const e = new RegExp('^(?:\\\\s*,\\\\s*[a-z]+)*;');",
      "const SOURCE = '^(?:[ \\\\t]+[\\\\w-]+)*$';\nexport const f = new RegExp(SOURCE, 'm');",
      'export const g = RegExp(`^(?:a{1,8}-)+x`);',
    ];
    const byLine = await ruleIdsByLine(forms.join('\n'));
    // Line of each form's regex (the constant pattern `f` uses is built on the line before).
    const lines = [1, 2, 3, 4, 5, 7, 8];
    for (const line of lines)
      expect([line, [...(byLine.get(line) ?? [])]]).toEqual([line, expect.arrayContaining(['sitegate/no-nested-quantifiers'])]);
  });

  it('report a super-linear backtracking pattern (`\\s*\\S*\\s*`) and a super-linear move', async () => {
    const byLine = await ruleIdsByLine("export const a = /\\s*\\S*\\s*/;\nexport const b = (s: string): string => s.replace(/a+b/g, '');");
    expect([...(byLine.get(1) ?? [])]).toContain('regexp/no-super-linear-backtracking');
    expect([...(byLine.get(2) ?? [])]).toContain('regexp/no-super-linear-move');
  });

  it('leave single loops and bounded nests alone', async () => {
    const byLine = await ruleIdsByLine(
      "export const a = /^(\\d{1,3}\\.){3}\\d{1,3}$/;\nexport const b = /^[\\w.-]*\\.html$/;\nexport const c = new RegExp('^[a-z]{2}(?:-[a-z0-9]{2,8}){0,16}$');",
    );
    expect(byLine).toEqual(new Map());
  });
});
