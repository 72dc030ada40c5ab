/**
 * The page shell over HTTP (issue 15): branding settings in the header, head and stylesheet,
 * everything escaped; the site script parses. The sidebar's size bound on docs-large (7,425 pages,
 * folders of 4,600) is in test/shell.corpora.test.ts.
 */
import { Script } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, EXAMPLE_SITE, type TestApp } from './helpers.js';
import { SITE_JS } from '../src/layout/assets.js';

describe('branding settings', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(EXAMPLE_SITE, {
      settings: {
        site: {
          logo: 'img/a "logo".svg',
          favicon: 'https://cdn.example/icon.png?v=1&x=<2>',
          accentColor: 'rebeccapurple',
          theme: 'dark',
          editUrl: 'https://github.com/acme/widgets/edit/main/examples/site/',
        },
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('shows the logo, the icon, the default theme and the edit link, escaped', async () => {
    const res = await t.app.inject({ url: '/guides/configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="en" data-theme="dark">');
    expect(res.body).toContain('<link rel="icon" href="https://cdn.example/icon.png?v=1&amp;x=&lt;2&gt;">');
    expect(res.body).toContain(
      '<a class="brand" href="/"><img class="brand-logo" src="/img/a%20%22logo%22.svg" alt=""><span class="brand-name">Acme Widgets</span></a>',
    );
    expect(res.body).toContain(
      '<a class="edit-link" href="https://github.com/acme/widgets/edit/main/examples/site/guides/configuration.md">Edit this page</a>',
    );
  });

  it('ends the stylesheet with the accent colour, rewritten from its parsed value', async () => {
    const res = await t.app.inject({ url: '/_sitegate/site.css' });
    expect(res.statusCode).toBe(200);
    expect(res.body.endsWith(':root,[data-theme]{--accent:rgb(102, 51, 153)}\n')).toBe(true);
  });

  it('shows no llms.txt link or agent hint in the header or main; agents find a hidden directive; the footer links the markdown and llms.txt', async () => {
    const res = await t.app.inject({ url: '/guides/configuration' });
    expect(res.body).not.toContain('agent-hint');
    expect(res.body).not.toContain('llms-link');
    expect(res.body.match(/For agents/g)).toHaveLength(1);
    expect(res.body).toContain(
      '<body>\n<a class="skip-link" href="#main">Skip to content</a>\n<p class="agent-directive" hidden>For agents: the index of this site is <a href="/llms.txt">http://sitegate.test/llms.txt</a></p>\n',
    );
    expect(res.body).toContain(
      '<p class="footer-links"><a href="/guides/configuration.md" type="text/markdown">This page as Markdown</a> <a href="/llms.txt">llms.txt</a> ',
    );
  });
});

describe('the site script', () => {
  it('parses as a script, within the budget of 30 KB compressed', () => {
    expect(() => new Script(SITE_JS)).not.toThrow();
    expect(gzipSync(SITE_JS).length).toBeLessThan(30 * 1024);
  });
});
