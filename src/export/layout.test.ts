import { describe, expect, it } from 'vitest';
import { exportFileOf } from './layout.js';

describe('exportFileOf', () => {
  it('names a page by its URL style: a.html for /a, a/index.html for /a/', () => {
    expect(exportFileOf('/', 'html')).toBe('index.html');
    expect(exportFileOf('/a/b', 'html')).toBe('a/b.html');
    expect(exportFileOf('/a/b/', 'html')).toBe('a/b/index.html');
    expect(exportFileOf('/a/index;part=2', 'html')).toBe('a/index;part=2.html');
  });

  it('keeps the name of every other file, decoded as a static server decodes the request', () => {
    expect(exportFileOf('/a/b.md', 'file')).toBe('a/b.md');
    expect(exportFileOf('/img/a%20b.png', 'file')).toBe('img/a b.png');
    expect(exportFileOf('/docs/llms.txt', 'file')).toBe('docs/llms.txt');
  });

  it('names no file for a path that would leave the folder, hold a separator, or is a folder', () => {
    expect(exportFileOf('/a/%2E%2E/b', 'file')).toBeUndefined();
    expect(exportFileOf('/a/..', 'file')).toBeUndefined();
    expect(exportFileOf('/a%2Fb', 'file')).toBeUndefined();
    expect(exportFileOf('/a%5Cb', 'file')).toBeUndefined();
    expect(exportFileOf('/a%00', 'file')).toBeUndefined();
    expect(exportFileOf('/a%E0', 'file')).toBeUndefined();
    expect(exportFileOf('/a//b', 'file')).toBeUndefined();
    expect(exportFileOf('/a/', 'file')).toBeUndefined();
    expect(exportFileOf('a', 'file')).toBeUndefined();
  });
});
