import { describe, expect, it } from 'vitest';
import { admonitionMarkdown, alertKindOf, detailsMarkdown, tabsMarkdown } from './blocks.js';

describe('dialect blocks', () => {
  it.each([
    ['note', 'NOTE'],
    ['INFO', 'NOTE'],
    ['tip', 'TIP'],
    ['success', 'TIP'],
    ['important', 'IMPORTANT'],
    ['warning', 'WARNING'],
    ['danger', 'CAUTION'],
    ['bug', 'CAUTION'],
    ['whatever', 'NOTE'],
  ])('%s is a %s alert', (name, kind) => {
    expect(alertKindOf(name)).toBe(kind);
  });

  it('writes an admonition as a GitHub alert with its title as a bold first line', () => {
    expect(admonitionMarkdown('tip', 'Did you know?', 'Line one.\n\nLine two.\n')).toBe(
      '> [!TIP]\n> **Did you know?**\n>\n> Line one.\n>\n> Line two.',
    );
    expect(admonitionMarkdown('danger', undefined, 'Careful.')).toBe('> [!CAUTION]\n> Careful.');
    expect(admonitionMarkdown('note', '  ', '')).toBe('> [!NOTE]');
  });

  it('writes details as a blockquote opening with the summary', () => {
    expect(detailsMarkdown('More', 'Hidden text.')).toBe('> **More**\n>\n> Hidden text.');
    expect(detailsMarkdown(undefined, 'x')).toBe('> **Details**\n>\n> x');
  });

  it('writes tabs as labelled sections in order', () => {
    expect(
      tabsMarkdown([
        { label: 'npm', body: '\n```sh\nnpm i x\n```\n' },
        { label: ' pnpm ', body: '```sh\npnpm add x\n```' },
      ]),
    ).toBe('**npm**\n\n```sh\nnpm i x\n```\n\n**pnpm**\n\n```sh\npnpm add x\n```');
  });
});
