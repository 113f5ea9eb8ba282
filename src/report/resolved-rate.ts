// The resolved rate of a run whose dataset lines list their tests (SWE-bench's fail_to_pass/pass_to_pass):
// counted once here for the report's summary, the job summary, the comment and the CLI. Pure.
import type { Result } from "../core/model.js";
import { RESOLVED } from "../core/schemas/report.js";

export type ResolvedCounts = Record<(typeof RESOLVED)[number], number>;

/** How many results are resolved in full, in part, not at all; undefined when none carries a verdict by lists. */
export function countResolved(results: ReadonlyArray<Pick<Result, "resolved">>): ResolvedCounts | undefined {
  if (!results.some((r) => r.resolved !== undefined)) return undefined;
  const counts = Object.fromEntries(RESOLVED.map((r) => [r, 0])) as ResolvedCounts;
  for (const r of results) if (r.resolved !== undefined) counts[r.resolved]++;
  return counts;
}

/** `resolved 12 of 18 (66.7%), 2 partial`: over the lines judged by their lists (our failures count in none). */
export function resolvedText(counts: ResolvedCounts): string {
  const of = counts.full + counts.partial + counts.no;
  const rate = of === 0 ? "none judged" : `${((counts.full / of) * 100).toFixed(1)}%`;
  return `resolved ${counts.full} of ${of} (${rate})${counts.partial > 0 ? `, ${counts.partial} partial` : ""}`;
}
