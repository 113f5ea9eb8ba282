// Judging only what is new: candidates whose verdict an earlier run left (and that still holds) are
// carried over in their place; the rest go to the gate, and the results come back in input order.
import type { SourceEntry } from "../core/model.js";
import { decide } from "../verdict/result.js";
import { type GateOutcome } from "../core/model.js";
import type { Candidate, Result, Status } from "../core/model.js";

export interface CarriedOutcome extends GateOutcome {
  /** How many results were carried over rather than judged. */
  carried: number;
}

async function* fromList<T>(items: readonly T[]): AsyncGenerator<T> {
  yield* items;
}

/**
 * `judge` gets only the entries with no verdict to carry over, and is not called when there are none
 * (no engine needed). A carried-over candidate does not count against `max-candidates`: it costs nothing.
 */
export async function judgeWithCarryOver(
  entries: AsyncIterable<SourceEntry>,
  carried: (candidate: Candidate) => Result | undefined,
  judge: (rest: AsyncIterable<SourceEntry>) => Promise<GateOutcome>,
  failOn: ReadonlySet<Status>,
): Promise<CarriedOutcome> {
  const slots: Array<{ result: Result } | { entry: SourceEntry }> = [];
  for await (const entry of entries) {
    const result = "candidate" in entry ? carried(entry.candidate) : undefined;
    slots.push(result ? { result } : { entry });
  }
  const rest = slots.flatMap((s) => ("entry" in s ? [s.entry] : []));
  const judged: Omit<GateOutcome, "decision"> =
    rest.length > 0 ? await judge(fromList(rest)) : { results: [], skipped: [] };
  const skippedIds = new Set(judged.skipped.map((s) => s.id));
  const fresh = [...judged.results];
  const results: Result[] = [];
  for (const slot of slots) {
    if ("result" in slot) results.push(slot.result);
    else {
      const { id } = "candidate" in slot.entry ? slot.entry.candidate : slot.entry.problem;
      if (!skippedIds.has(id)) results.push(fresh.shift()!);
    }
  }
  return {
    results,
    skipped: judged.skipped,
    decision: decide(results, new Set(failOn)),
    ...(judged.base && { base: judged.base }),
    carried: slots.length - rest.length,
  };
}
