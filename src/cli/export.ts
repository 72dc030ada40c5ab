/**
 * `sitegate export DIR`: the public site as static files (docs/export.md). The site is built as
 * `serve` builds it and every file is the app's answer to an anonymous request, injected into
 * the same listener; a throwaway store in a temporary folder backs the app, so the operator's
 * data folder, database and Redis are never opened.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ConfigInput } from '../config/config.js';
import { loadSettings } from '../config/config-file.js';
import { createContext } from '../context.js';
import { request as undiciRequest } from 'undici';
import { buildApp } from '../http/app.js';
import { loadSnapshot, snapshotOptionsOf } from '../snapshot/snapshot.js';
import { exportSite, type ExportRequest, type ExportSummary } from '../export/export-site.js';
import { ExportFolderError } from '../export/folder.js';
import { UsageError } from './output.js';

/** Flags of `export`, as commander parses them. */
export interface ExportFlags {
  content?: string;
  force?: boolean;
  baseUrl?: string;
  config?: string;
  conventions?: string;
  static?: string[];
  pageMaxChars?: string;
  siteTitle?: string;
  nginxListen?: string;
}

/**
 * Exports the site and prints what was written.
 * @param dir the export folder
 * @throws {UsageError} when the folder is refused (not empty without `--force`, overlapping the content)
 * @throws {ConfigError} on invalid settings; {@link ContentDirError} when the content folder is missing
 */
export async function exportCommand(dir: string, flags: ExportFlags): Promise<void> {
  const summary = await runExport(dir, flags);
  process.stdout.write(`sitegate: exported ${summary.pages} pages (${summary.files} files) to ${summary.dir}\n`);
  for (const { path: urlPath, status } of summary.skipped)
    process.stdout.write(`  not exported: ${urlPath} (${status === 0 ? 'no file name for this URL' : `status ${status}`})\n`);
}

/**
 * Builds the site and its app over a throwaway store, exports it, and closes both.
 * @throws as {@link exportCommand}
 */
export async function runExport(dir: string, flags: ExportFlags): Promise<ExportSummary> {
  const input: ConfigInput & { config?: string } = {
    contentDir: flags.content,
    baseUrl: flags.baseUrl,
    config: flags.config,
    conventions: flags.conventions,
    static: flags.static,
    pageMaxChars: flags.pageMaxChars,
    siteTitle: flags.siteTitle,
  };
  const settings = loadSettings(input);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sitegate-export-data-'));
  // The app needs a store; the export reads none of it. Shared services are never contacted.
  const config = { ...settings, dataDir, databaseUrl: null, redisUrl: null, analyticsEnabled: false };
  try {
    const loaded = loadSnapshot(config.contentDir, { ...snapshotOptionsOf(config), llmsApi: false });
    await loaded.snapshot.datesReady;
    const context = await createContext(config, loaded.snapshot);
    const app = buildApp(context);
    app.onClose(() => context.close());
    try {
      // Real requests over loopback through the listener `serve` installs: no test tool at run time.
      const origin = await app.listen({ port: 0, host: '127.0.0.1' });
      const request: ExportRequest = async (urlPath, accept) => {
        const response = await undiciRequest(origin + urlPath, { method: 'GET', headers: { accept } });
        return { status: response.statusCode, headers: response.headers, body: Buffer.from(await response.body.arrayBuffer()) };
      };
      return await exportSite(loaded.snapshot, request, {
        dir,
        force: flags.force === true,
        baseUrl: config.baseUrl,
        keep: [config.contentDir, settings.dataDir, ...(config.staticDirs ?? [])],
        ...(flags.nginxListen === undefined ? {} : { nginxListen: flags.nginxListen }),
      });
    } finally {
      await app.close();
    }
  } catch (error) {
    if (error instanceof ExportFolderError) throw new UsageError(error.message);
    throw error;
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
