// The progress of a batch, for the log: one line per candidate in a small run (a pull request's few
// replies), a done/total, rate and ETA line every few seconds in a long one (a nightly dataset). Pure,
// given the clock.
import type { Status } from "../core/model.js";
import { formatDuration } from "../core/units.js";

/** Runs up to this size log every candidate; longer ones log progress lines. */
export const PER_CANDIDATE_UP_TO = 20;
export const PROGRESS_EVERY_MS = 10_000;

export interface ProgressFigures {
  done: number;
  total: number;
  elapsedMs: number;
  /** Candidates judged so far whose status is not `pass`. */
  notPassing: number;
  /** Candidates so far our side failed (`sandbox_error`): never judged, they took no judging time. */
  notJudged?: number;
}

/**
 * The rate counts the candidates judged: one our side failed ends at once, and a dead engine's
 * hundreds of them a second would promise an ETA nothing keeps.
 */
export function progressLine({ done, total, elapsedMs, notPassing, notJudged = 0 }: ProgressFigures): string {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  const judged = done - notJudged;
  const rate = elapsedMs > 0 ? judged / (elapsedMs / 1000) : 0;
  const eta =
    done === total ? "done" : rate > 0 ? `ETA ${formatDuration(((total - done) / rate) * 1000)}` : "ETA unknown";
  const speed = judged === 0 && notJudged > 0 ? "none judged" : `${rate.toFixed(2)} candidates/s`;
  const ours = notJudged > 0 ? `, ${notJudged} not judged (our side failed)` : "";
  return `progress: ${done}/${total} (${percent}%), ${speed}, ${eta}; ${notPassing} not passing${ours}`;
}

/** Decides which completions get a progress line: the first, one every `everyMs`, and the last. */
export class ProgressMeter {
  readonly #startedAt: number;
  #lastAt = -Infinity;
  #done = 0;
  #notPassing = 0;
  #notJudged = 0;

  constructor(
    readonly total: number,
    readonly now: () => number,
    readonly everyMs = PROGRESS_EVERY_MS,
  ) {
    this.#startedAt = now();
  }

  /** Records one finished candidate; returns the line to log, if one is due. */
  finished(status: Status): string | undefined {
    this.#done++;
    if (status === "sandbox_error") this.#notJudged++;
    else if (status !== "pass") this.#notPassing++;
    const at = this.now();
    if (this.#done < this.total && at - this.#lastAt < this.everyMs) return undefined;
    this.#lastAt = at;
    return progressLine({
      done: this.#done,
      total: this.total,
      elapsedMs: at - this.#startedAt,
      notPassing: this.#notPassing,
      notJudged: this.#notJudged,
    });
  }
}
