import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { LocalFileStore, checkedKey } from '../src/storage/file-store.js';

async function freshStore(): Promise<{ store: LocalFileStore; root: string }> {
  const root = await mkdtemp(path.join(tmpdir(), 'file-store-'));
  return { store: new LocalFileStore(root), root };
}

describe('local file store', () => {
  it('writes, reads, sizes and removes a file by key', async () => {
    const { store } = await freshStore();
    const { bytes } = await store.write('c1/reports/a.csv', Readable.from(['a,b\n', '1,2\n']));
    expect(bytes).toBe(8);
    expect(await store.size('c1/reports/a.csv')).toBe(8);
    expect(await text((await store.read('c1/reports/a.csv'))!)).toBe('a,b\n1,2\n');
    await store.remove('c1/reports/a.csv');
    expect(await store.read('c1/reports/a.csv')).toBeNull();
    await store.remove('c1/reports/a.csv');
  });

  it('leaves no file behind when the stream fails half-way', async () => {
    const { store, root } = await freshStore();
    function* failing() {
      yield 'first rows\n';
      throw new Error('cancelled');
    }
    await expect(store.write('c1/reports/b.csv', Readable.from(failing()))).rejects.toThrow('cancelled');
    expect(await store.size('c1/reports/b.csv')).toBeNull();
    expect(await readdir(path.join(root, 'c1/reports'))).toEqual([]);
  });

  it('removes what a killed writer left of a key, and nothing of the file or of other keys', async () => {
    const { store, root } = await freshStore();
    await store.write('c1/reports/7.csv', Readable.from(['done\n']));
    await store.write('c1/reports/7-2.csv', Readable.from(['other attempt\n']));
    // A writer killed with SIGKILL never reaches its cleanup: its temporary file stays.
    await writeFile(path.join(root, 'c1/reports/7.csv.partial-4242-1700000000000'), 'half');
    await writeFile(path.join(root, 'c1/reports/7-2.csv.partial-4243-1700000000000'), 'half');
    await store.removePartials('c1/reports/7.csv');
    expect((await readdir(path.join(root, 'c1/reports'))).sort()).toEqual(['7-2.csv', '7-2.csv.partial-4243-1700000000000', '7.csv']);
    await store.removePartials('c9/reports/1.csv');
  });

  it('refuses keys that could leave the store', () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a//b', 'a/./b', 'a\\b', '', 'a/b c']) {
      expect(() => checkedKey(key), key).toThrow();
    }
    expect(checkedKey('c-1/agent_requests/f.pdf')).toBe('c-1/agent_requests/f.pdf');
  });
});
