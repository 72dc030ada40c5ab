/** The rule of the registry test (test/registry.deploy.test.ts): which README blocks run, and as what commands. */
import { describe, expect, it } from 'vitest';
import { readmeCommandBlocks, startsServer } from './readme-commands.js';

const README = `# Tool

## Quick start

<!-- not run: in a clone of the repository -->

\`\`\`sh
npm install && npm start
\`\`\`

## Usage

\`\`\`sh
npx sitegate init docs && cd docs   # a starter site
npx sitegate serve \\
  --port 8080
# a whole-line comment
\`\`\`

\`\`\`console
$ npx sitegate --version
0.1.0
\`\`\`

\`\`\`json
{ "port": 3000 }
\`\`\`

\`\`\`bash
curl -s 'http://127.0.0.1:3000/#top'
\`\`\`
`;

describe('README command blocks', () => {
  it('runs sh, bash and console blocks in order, skips marked ones with their reason, and ignores other languages', () => {
    expect(readmeCommandBlocks(README)).toStrictEqual({
      run: [
        { line: 13, heading: '## Usage', commands: ['npx sitegate init docs && cd docs', 'npx sitegate serve   --port 8080'] },
        { line: 20, heading: '## Usage', commands: ['npx sitegate --version'] },
        { line: 29, heading: '## Usage', commands: ["curl -s 'http://127.0.0.1:3000/#top'"] },
      ],
      skipped: [{ line: 7, heading: '## Quick start', reason: 'in a clone of the repository' }],
    });
  });

  it('refuses a shell fence that is never closed', () => {
    expect(() => readmeCommandBlocks('# T\n\n```sh\nls\n')).toThrow(new Error('README.md:3: a fence that is never closed'));
  });

  it.each([
    ['sitegate serve', true],
    ['npx sitegate serve --metrics-port 9464', true],
    ['npm start', true],
    ['npm install && npm start', true],
    ['npx sitegate keys list', false],
    ['sitegate check', false],
    ['curl -s http://127.0.0.1:9464/metrics', false],
  ])('%s starts a server: %s', (command, expected) => {
    expect(startsServer(command)).toBe(expected);
  });
});
