/**
 * `serve --watch` and the generator's config files beside the content folder (config-watch.ts):
 * the reloader of serve.ts (`watchBuild`) over real watchers, on sites whose `sidebars.js`,
 * `mkdocs.yml` or `hugo.toml` is edited, or whose `sidebars.js` is created after the start. Each
 * change shows in the served snapshot without any content file changing.
 */
import { mkdirSync, realpathSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { removeDir, TEST_BASE_URL, writeContent } from '../../test/helpers.js';
import { runSteps } from '../build-steps.js';
import { watchBuild } from '../cli/serve.js';
import { isFolder, navLabel, type Folder } from '../content/folders.js';
import { watchConfigFiles, watchedFolders } from './config-watch.js';
import { ReadCache } from './read-cache.js';
import { loadSnapshotInSteps, type LoadedSnapshot } from './snapshot.js';
import { createReloader, watchContent } from './watch.js';

const TEST_TIMEOUT_MS = 30_000;
/** How long a change may take to show (debounce + build + a busy machine); no assert on speed. */
const RELOAD_TIMEOUT_MS = 10_000;

const dirs: string[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});
afterAll(() => dirs.forEach(removeDir));

/** A site of `files` in a fresh folder, by its real path. */
function site(files: Record<string, string>): string {
  const dir = realpathSync(writeContent(files));
  dirs.push(dir);
  return dir;
}

