/**
 * `serve` refuses to start when a page is held back because its frontmatter names `access` or
 * `draft` but does not parse (DESIGN.md "Private content fails closed"): exit 2, one line per file
 * with the YAML error and its line; `--allow-content-errors` starts and serves the rest, the held
 * page stays unpublished and is logged.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI_TIMEOUT_MS, cliProcesses } from './cli-process.js';

const processes = cliProcesses();

const ROADMAP = '---\ntitle: Roadmap: Q3\naccess: internal\n---\n# Roadmap\n\nSecret.\n';

describe('serve with held-back pages', () => {
  it('refuses to start, naming each file with its YAML error and line (exit 2)', async (context) => {
    const dir = processes.tempDir(context, 'sitegate-held-');
    writeFileSync(path.join(dir, 'index.md'), '# Home\n');
    writeFileSync(path.join(dir, 'roadmap.md'), ROADMAP);
    writeFileSync(path.join(dir, 'plans.md'), '---\ndraft: true\ntitle: "open\n---\n# Plans\n');
    const { code, stdout, stderr } = await processes.run(
      context,
      ['serve', dir, '--port', '0', '--data-dir', path.join(dir, '.data')],
      dir,
    );
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toBe(
      'sitegate: 2 pages held back, not served (fix them, or start with --allow-content-errors to serve the rest):\n' +
        'plans.md: invalid YAML frontmatter at line 3, column 13: Missing closing "quote; it names access or draft, so the page is held back\n' +
        'roadmap.md: invalid YAML frontmatter at line 2, column 8: Nested mappings are not allowed in compact mappings; it names access or draft, so the page is held back\n',
    );
  });

  it('with --allow-content-errors, serves the rest, logs the held page and keeps it unpublished', async (context) => {
    const dir = processes.tempDir(context, 'sitegate-held-');
    writeFileSync(path.join(dir, 'index.md'), '# Home\n');
    writeFileSync(path.join(dir, 'roadmap.md'), ROADMAP);
    const cli = processes.start(
      context,
      ['serve', dir, '--port', '0', '--allow-content-errors', '--data-dir', path.join(dir, '.data')],
      dir,
    );
    const [, url] = await cli.waitForStdout(/listening on (http:\/\/[^\s"]+)/, CLI_TIMEOUT_MS);
    const log = cli.stdout.split('\n').find((line) => line.includes('"file":"roadmap.md"'));
    expect(JSON.parse(log ?? '{}')).toMatchObject({
      level: 50,
      file: 'roadmap.md',
      msg: 'invalid YAML frontmatter at line 2, column 8: Nested mappings are not allowed in compact mappings; it names access or draft, so the page is held back',
    });
    expect((await fetch(`${url}/roadmap`)).status).toBe(404);
    expect((await fetch(`${url}/`)).status).toBe(200);
  });
});
