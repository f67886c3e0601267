import type { NasCounters } from './stats-repository.js';

/** Why a packet got no answer. */
export type DropReason = 'malformed' | 'unknown_nas' | 'bad_authenticator' | 'unknown_imsi' | 'unknown_subscriber';

/**
 * Packets per NAS counted in memory between flushes; each batch's commit takes them along. Those
 * of a batch that failed go back, so a database outage loses no count.
 */
export class PacketCounters {
  private readonly byNas = new Map<string, NasCounters>();

  accept(nas: string, at: Date): void {
    this.entry(nas, at).accepted += 1;
  }

  drop(nas: string, reason: DropReason, at: Date): void {
    const entry = this.entry(nas, at);
    entry.droppedBy[reason] = (entry.droppedBy[reason] ?? 0) + 1;
  }

  get pending(): boolean {
    return this.byNas.size > 0;
  }

  /** Takes what was counted; give it back with `restore` if its commit fails. */
  drain(): NasCounters[] {
    const drained = [...this.byNas.values()];
    this.byNas.clear();
    return drained;
  }

  restore(counters: NasCounters[]): void {
    for (const c of counters) {
      const entry = this.entry(c.nas, c.lastPacketAt);
      entry.accepted += c.accepted;
      for (const [reason, n] of Object.entries(c.droppedBy)) entry.droppedBy[reason] = (entry.droppedBy[reason] ?? 0) + n;
    }
  }

  private entry(nas: string, at: Date): NasCounters {
    let entry = this.byNas.get(nas);
    if (!entry) {
      entry = { nas, accepted: 0, droppedBy: {}, lastPacketAt: at };
      this.byNas.set(nas, entry);
    }
    if (at > entry.lastPacketAt) entry.lastPacketAt = at;
    return entry;
  }
}
