/**
 * The export folder (docs/export.md "Writing"): refused when it is not empty unless forced, never
 * one that holds or lies in a folder sitegate reads (the content, the data folder), and written
 * atomically-ish: everything goes to a new folder beside it, which is renamed into place once
 * complete, so a failed export leaves the previous one as it was.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Why an export folder is refused; the CLI prints the message and exits 2. */
export class ExportFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFolderError';
  }
}

/** Whether `inner` is `outer` or lies inside it (both absolute and resolved). */
function within(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || (relative.split(path.sep)[0] !== '..' && !path.isAbsolute(relative));
}

/**
 * Checks that `dir` may be written.
 * @param dir the export folder, absolute
 * @param force whether a non-empty folder may be replaced
 * @param keep folders the export must never replace nor write into, nor hold (content folder, data folder)
 * @throws {ExportFolderError} when `dir` is a file, is not empty without `force`, or overlaps a folder of `keep`
 */
export function checkExportFolder(dir: string, force: boolean, keep: readonly string[]): void {
  for (const folder of keep) {
    const resolved = path.resolve(folder);
    if (within(dir, resolved) || within(resolved, dir))
      throw new ExportFolderError(`refusing to export into ${dir}: it overlaps ${resolved}, which sitegate reads`);
  }
  if (!existsSync(dir)) return;
  if (!statSync(dir).isDirectory()) throw new ExportFolderError(`${dir} exists and is not a folder`);
  if (readdirSync(dir).length > 0 && !force) throw new ExportFolderError(`${dir} is not empty; pass --force to replace it`);
}

/** A folder being written, renamed into place by {@link StagedFolder.commit}. */
export interface StagedFolder {
  /** The folder files go to now (beside the export folder). */
  readonly staging: string;
  /**
   * Writes one file under the staging folder.
   * @param file relative, `/`-separated (layout.ts `exportFileOf`)
   * @throws the file system's error, e.g. when a file and a folder would share a name
   */
  write(file: string, bytes: Buffer | string): void;
  /** Replaces the export folder with the staging folder (the old one removed after the rename). */
  commit(): void;
  /** Removes the staging folder (after a failure). */
  discard(): void;
}

/** Starts writing an export of `dir` (checked with {@link checkExportFolder} first). */
export function stageFolder(dir: string): StagedFolder {
  const parent = path.dirname(dir);
  mkdirSync(parent, { recursive: true });
  const staging = mkdtempSync(path.join(parent, `.${path.basename(dir)}.sitegate-export-`));
  // mkdtemp makes the folder 0700; the export is a public site, which a web server's own user reads.
  chmodSync(staging, 0o755);
  return {
    staging,
    write(file, bytes) {
      const target = path.join(staging, ...file.split('/'));
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, bytes);
    },
    commit() {
      let old: string | undefined;
      if (existsSync(dir)) {
        old = `${staging}.old`;
        renameSync(dir, old);
      }
      try {
        renameSync(staging, dir);
      } catch (error) {
        if (old !== undefined) renameSync(old, dir);
        throw error;
      }
      if (old !== undefined) rmSync(old, { recursive: true, force: true });
    },
    discard() {
      rmSync(staging, { recursive: true, force: true });
    },
  };
}
