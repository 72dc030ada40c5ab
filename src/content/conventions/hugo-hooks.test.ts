import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { renderLinkHookOf } from './hugo-hooks.js';

let site: string;
afterEach(() => rmSync(site, { recursive: true, force: true }));

/** A Hugo site folder holding `files` (empty contents), its content folder at `content/`. */
function siteWith(files: readonly string[]): string {
  site = mkdtempSync(path.join(tmpdir(), 'sitegate-hugo-'));
  for (const file of ['content/_index.md', ...files]) {
    mkdirSync(path.dirname(path.join(site, file)), { recursive: true });
    writeFileSync(path.join(site, file), '');
  }
  return site;
}

/** As `check` shows a site path: relative to the content folder. */
const shown = (file: string): string => path.relative(path.join(site, 'content'), file).split(path.sep).join('/');
const hookOf = (config: Record<string, unknown>): ReturnType<typeof renderLinkHookOf> =>
  renderLinkHookOf(site, config, path.join(site, 'hugo.toml'), shown);

describe('renderLinkHookOf (Hugo)', () => {
  it.each([
    ['layouts/_markup/render-link.html'],
    ['layouts/_default/_markup/render-link.html'],
    ['layouts/docs/_markup/render-link.html'],
    ['layouts/_markup/render-link.en.html'],
  ])('finds the template %s', (file) => {
    siteWith([file, 'layouts/_markup/render-image.html']);
    expect(hookOf({})).toStrictEqual({ file: `../${file}` });
  });

  it("finds a theme's template, for the themes the config names", () => {
    siteWith(['themes/docsy/layouts/_default/_markup/render-link.html', 'themes/other/layouts/_markup/render-link.html']);
    expect(hookOf({ theme: ['docsy'] })).toStrictEqual({ file: '../themes/docsy/layouts/_default/_markup/render-link.html' });
    expect(hookOf({ theme: 'other' })).toStrictEqual({ file: '../themes/other/layouts/_markup/render-link.html' });
    expect(hookOf({})).toBeUndefined();
  });

  it("takes the config's [params.render_hooks.link] table when no template is in the folder", () => {
    siteWith(['layouts/_markup/render-image.html']);
    expect(hookOf({ params: { render_hooks: { link: { errorLevel: 'warning' } } } })).toStrictEqual({
      file: '../hugo.toml',
      table: '[params.render_hooks.link]',
    });
    expect(hookOf({ params: { render_hooks: { image: {} } } })).toBeUndefined();
    expect(hookOf({ params: { description: 'x' } })).toBeUndefined();
  });
});
