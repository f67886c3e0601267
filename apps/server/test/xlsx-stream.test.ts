import { buffer } from 'node:stream/consumers';
import { inflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { columnLetters, xlsxStream, type XlsxCell, type XlsxColumn } from '../src/formats/xlsx-stream.js';
import { fileBody } from '../src/modules/platform/generated-reports/writers.js';
import { zipStream } from '../src/formats/zip-stream.js';

async function* batchesOf(rows: XlsxCell[][], size = 2): AsyncGenerator<XlsxCell[][]> {
  for (let i = 0; i < rows.length; i += size) yield await Promise.resolve(rows.slice(i, i + size));
}

/** Entries of a ZIP read through its central directory, as a strict reader does. */
function unzip(bytes: Buffer): Map<string, string> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const compressed = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const offset = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    expect(bytes.readUInt32LE(offset)).toBe(0x04034b50);
    const dataStart = offset + 30 + bytes.readUInt16LE(offset + 26);
    const data = inflateRawSync(bytes.subarray(dataStart, dataStart + compressed));
    expect(data.length).toBe(size);
    entries.set(name, data.toString('utf8'));
    at += 46 + nameLength;
  }
  return entries;
}

describe('zipStream', () => {
  it('writes entries a reader finds through the central directory, with their sizes', async () => {
    const big = 'строка отчёта, '.repeat(20_000);
    const bytes = await buffer(zipStream([
      { name: 'a.txt', content: () => ['hello'] },
      { name: 'папка/б.txt', content: () => [big, Buffer.from('!')] },
    ]));
    const entries = unzip(bytes);
    expect(entries.get('a.txt')).toBe('hello');
    expect(entries.get('папка/б.txt')).toBe(`${big}!`);
  });

  it('ends with the error an entry throws', async () => {
    function* rows(): Generator<string> {
      yield 'a';
      throw new Error('rows failed');
    }
    const failing = zipStream([{ name: 'x', content: rows }]);
    await expect(buffer(failing)).rejects.toThrow('rows failed');
  });
});

describe('xlsxStream', () => {
  const columns: XlsxColumn[] = [
    { header: 'Текст', type: 'text', width: 20 },
    { header: 'Count', type: 'integer' },
    { header: 'EUR', type: 'decimal' },
    { header: 'At', type: 'datetime' },
  ];

  it('names columns past Z as spreadsheets do', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AB', 'AZ', 'BA', 'ZZ', 'AAA']);
  });

  it('reads back with the same values: escapes, Cyrillic, spaces, empty cells, numbers and UTC times', async () => {
    const at = new Date('2031-03-02T10:11:12Z');
    const rows: XlsxCell[][] = [
      ['<a href="x">&amp;</a>', 1, 2.5, at],
      ['  ведущие пробелы', null, 0.1, Math.floor(at.getTime() / 1000) + 60],
      ['bell\u0007 and tab\tkept', 42, null, null],
      ['=SUM(A1:A2)', -3, 1234.56, at],
      ['last', 0, 0, at],
    ];
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await buffer(xlsxStream('Отчёт [1]', columns, batchesOf(rows)))) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe('Отчёт  1');
    const read = (r: number) => [1, 2, 3, 4].map((c) => sheet?.getRow(r).getCell(c).value ?? null);
    expect(read(1)).toEqual(['Текст', 'Count', 'EUR', 'At']);
    expect(sheet?.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(read(2)).toEqual(['<a href="x">&amp;</a>', 1, 2.5, at]);
    expect(read(3)).toEqual(['  ведущие пробелы', null, 0.1, new Date(at.getTime() + 60_000)]);
    // A character XML cannot hold is dropped; a formula-like text stays text, never a formula.
    expect(read(4)).toEqual(['bell and tab\tkept', 42, null, null]);
    expect(read(5)).toEqual(['=SUM(A1:A2)', -3, 1234.56, at]);
    expect(sheet?.rowCount).toBe(6);
    expect(sheet?.getRow(2).getCell(3).numFmt).toBe('0.00');
    expect(sheet?.getRow(2).getCell(4).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    expect(sheet?.getColumn(1).width).toBe(20);
  });

  it('stops with the error of its rows (the file store keeps nothing then)', async () => {
    async function* failing(): AsyncGenerator<XlsxCell[][]> {
      yield [['one', 1, 1, null]];
      await Promise.resolve();
      throw new Error('cancelled');
    }
    await expect(buffer(xlsxStream('Report', columns, failing()))).rejects.toThrow('cancelled');
  });
});

describe('CSV file body', () => {
  it('writes UTC times to the second across day changes, from unix seconds and from Dates', async () => {
    const columns = [{ key: 'at', header: { ru: 'Время', en: 'Time' }, type: 'datetime' as const }];
    const times: XlsxCell[][] = [
      [Date.UTC(2031, 2, 1, 23, 59, 59) / 1000],
      [Date.UTC(2031, 2, 2, 0, 0, 0) / 1000],
      [new Date(Date.UTC(2031, 2, 2, 9, 5, 7, 900))],
      [Date.UTC(2031, 2, 1, 0, 0, 1) / 1000],
      [null],
    ];
    const source = { columns, count: () => Promise.resolve(times.length), rows: () => batchesOf(times) };
    const file = fileBody('csv', source, 'en', () => Promise.resolve());
    const text = (await buffer(file.body)).toString('utf8');
    expect(text).toBe('\uFEFFTime\r\n2031-03-01 23:59:59\r\n2031-03-02 00:00:00\r\n2031-03-02 09:05:07\r\n2031-03-01 00:00:01\r\n\r\n');
    expect(file.rows()).toBe(5);
  });
});
