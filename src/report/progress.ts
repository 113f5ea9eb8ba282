// The progress of a batch, for the log: one line per candidate in a small run (a pull request's few
// replies), a done/total, rate and ETA line every few seconds in a long one (a nightly dataset). Pure,
// given the clock.
import { formatDuration } from "../core/units.js";

/** Runs up to this size log every candidate; longer ones log progress lines. */
export const PER_CANDIDATE_UP_TO = 20;
export const PROGRESS_EVERY_MS = 10_000;

export interface ProgressFigures {
  done: number;
  total: number;
  elapsedMs: number;
  /** Candidates so far whose status is not `pass`. */
  notPassing: number;
}

export function progressLine({ done, total, elapsedMs, notPassing }: ProgressFigures): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const rate = elapsedMs > 0 ? done / (elapsedMs / 1000) : 0;
  const eta =
    done === total ? "done" : rate > 0 ? `ETA ${formatDuration(((total - done) / rate) * 1000)}` : "ETA unknown";
  return `progress: ${done}/${total} (${percent}%), ${rate.toFixed(2)} candidates/s, ${eta}; ${notPassing} not passing`;
}

/** Decides which completions get a progress line: the first, one every `everyMs`, and the last. */
export class ProgressMeter {
  readonly #startedAt: number;
  #lastAt = -Infinity;
  #done = 0;
  #notPassing = 0;

  constructor(
    readonly total: number,
    readonly now: () => number,
    readonly everyMs = PROGRESS_EVERY_MS,
  ) {
    this.#startedAt = now();
  }

  /** Records one finished candidate; returns the line to log, if one is due. */
  finished(passed: boolean): string | undefined {
    this.#done++;
    if (!passed) this.#notPassing++;
    const at = this.now();
    if (this.#done < this.total && at - this.#lastAt < this.everyMs) return undefined;
    this.#lastAt = at;
    return progressLine({
      done: this.#done,
      total: this.total,
      elapsedMs: at - this.#startedAt,
      notPassing: this.#notPassing,
    });
  }
}
