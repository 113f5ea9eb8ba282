// The run's sandboxes as slots: `concurrency` runs at once, whatever the number of candidates in flight.
// A run keeps one candidate more in flight than it has slots (PREPARED_AHEAD), so the next one is
// prepared (its commit's tree read, its patch applied, its tree packed) while the sandboxes run others, and
// waits only for a slot: on a dataset whose every line has its own commit (SWE-bench's), that preparing
// is a second or more a candidate, which otherwise left a slot idle between two runs.
import type { JudgingEngine } from "../sandbox/engine.js";

/** Candidates prepared beyond the slots: one is enough for the next run to find its candidate ready. */
export const PREPARED_AHEAD = 1;

/** `engine` with at most `slots` runs at once; the others wait their turn, first come first served. */
export function slotted(engine: JudgingEngine, slots: number): JudgingEngine {
  const waiting: Array<() => void> = [];
  let free = Math.max(1, slots);
  const acquire = (): Promise<void> => {
    if (free > 0) {
      free -= 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => waiting.push(resolve));
  };
  // A slot freed goes straight to the first waiter, so `free` counts only slots nobody waits for.
  const release = (): void => {
    const next = waiting.shift();
    if (next) next();
    else free += 1;
  };
  return {
    hasImage: (image) => engine.hasImage(image),
    pull: (image) => engine.pull(image),
    run: async (job, hooks) => {
      await acquire();
      try {
        return await engine.run(job, hooks);
      } finally {
        release();
      }
    },
  };
}

/**
 * The judging order kept when candidates ask for their first slot: a candidate takes its turn only once
 * every candidate before it has taken its own (asked for a slot, or finished without one). Without it, the
 * one prepared ahead could overtake an earlier one whose tree took longer to read, and the run's order
 * (longest first, commits.ts's judgingOrder) would be the preparing's race: psf/requests' longest instance
 * started after a shorter one and held the run 1.3 s past its end.
 */
export class Turns {
  readonly #passed: boolean[];
  /** The first position that has not taken its turn yet. */
  #next = 0;
  readonly #waiting = new Map<number, () => void>();

  constructor(count: number) {
    this.#passed = new Array<boolean>(count).fill(false);
  }

  /** Resolves once every position before `position` has taken its turn. */
  wait(position: number): Promise<void> {
    if (position <= this.#next) return Promise.resolve();
    return new Promise((resolve) => this.#waiting.set(position, resolve));
  }

  /** `position` has taken its turn (again: nothing). */
  pass(position: number): void {
    if (position >= this.#passed.length || this.#passed[position]) return;
    this.#passed[position] = true;
    while (this.#next < this.#passed.length && this.#passed[this.#next]) this.#next += 1;
    for (const [at, resolve] of this.#waiting)
      if (at <= this.#next) {
        this.#waiting.delete(at);
        resolve();
      }
  }

  /**
   * `slots` (slotted's engine) as candidate `position` sees it: its first run asks for a slot in its turn,
   * and it has taken its turn once it asked (slotted queues the ask synchronously, first come first served).
   */
  engine(slots: JudgingEngine, position: number): JudgingEngine {
    let first = true;
    return {
      hasImage: (image) => slots.hasImage(image),
      pull: (image) => slots.pull(image),
      run: async (job, hooks) => {
        if (!first) return slots.run(job, hooks);
        first = false;
        await this.wait(position);
        const running = slots.run(job, hooks);
        this.pass(position);
        return running;
      },
    };
  }
}