/** Polls `probe` every 20 ms. @throws with `what` after {@link RELOAD_TIMEOUT_MS} */
async function eventually(what: string, probe: () => boolean): Promise<void> {
  const deadline = performance.now() + RELOAD_TIMEOUT_MS;
  while (!probe()) {
    if (performance.now() > deadline) throw new Error(`not within ${RELOAD_TIMEOUT_MS} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * `serve --watch` of `contentDir` as serve.ts wires it (`startReloading`): the content watcher and
 * the config watch schedule the reloader, whose build is serve.ts `watchBuild`; the snapshot in
 * service is `current`.
 */
async function serveWatch(contentDir: string): Promise<{ current: () => LoadedSnapshot; errors: unknown[] }> {
  const errors: unknown[] = [];
  const readCache = new ReadCache();
  const build = () => loadSnapshotInSteps(contentDir, { baseUrl: TEST_BASE_URL, readCache, parallel: false });
  const watcher = await watchContent(contentDir, (error) => errors.push(error));
  let current = runSteps(build());
  const configWatch = watchConfigFiles(
    () => reloader.schedule(''),
    (error) => errors.push(error),
  );
  const reloader = createReloader({
    build: watchBuild(readCache, build, configWatch),
    swap: (loaded) => {
      current = loaded;
    },
    onError: (error) => errors.push(error),
  });
  watcher.onChange((relPath) => reloader.schedule(relPath));
  configWatch.update(readCache.configReads);
  closers.push(async () => {
    configWatch.close();
    await reloader.close();
    await watcher.close();
  });
  return { current: () => current, errors };
}

/** The nav as lines `label url`, indented by depth. */
function outline({ snapshot }: LoadedSnapshot): string[] {
  const lines: string[] = [];
  const walk = (folder: Folder, depth: number): void => {
    for (const item of folder.items) {
      lines.push(`${'  '.repeat(depth)}${navLabel(item)} ${item.url}`);
      if (isFolder(item)) walk(item, depth + 1);
    }
  };
  walk(snapshot.site.folders.get('/') as Folder, 0);
  return lines;
}

/** Writes `text` to `file` as editors save: a new file renamed over the old one. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.tmp`, text);
  renameSync(`${file}.tmp`, file);
}

const pages = { 'docs/alpha.md': '# Alpha\n\nFirst.\n', 'docs/beta.md': '# Beta\n\nSecond.\n' };
const inFileOrder = ['Alpha /alpha', 'Beta /beta'];
const reversed = ['Beta /beta', 'Alpha /alpha'];

describe('serve --watch and the generator config files', { timeout: TEST_TIMEOUT_MS }, () => {
  it('Docusaurus: sidebars.js beside docs/ edited, the nav follows its new order', async () => {
    const dir = site({
      ...pages,
      'docusaurus.config.js': "export default { title: 'D', presets: [['classic', { docs: { sidebarPath: './sidebars.js' } }]] };\n",
      'sidebars.js': "export default { docs: ['alpha', 'beta'] };\n",
    });
    const served = await serveWatch(path.join(dir, 'docs'));
    expect(outline(served.current())).toStrictEqual(inFileOrder);
    writeFileSync(path.join(dir, 'sidebars.js'), "export default { docs: ['beta', 'alpha'] };\n");
    await eventually('the new sidebar order', () => outline(served.current())[0] === 'Beta /beta');
    expect(outline(served.current())).toStrictEqual(reversed);
    // A second edit, saved by a rename as editors do: the watch holds on the folder, not the old file.
    save(path.join(dir, 'sidebars.js'), "export default { docs: ['alpha', 'beta'] };\n");
    await eventually('the order saved by a rename', () => outline(served.current())[0] === 'Alpha /alpha');
    expect(outline(served.current())).toStrictEqual(inFileOrder);
    expect(served.errors).toStrictEqual([]);
  });

  it('Docusaurus: sidebars.js created after the start (looked for, missing at the first build) is followed', async () => {
    // No docs options: the template's sidebars.* beside the config is read when there is one.
    const dir = site({ ...pages, 'docusaurus.config.js': "export default { title: 'D' };\n" });
    const served = await serveWatch(path.join(dir, 'docs'));
    expect(outline(served.current())).toStrictEqual(inFileOrder);
    writeFileSync(path.join(dir, 'sidebars.js'), "export default { docs: ['beta', 'alpha'] };\n");
    await eventually('the created sidebar', () => outline(served.current())[0] === 'Beta /beta');
    expect(outline(served.current())).toStrictEqual(reversed);
    expect(served.errors).toStrictEqual([]);
  });

  it('MkDocs: site_name of mkdocs.yml edited, the site title follows; a nav added later orders the pages', async () => {
    const dir = site({ ...pages, 'mkdocs.yml': 'site_name: Old Name\n' });
    const served = await serveWatch(path.join(dir, 'docs'));
    expect(served.current().snapshot.site.name).toBe('Old Name');
    writeFileSync(path.join(dir, 'mkdocs.yml'), 'site_name: New Name\n');
    await eventually('the new site name', () => served.current().snapshot.site.name === 'New Name');
    expect(outline(served.current())).toStrictEqual(inFileOrder);
    writeFileSync(path.join(dir, 'mkdocs.yml'), 'site_name: New Name\nnav:\n  - beta.md\n  - alpha.md\n');
    await eventually('the nav', () => outline(served.current())[0] === 'Beta /beta');
    expect(outline(served.current())).toStrictEqual(reversed);
    expect(served.errors).toStrictEqual([]);
  });

  it('Hugo: the title and a param of hugo.toml edited, and a config/_default/ folder made later, followed', async () => {
    const dir = site({
      'content/shirt.md': '---\ntitle: Shirt\n---\nWe found a {{< param color >}} shirt.\n',
      'hugo.toml': "title = 'Old Hugo'\n[params]\n  color = 'blue'\n",
    });
    const served = await serveWatch(path.join(dir, 'content'));
    const body = (): string | undefined => {
      const { site: built } = served.current().snapshot;
      const page = built.pages.get('/shirt/');
      return page === undefined ? undefined : built.textOf(page).split('\n---\n')[1];
    };
    expect(served.current().snapshot.site.name).toBe('Old Hugo');
    expect(body()).toBe('We found a blue shirt.\n');
    writeFileSync(path.join(dir, 'hugo.toml'), "title = 'New Hugo'\n[params]\n  color = 'red'\n");
    await eventually('the new title', () => served.current().snapshot.site.name === 'New Hugo');
    expect(body()).toBe('We found a red shirt.\n');
    // The config directory, missing at the start (its parent too), made with params over the file's.
    mkdirSync(path.join(dir, 'config/_default'), { recursive: true });
    writeFileSync(path.join(dir, 'config/_default/params.toml'), "color = 'green'\n");
    await eventually('the param of the config directory', () => body() === 'We found a green shirt.\n');
    expect(served.current().snapshot.site.name).toBe('New Hugo');
    expect(served.errors).toStrictEqual([]);
  });
});

describe('watchedFolders', () => {
  it('a file by its folder and name, a missing one by its nearest folder, a folder itself with every name', () => {
    const dir = site({ 'hugo.toml': '', 'config/_default/params.toml': '' });
    const folders = watchedFolders([
      path.join(dir, 'hugo.toml'),
      path.join(dir, 'sidebars.js'),
      path.join(dir, 'config/_default'),
      path.join(dir, 'config/_default/params.toml'),
      path.join(dir, 'config/production'),
      path.join(dir, 'layouts/_markup'),
    ]);
    expect(folders).toStrictEqual(
      new Map([
        [dir, new Set(['hugo.toml', 'sidebars.js', 'layouts'])],
        [path.join(dir, 'config/_default'), new Set(['', 'params.toml'])],
        [path.join(dir, 'config'), new Set(['_default', 'production'])],
      ]),
    );
  });
});
