/**
 * Hugo's site parameters (hugo-params.ts), read as gohugo.io/configuration/params/ and
 * gohugo.io/configuration/introduction/#configuration-directory describe them: the config file's
 * `params`, the config directory's `_default/` then `production/` over them, keys lower-cased.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { hugoParamsOf } from './hugo-params.js';

let site: string;
afterEach(() => rmSync(site, { recursive: true, force: true }));

/** A project folder holding `files` (path → text). */
function projectWith(files: Readonly<Record<string, string>>): string {
  site = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-hugo-params-')));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), text);
  }
  return site;
}

/** The params of the project, and what was reported (file relative to the project, message). */
function read(config: Record<string, unknown> | undefined, dir: string): { params: unknown; reported: string[] } {
  const reported: string[] = [];
  const params = hugoParamsOf(config, dir, (file, message) => reported.push(`${path.relative(dir, file)}: ${message}`));
  return { params, reported };
}

describe('hugoParamsOf', () => {
  it("lower-cases the config file's params, nested maps and maps in lists too, and keeps lists", () => {
    const dir = projectWith({});
    const config = {
      params: { displayName: 'Docs', Author: { Display_Name: 'Ann' }, tags: ['a', { Key: 1 }], Count: 3, Draft: false },
    };
    expect(read(config, dir)).toStrictEqual({
      params: { displayname: 'Docs', author: { display_name: 'Ann' }, tags: ['a', { key: 1 }], count: 3, draft: false },
      reported: [],
    });
  });

  it('merges config/_default/ then config/production/ over the config file, maps key by key', () => {
    const dir = projectWith({
      'config/_default/hugo.toml': "[params]\nsubtitle = 'Default'\n[params.contact]\nphone = '555'\n",
      'config/_default/params.yaml': 'contact:\n  email: a@example.org\nversion: 1.2\n',
      'config/production/params.json': '{ "subtitle": "Production" }\n',
      'config/development/params.toml': "subtitle = 'Development'\n",
      'config/_default/menus.toml': "[[main]]\nname = 'x'\n",
    });
    const config = { params: { subtitle: 'File', contact: { email: 'file@example.org', fax: '1' } } };
    expect(read(config, dir)).toStrictEqual({
      params: { subtitle: 'Production', contact: { email: 'a@example.org', fax: '1', phone: '555' }, version: 1.2 },
      reported: [],
    });
  });

  it("leaves out a language's params files, TOML dates, and files that leave the project; reports a file that does not parse", () => {
    const outside = realpathSync(mkdtempSync(path.join(tmpdir(), 'sitegate-hugo-outside-')));
    try {
      writeFileSync(path.join(outside, 'secret.toml'), "token = 'leaked'\n");
      const dir = projectWith({
        'config/_default/params.de.toml': "subtitle = 'Deutsch'\n",
        'config/_default/params.toml': 'released = 2024-01-15\nname = "Docs"\n',
        'config/production/hugo.yaml': 'params: [unclosed\n',
      });
      symlinkSync(path.join(outside, 'secret.toml'), path.join(dir, 'config/production/params.toml'));
      const { params, reported } = read(undefined, dir);
      expect(params).toStrictEqual({ name: 'Docs' });
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatch(/^config\/production\/hugo\.yaml: cannot read: /);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('keeps a key named __proto__ as a key, and no project folder gives the config file alone', () => {
    const dir = projectWith({ 'config/_default/params.json': '{ "__proto__": { "polluted": "yes" }, "a": "b" }\n' });
    const { params } = read(undefined, dir);
    expect([Object.getPrototypeOf(params), Object.keys(params as object)]).toStrictEqual([Object.prototype, ['__proto__', 'a']]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(read({ params: { a: 'b' } }, path.join(dir, 'missing'))).toStrictEqual({ params: { a: 'b' }, reported: [] });
  });
});
