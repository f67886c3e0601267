import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where generated reports and uploaded attachments live. Keys are relative paths the caller builds
 * from ids it owns (`<companyId>/reports/<fileId>.xlsx`); the store never sees user-typed names, and
 * authorization is the caller's: a store answers whoever asks. One small interface so an
 * S3-compatible store can replace the local folder without touching the modules.
 */
export interface FileStore {
  /** Writes the whole stream; the key appears only once everything is written (no half files). */
  write(key: string, body: Readable): Promise<{ bytes: number }>;
  /** A stream of the file, or null when there is none. */
  read(key: string): Promise<Readable | null>;
  size(key: string): Promise<number | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes what unfinished writes of the key left (a writer killed mid-write cleans nothing up);
   * the file itself stays. Only for keys nobody is writing any more.
   */
  removePartials(key: string): Promise<void>;
}

/** A write in progress is `<file>.partial-<pid>-<ms>`: unique, so two writers never share one. */
const PARTIAL_SUFFIX = '.partial-';

const keyPattern = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_.-]+)*$/;

/** Refuses keys that could climb out of the store (`..`, absolute paths, odd characters). */
export function checkedKey(key: string): string {
  if (!keyPattern.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`invalid storage key: ${key}`);
  }
  return key;
}

/** The default store: a folder (DATA_DIR/files). Writes go to a temporary name, then rename. */
export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    return path.join(this.root, checkedKey(key));
  }

  async write(key: string, body: Readable): Promise<{ bytes: number }> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    const partial = `${target}${PARTIAL_SUFFIX}${process.pid}-${Date.now()}`;
    try {
      await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { bytes: (await stat(target)).size };
  }

  async read(key: string): Promise<Readable | null> {
    const file = this.pathOf(key);
    if ((await this.size(key)) === null) return null;
    return createReadStream(file);
  }

  async size(key: string): Promise<number | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? info.size : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
  }

  async removePartials(key: string): Promise<void> {
    const target = this.pathOf(key);
    const folder = path.dirname(target);
    const prefix = `${path.basename(target)}${PARTIAL_SUFFIX}`;
    let names: string[];
    try {
      names = await readdir(folder);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    await Promise.all(names.filter((n) => n.startsWith(prefix)).map((n) => rm(path.join(folder, n), { force: true })));
  }
}

/** The store for a data directory; `memory://` (tests) gets a fresh folder under the OS temp dir. */
export function fileStoreFor(dataDir: string, tmpDir: string): FileStore {
  const root = dataDir === 'memory://' ? path.join(tmpDir, `sim-cabinet-files-${process.pid}-${Date.now()}`) : path.resolve(dataDir, 'files');
  return new LocalFileStore(root);
}
