import { AppError } from '../http/errors.js';

/**
 * Bounds CPU-heavy work in this process: `limit` run at once, up to `queue` wait their turn, and
 * anything beyond is refused at once (429) instead of piling up and slowing every other call.
 */
export class WorkGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private limit: number,
    private queue: number,
  ) {}

  resize(limit: number, queue: number): void {
    this.limit = limit;
    this.queue = queue;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.limit) {
      this.running++;
    } else {
      if (this.waiting.length >= this.queue) throw new AppError('rate_limited');
      // The finishing holder hands its slot over, so `running` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
