import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../../../db/client.js';
import type { FileStore } from '../../../storage/file-store.js';
import { renewLease } from './lease-repository.js';
import { fileKeyOf } from './repository.js';

/**
 * Attempts at one file. Every attempt past the first means the worker before died while writing
 * it (a file that kills its worker, e.g. out of memory, would do so again): the next one fails it.
 */
export const MAX_REPORT_ATTEMPTS = 3;

/** A lease owner: the process (host and pid, for whoever reads the row) and this one run. */
export function leaseOwner(): string {
  return `${hostname()}:${process.pid}:${randomUUID()}`;
}

export interface Heartbeat {
  /** True once a renewal found the lease taken over (or the file no longer being written). */
  lost(): boolean;
  stop(): void;
}

/**
 * Renews the lease three times per `staleSeconds` from a timer, so a long database call in the
 * writer does not let it lapse. A failed renewal (database away) is not a loss: if the lease did
 * lapse meanwhile, the next renewal or the final state move says so.
 */
export function startHeartbeat(db: Db, companyId: number, id: number, owner: string, staleSeconds: number): Heartbeat {
  let lost = false;
  const timer = setInterval(
    () =>
      void renewLease(db, companyId, id, owner).then(
        (held) => {
          if (!held) lost = true;
        },
        () => undefined,
      ),
    Math.max(100, (staleSeconds * 1000) / 3),
  );
  timer.unref();
  return { lost: () => lost, stop: () => clearInterval(timer) };
}

/** Removes what attempts 1..`attempts` of a file left: a finished file or a killed writer's partial one. */
export async function discardAttempts(
  files: FileStore,
  report: { company_id: number; id: number; format: string },
  attempts: number,
): Promise<void> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const key = fileKeyOf(report.company_id, report.id, report.format, attempt);
    await files.remove(key);
    await files.removePartials(key);
  }
}
