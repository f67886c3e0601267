import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createDeflateRaw, crc32 } from 'node:zlib';

/*
 * A ZIP archive written as a stream (PKWARE APPNOTE 6.3, no Zip64): each entry is deflated as its
 * content arrives, its CRC and sizes follow it in a data descriptor, and the central directory
 * closes the archive. Memory holds one chunk per entry at a time, whatever the entry's size.
 */

export interface ZipEntry {
  /** Path inside the archive, '/' separated. */
  name: string;
  content: () => AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
/** Bit 3: sizes and CRC in a data descriptor after the data; bit 11: names are UTF-8. */
const FLAGS = 0x0008 | 0x0800;
const DEFLATE = 8;
const VERSION = 20;
/** Without Zip64 a size or offset must fit in 32 bits. */
const MAX_32 = 0xffffffff;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** DOS time and date of a moment (local fields are taken as UTC, so the archive is the same everywhere). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function localHeader(name: Buffer, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(30);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(DEFLATE, 8);
  header.writeUInt16LE(stamp.time, 10);
  header.writeUInt16LE(stamp.date, 12);
  // CRC and sizes (14..25) stay zero: the data descriptor carries them.
  header.writeUInt16LE(name.length, 26);
  return Buffer.concat([header, name]);
}

function dataDescriptor(entry: Written): Buffer {
  const descriptor = Buffer.alloc(16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  descriptor.writeUInt32LE(entry.compressed, 8);
  descriptor.writeUInt32LE(entry.size, 12);
  return descriptor;
}

function centralHeader(entry: Written, stamp: { time: number; date: number }): Buffer {
  const header = Buffer.alloc(46);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(DEFLATE, 10);
  header.writeUInt16LE(stamp.time, 12);
  header.writeUInt16LE(stamp.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(entry.compressed, 20);
  header.writeUInt32LE(entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  // Extra field, comment, disk number, internal and external attributes: none (30..41).
  header.writeUInt32LE(entry.offset, 42);
  return Buffer.concat([header, entry.name]);
}

function endOfCentralDirectory(entries: number, size: number, offset: number): Buffer {
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
  end.writeUInt16LE(entries, 8);
  end.writeUInt16LE(entries, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return end;
}

function checkSize(value: number): number {
  if (value > MAX_32) throw new Error('the archive is too large for a ZIP without Zip64');
  return value;
}

/** The archive's bytes. An error in an entry's content ends the stream with that error. */
export function zipStream(entries: ZipEntry[], options: { level?: number; at?: Date } = {}): Readable {
  const stamp = dosTime(options.at ?? new Date());
  async function* archive(): AsyncGenerator<Buffer> {
    const written: Written[] = [];
    let offset = 0;
    for (const entry of entries) {
      const name = Buffer.from(entry.name, 'utf8');
      const header = localHeader(name, stamp);
      const record: Written = { name, crc: 0, compressed: 0, size: 0, offset: checkSize(offset) };
      yield header;
      offset += header.length;

      async function* counted(): AsyncGenerator<Buffer> {
        for await (const chunk of entry.content()) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
          record.crc = crc32(bytes, record.crc);
          record.size = checkSize(record.size + bytes.length);
          yield bytes;
        }
      }
      const deflate = createDeflateRaw({ level: options.level ?? 6 });
      // An error on either side destroys the deflate stream, which ends the loop below with it.
      const piping = pipeline(Readable.from(counted()), deflate);
      piping.catch(() => undefined);
      for await (const out of deflate as AsyncIterable<Buffer>) {
        record.compressed += out.length;
        yield out;
      }
      await piping;
      offset += checkSize(record.compressed);
      const descriptor = dataDescriptor(record);
      yield descriptor;
      offset += descriptor.length;
      written.push(record);
    }
    const directory = Buffer.concat(written.map((entry) => centralHeader(entry, stamp)));
    yield directory;
    yield endOfCentralDirectory(written.length, directory.length, checkSize(offset));
  }
  return Readable.from(archive(), { objectMode: false });
}
