import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ArchiveError, readArchive, writeArchive } from './backup-archive.js';

const SECRET = { name: 'secret', data: Buffer.from(`${'s'.repeat(43)}\n`), mode: 0o600 };
const FILES = [
  { name: 'sitegate-backup.json', data: Buffer.from('{"format":"sitegate-backup"}\n'), mode: 0o600 },
  { name: 'sitegate.db', data: Buffer.alloc(1536, 1), mode: 0o600 },
  SECRET,
];

describe('backup archive', () => {
  it('reads back what it wrote, and tar lists it (ustar, gzip)', async () => {
    const archive = await writeArchive(FILES, 1_795_000_000);
    expect((await readArchive(archive)).map((file) => [file.name, file.data.toString('hex'), file.mode])).toStrictEqual(
      FILES.map((file) => [file.name, file.data.toString('hex'), file.mode]),
    );
    const dir = mkdtempSync(path.join(tmpdir(), 'sitegate-archive-'));
    try {
      writeFileSync(path.join(dir, 'b.tar.gz'), archive);
      expect(execFileSync('tar', ['-tzf', path.join(dir, 'b.tar.gz')], { encoding: 'utf8' })).toBe(
        'sitegate-backup.json\nsitegate.db\nsecret\n',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a damaged header, a name twice, a folder entry and a missing end', async () => {
    const tar = gunzipSync(await writeArchive(FILES, 0));
    const flipped = Buffer.from(tar);
    flipped[0] = 0x58; // the first name's first byte: the header checksum no longer matches
    const twice = gunzipSync(await writeArchive([SECRET, SECRET], 0));
    const folder = Buffer.from(tar);
    folder.write('5', 156, 'latin1'); // typeflag 5: a directory
    const sum = [...folder.subarray(0, 512)].reduce((total, byte, i) => total + (i >= 148 && i < 156 ? 0x20 : byte), 0);
    folder.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    const cases: [Buffer, string][] = [
      [flipped, 'damaged header at byte 0 (checksum)'],
      [twice, '"secret" is in the archive twice'],
      [folder, 'unexpected entry "sitegate-backup.json": a backup holds plain files only'],
      [tar.subarray(0, 1024), 'the archive ends without its end-of-archive blocks'],
    ];
    for (const [bytes, message] of cases) await expect(readArchive(gzipSync(bytes))).rejects.toThrow(new ArchiveError(message));
  });

  it('refuses to write a name with a folder in it', async () => {
    await expect(writeArchive([{ name: '../secret', data: Buffer.alloc(0), mode: 0o600 }], 0)).rejects.toThrow(
      new RangeError('archive name not allowed: ../secret'),
    );
  });
});
