import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { chooseDataDir, siteId } from './data-dir.js';

const LINUX = { platform: 'linux', home: '/home/ada', xdgDataHome: '/xdg' } as const;

describe('chooseDataDir', () => {
  it('takes a given folder as it is, with its source', () => {
    expect(
      chooseDataDir(
        { dir: '/var/lib/sitegate', source: '--data-dir' },
        { configFile: '/srv/site/sitegate.json', contentDir: undefined, cwd: '/', folders: LINUX, isDir: () => true },
      ),
    ).toStrictEqual({ dir: '/var/lib/sitegate', reason: 'from --data-dir', warning: null });
  });

  it('names the site by the folder of sitegate.json, else of the content folder, else the working folder', () => {
    const none = (): boolean => false;
    const choose = (configFile: string | undefined, contentDir: string | undefined): [string, string] => {
      const choice = chooseDataDir(undefined, { configFile, contentDir, cwd: '/work', folders: LINUX, isDir: none });
      expect(choice.warning).toBeNull();
      return [choice.dir, choice.reason];
    };
    expect([
      choose('/srv/site/sitegate.json', '/elsewhere/docs'),
      choose(undefined, '/srv/site/docs'),
      choose(undefined, undefined),
    ]).toStrictEqual([
      ['/xdg/sitegate/site-3cd3201d', 'for /srv/site/sitegate.json'],
      ['/xdg/sitegate/site-3cd3201d', 'for the content folder /srv/site/docs'],
      [`/xdg/sitegate/${siteId('/work')}`, 'for the working folder /work'],
    ]);
  });

  it('uses the platform rules (macOS, Windows) under the app folder', () => {
    const where = { configFile: '/srv/site/sitegate.json', contentDir: undefined, cwd: '/', isDir: () => false };
    expect([
      chooseDataDir(undefined, { ...where, folders: { platform: 'darwin', home: '/Users/ada' } }).dir,
      chooseDataDir(undefined, {
        ...where,
        folders: { platform: 'win32', home: 'C:\\Users\\ada', localAppData: 'C:\\Users\\ada\\AppData\\Local' },
      }).dir,
    ]).toStrictEqual([
      '/Users/ada/Library/Application Support/sitegate/site-3cd3201d',
      'C:\\Users\\ada\\AppData\\Local\\sitegate\\site-3cd3201d',
    ]);
  });

  it('keeps an existing .sitegate/ in the site folder, with one line saying how to move it', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'sitegate-older-'));
    try {
      const site = path.join(root, 'my site');
      mkdirSync(path.join(site, '.sitegate'), { recursive: true });
      const choice = chooseDataDir(undefined, {
        configFile: path.join(site, 'sitegate.json'),
        contentDir: undefined,
        cwd: '/',
        folders: LINUX,
      });
      const id = siteId(site);
      expect(choice).toStrictEqual({
        dir: path.join(site, '.sitegate'),
        reason: `kept from an older version, beside ${path.join(site, 'sitegate.json')}`,
        warning: `the data folder ${site}/.sitegate (keys, sessions, the secret) is inside the site's folder, where a repository may commit it; stop sitegate and move it to the default: mkdir -p /xdg/sitegate && mv '${site}/.sitegate' /xdg/sitegate/${id} (or name a folder with dataDir or --data-dir)`,
      });
      expect(id).toMatch(/^my-site-[0-9a-f]{8}$/);
      // A file of that name is not a data folder.
      rmSync(path.join(site, '.sitegate'), { recursive: true });
      const fresh = chooseDataDir(undefined, {
        configFile: path.join(site, 'sitegate.json'),
        contentDir: undefined,
        cwd: '/',
        folders: LINUX,
      });
      expect([fresh.dir, fresh.warning]).toStrictEqual([`/xdg/sitegate/${id}`, null]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('siteId', () => {
  it('is the folder name made safe, and 8 hex digits of the path', () => {
    expect([siteId('/srv/site'), siteId('/srv/.hidden docs!'), siteId('/'), siteId(`/srv/${'x'.repeat(60)}`)]).toStrictEqual([
      'site-3cd3201d',
      expect.stringMatching(/^hidden-docs-[0-9a-f]{8}$/),
      expect.stringMatching(/^site-[0-9a-f]{8}$/),
      expect.stringMatching(/^x{40}-[0-9a-f]{8}$/),
    ]);
  });
});
