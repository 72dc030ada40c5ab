import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { editPatternFromSiteRoot, editUrlOf, mkdocsEditPattern } from './edit-url.js';

describe('editUrlOf', () => {
  it('appends the source path to a base URL (the editUrl setting, Docusaurus), a slash between them, segments encoded', () => {
    expect(editUrlOf('https://github.com/o/r/edit/main/docs/', 'guides/set up.md')).toBe(
      'https://github.com/o/r/edit/main/docs/guides/set%20up.md',
    );
    expect(editUrlOf('https://github.com/o/r/edit/main/docs', 'a.md')).toBe('https://github.com/o/r/edit/main/docs/a.md');
  });

  it('puts the path in place of :path (VitePress editLink.pattern)', () => {
    expect(editUrlOf('https://gitlab.com/o/r/-/edit/main/docs/:path?ref=x', 'api/#1.md')).toBe(
      'https://gitlab.com/o/r/-/edit/main/docs/api/%231.md?ref=x',
    );
  });
});

describe('generator edit URLs', () => {
  it('Docusaurus and Starlight: the base URL names files from the config folder, so the content folder goes between', () => {
    const root = path.resolve('/site');
    expect(editPatternFromSiteRoot('https://github.com/o/r/edit/main/website', root, path.join(root, 'docs'))).toBe(
      'https://github.com/o/r/edit/main/website/docs/:path',
    );
    expect(editPatternFromSiteRoot('https://github.com/o/r/edit/main/', root, root)).toBe('https://github.com/o/r/edit/main/:path');
    expect(editPatternFromSiteRoot(undefined, root, root)).toBeUndefined();
    expect(editPatternFromSiteRoot('javascript:alert(1)', root, root)).toBeUndefined();
  });

  it('MkDocs: edit_uri resolved against repo_url, edit/master/docs/ by default on GitHub and GitLab, off when empty', () => {
    expect(mkdocsEditPattern('https://github.com/squidfunk/mkdocs-material', undefined)).toBe(
      'https://github.com/squidfunk/mkdocs-material/edit/master/docs/:path',
    );
    expect(mkdocsEditPattern('https://github.com/o/r/', 'blob/main/site/docs')).toBe('https://github.com/o/r/blob/main/site/docs/:path');
    expect(mkdocsEditPattern('https://git.example.com/o/r', 'https://other.example/edit/')).toBe('https://other.example/edit/:path');
    expect(mkdocsEditPattern('https://git.example.com/o/r', undefined)).toBeUndefined();
    expect(mkdocsEditPattern('https://github.com/o/r', '')).toBeUndefined();
    expect(mkdocsEditPattern(undefined, 'edit/main/docs/')).toBeUndefined();
  });
});
