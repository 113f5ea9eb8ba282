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
