/**
 * Group commit: items wait while one batch commits and go together in the next, so the number of
 * transactions follows the database's pace, not the packets'. An idle queue waits `lingerMs` for
 * company; a full one, or one that waited through a commit, goes at once. One batch runs at a time,
 * so a session's packets are written in the order they came.
 */
export class Batcher<T> {
  private queue: T[] = [];
  private running: Promise<void> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private timerDue = 0;
  private wanted = false;

  constructor(
    private readonly run: (items: T[]) => Promise<void>,
    private readonly options: { lingerMs: number; maxItems: number; idleFlushMs: number; onError(error: unknown): void },
  ) {}

  add(item: T): void {
    this.queue.push(item);
    this.schedule(this.queue.length >= this.options.maxItems ? 0 : this.options.lingerMs);
  }

  /** Asks for a batch even without items (counters of dropped packets, the link's state), soon but not at once. */
  poke(): void {
    this.wanted = true;
    this.schedule(this.options.idleFlushMs);
  }

  /** Runs what is queued and resolves once nothing is left or running. */
  async drain(): Promise<void> {
    for (let round = 0; round < 1000 && (this.running || this.queue.length > 0 || this.timer); round++) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        if (!this.running) this.flush();
      }
      await this.running;
    }
  }

  /** Flushes in `delayMs` unless a batch runs or a flush is due sooner (a packet never waits for an idle flush). */
  private schedule(delayMs: number): void {
    if (this.running) return;
    const due = Date.now() + delayMs;
    if (this.timer) {
      if (this.timerDue <= due) return;
      clearTimeout(this.timer);
    }
    this.timerDue = due;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flush();
    }, delayMs);
  }

  private flush(): void {
    const items = this.queue.splice(0, this.options.maxItems);
    this.wanted = false;
    this.running = this.run(items)
      .catch((error: unknown) => this.options.onError(error))
      .finally(() => {
        this.running = null;
        // What came in during the commit has waited long enough.
        if (this.queue.length > 0) this.schedule(0);
        else if (this.wanted) this.schedule(this.options.idleFlushMs);
      });
  }
}
