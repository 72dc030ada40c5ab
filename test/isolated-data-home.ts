/**
 * Setup file of every vitest config: points the platform's data folder (XDG_DATA_HOME on Linux,
 * HOME on macOS, LOCALAPPDATA on Windows: config/platform-data-home.ts) at a temporary folder,
 * so no test — nor any sitegate process a test starts, which inherits the environment — ever
 * writes into the real home directory when it leaves the data folder to its default.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const home = mkdtempSync(path.join(tmpdir(), 'sitegate-home-'));
process.env.XDG_DATA_HOME = home;
if (process.platform === 'darwin') process.env.HOME = home;
if (process.platform === 'win32') process.env.LOCALAPPDATA = home;
afterAll(() => rmSync(home, { recursive: true, force: true }));
