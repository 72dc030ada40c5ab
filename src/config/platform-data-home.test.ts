import { describe, expect, it } from 'vitest';
import { platformDataHome } from './platform-data-home.js';

describe('platformDataHome', () => {
  it('on Linux: an absolute XDG_DATA_HOME, else ~/.local/share (a relative or empty one is ignored)', () => {
    expect([
      platformDataHome({ platform: 'linux', home: '/home/ada', xdgDataHome: '/data/xdg' }),
      platformDataHome({ platform: 'linux', home: '/home/ada' }),
      platformDataHome({ platform: 'linux', home: '/home/ada', xdgDataHome: 'relative/xdg' }),
      platformDataHome({ platform: 'freebsd', home: '/usr/home/ada' }),
    ]).toStrictEqual(['/data/xdg', '/home/ada/.local/share', '/home/ada/.local/share', '/usr/home/ada/.local/share']);
  });

  it('on macOS: ~/Library/Application Support, whatever XDG_DATA_HOME says', () => {
    expect(platformDataHome({ platform: 'darwin', home: '/Users/ada', xdgDataHome: '/data/xdg' })).toBe(
      '/Users/ada/Library/Application Support',
    );
  });

  it('on Windows: %LOCALAPPDATA%, else %USERPROFILE%\\AppData\\Local', () => {
    expect([
      platformDataHome({ platform: 'win32', home: 'C:\\Users\\ada', localAppData: 'D:\\Local' }),
      platformDataHome({ platform: 'win32', home: 'C:\\Users\\ada' }),
    ]).toStrictEqual(['D:\\Local', 'C:\\Users\\ada\\AppData\\Local']);
  });
});
