import { readdirSync, readFileSync } from 'node:fs';

/*
 * CPU time of processes from /proc (Linux), to say per request where a bench's load went: the
 * product's process and the database's backends share the machine's cores with the load generator.
 */

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User plus system CPU seconds of one process; 0 once it is gone. */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may hold spaces.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of every process named `command` (e.g. "postgres": the server and its backends). */
export function cpuSecondsOfAll(command: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === command) total += cpuSecondsOf(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}
