// Judging only what is new: candidates whose verdict an earlier run left (and that still holds) are
// carried over in their place; the rest go to the gate, and the results come back in input order. One
// mechanism for the action's remembered verdicts (verdict-state.ts) and a resumed run's report (`resume`).
import { createHash } from "node:crypto";
import type { SourceEntry } from "../core/model.js";
import { newResult } from "../core/schemas/report.js";
import { decide } from "../verdict/result.js";
import { type GateOutcome } from "../core/model.js";
import type { Candidate, Result, Status } from "../core/model.js";
import { canonicalJson } from "../core/records.js";

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

// ---- resuming from an earlier run's report ---------------------------------------------------------

/**
 * What a resumed run matches a line by: the line's content as the gate judges it (everything of the candidate
 * but where it came from: a line may move in its file) and `key`, what changes verdicts (verdict-state.ts's
 * verdictKey: the tests, the run settings, the limits, the gate's version). SHA-256, hex.
 */
export function lineFingerprint(candidate: Candidate, key: string): string {
  const { kind, text, bytes, files, overrides, task, repo, model, instance } = candidate;
  // Listed in a fixed order, each field as it is or null, every object's keys sorted: the same line always
  // hashes alike, however its objects (`files`, `overrides`, `instance`) were put together.
  const content = [
    kind,
    text,
    bytes === undefined ? null : createHash("sha256").update(bytes).digest("hex"),
    files ?? null,
    overrides ?? null,
    task ?? null,
    repo ?? null,
    model ?? null,
    instance ?? null,
  ];
  return createHash("sha256")
    .update(canonicalJson([key, content]))
    .digest("hex");
}

/**
 * The verdicts of an earlier run's results (`resume`) as `judgeWithCarryOver` looks them up: a result is
 * carried over only to a line with its id and its fingerprint (the same content under the same settings: a
 * changed patch under the same id is judged again), never when it ended `sandbox_error` (our side failed:
 * the line was not judged). A result with no fingerprint (a report of an older gate) carries nothing over.
 */
export function resumedVerdicts(
  previous: readonly Result[],
  fingerprintOf: (candidate: Candidate) => string,
): (candidate: Candidate) => Result | undefined {
  const usable = new Map<string, Result[]>();
  for (const r of previous) {
    if (r.fingerprint === undefined || r.status === "sandbox_error") continue;
    const same = usable.get(r.id) ?? [];
    same.push(r);
    usable.set(r.id, same);
  }
  return (candidate) => {
    const candidates = usable.get(candidate.id);
    if (!candidates) return undefined;
    const fingerprint = fingerprintOf(candidate);
    const found = candidates.find((r) => r.fingerprint === fingerprint);
    // Where the line is now: the dataset may have grown or been reordered since.
    return found && newResult({ ...found, source: candidate.source, cached: true });
  };
}
