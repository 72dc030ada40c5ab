/**
 * The backup file's container: a gzip-compressed (RFC 1952) POSIX ustar archive
 * (POSIX.1-2001 `pax` "ustar Interchange Format"), so an operator can list or unpack it with
 * `tar -tzf` / `tar -xzf` anywhere. Only regular files with short names are written and read:
 * the backup holds three of them (backup.ts), and a reader of no more than that refuses
 * everything else instead of trusting it. gzip's CRC-32 and length trailer catch a truncated
 * or damaged file before the manifest's SHA-256 sums are even checked.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';

/** One regular file of the archive. */
export interface ArchiveFile {
  /** Name without folders, e.g. `sitegate.db` (at most 99 bytes of printable ASCII). */
  name: string;
  data: Buffer;
  /** Permission bits, e.g. 0o600. */
  mode: number;
}

/** Why an archive was refused (thrown by {@link readArchive}). */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

const BLOCK_BYTES = 512;
const NAME_BYTES = 100;

/** ustar header fields: [offset, length] (POSIX.1-2001, "ustar Interchange Format"). */
const FIELD = {
  name: [0, 100],
  mode: [100, 8],
  uid: [108, 8],
  gid: [116, 8],
  size: [124, 12],
  mtime: [136, 12],
  chksum: [148, 8],
  typeflag: [156, 1],
  magic: [257, 6],
  version: [263, 2],
} as const;

/** A number as the zero-padded octal digits of a field, NUL-terminated. */
function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** The header block's checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumOf(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK_BYTES; i++) sum += i >= FIELD.chksum[0] && i < FIELD.chksum[0] + FIELD.chksum[1] ? 0x20 : (header[i] ?? 0);
  return sum;
}

function headerOf(file: ArchiveFile, mtimeSec: number): Buffer {
  const header = Buffer.alloc(BLOCK_BYTES);
  const put = ([offset, length]: readonly [number, number], text: string): void => void header.write(text, offset, length, 'latin1');
  put(FIELD.name, file.name);
  put(FIELD.mode, octal(file.mode, FIELD.mode[1]));
  put(FIELD.uid, octal(0, FIELD.uid[1]));
  put(FIELD.gid, octal(0, FIELD.gid[1]));
  put(FIELD.size, octal(file.data.length, FIELD.size[1]));
  put(FIELD.mtime, octal(mtimeSec, FIELD.mtime[1]));
  put(FIELD.typeflag, '0');
  put(FIELD.magic, 'ustar\0');
  put(FIELD.version, '00');
  // "The chksum field shall be … six octal digits … followed by a NUL and a space" in practice (GNU, bsdtar).
  put(FIELD.chksum, `${checksumOf(header).toString(8).padStart(6, '0')}\0 `);
  return header;
}

/**
 * Packs files into a gzip-compressed ustar archive.
 * @param mtimeSec the modification time every entry carries (seconds since the epoch)
 * @throws {RangeError} for a name that is empty, not ASCII, holds a `/` or is longer than 99 bytes
 */
export async function writeArchive(files: readonly ArchiveFile[], mtimeSec: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for (const file of files) {
    if (!/^[\x21-\x7e]{1,99}$/.test(file.name) || file.name.includes('/')) throw new RangeError(`archive name not allowed: ${file.name}`);
    parts.push(headerOf(file, mtimeSec), file.data, Buffer.alloc((BLOCK_BYTES - (file.data.length % BLOCK_BYTES)) % BLOCK_BYTES));
  }
  parts.push(Buffer.alloc(2 * BLOCK_BYTES));
  return promisify(gzip)(Buffer.concat(parts));
}

/**
 * Unpacks an archive {@link writeArchive} wrote.
 * @returns its files, in order
 * @throws {ArchiveError} when the data is not gzip, is truncated or damaged (gzip's CRC-32 and
 *   length), or holds anything but regular files with plain names, a bad header checksum or a
 *   name twice
 */
export async function readArchive(compressed: Buffer): Promise<ArchiveFile[]> {
  let tar: Buffer;
  try {
    tar = await promisify(gunzip)(compressed);
  } catch (error) {
    throw new ArchiveError(`not a complete gzip file (${(error as Error).message})`);
  }
  const files: ArchiveFile[] = [];
  let offset = 0;
  for (;;) {
    const header = tar.subarray(offset, offset + BLOCK_BYTES);
    if (header.length < BLOCK_BYTES) throw new ArchiveError('the archive ends without its end-of-archive blocks');
    if (header.every((byte) => byte === 0)) return files;
    const field = ([start, length]: readonly [number, number]): string => {
      const text = header.toString('latin1', start, start + length);
      const end = text.indexOf('\0');
      return end === -1 ? text : text.slice(0, end);
    };
    if (field(FIELD.magic) !== 'ustar') throw new ArchiveError(`not a ustar header at byte ${offset}`);
    if (Number.parseInt(field(FIELD.chksum).trim(), 8) !== checksumOf(header))
      throw new ArchiveError(`damaged header at byte ${offset} (checksum)`);
    const name = field(FIELD.name);
    if (!['0', ''].includes(field(FIELD.typeflag)) || name.includes('/') || name === '' || name.length >= NAME_BYTES)
      throw new ArchiveError(`unexpected entry "${name}": a backup holds plain files only`);
    if (files.some((file) => file.name === name)) throw new ArchiveError(`"${name}" is in the archive twice`);
    const size = Number.parseInt(field(FIELD.size).trim(), 8);
    const start = offset + BLOCK_BYTES;
    if (!Number.isSafeInteger(size) || start + size > tar.length) throw new ArchiveError(`"${name}" is cut short`);
    files.push({ name, data: tar.subarray(start, start + size), mode: Number.parseInt(field(FIELD.mode).trim(), 8) });
    offset = start + Math.ceil(size / BLOCK_BYTES) * BLOCK_BYTES;
  }
}
