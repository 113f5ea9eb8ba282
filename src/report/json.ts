// The JSON report (INTERFACE.md, docs/report.schema.json) and the compact `results` output. Pure.
import { type Result, type Skipped, type Status } from "../core/model.js";
import { STATUSES } from "../core/statuses.js";
import { inSchemaOrder } from "../core/schemas/declare.js";
import { SKIPPED_SCHEMA, newResult, type Report } from "../core/schemas/report.js";
import type { Shard } from "../core/shard.js";
import { scorePassAtK } from "./pass-at-k.js";
import { resolvedFigures } from "./resolved-rate.js";

/** What a report holds beside its results, when the run had it. */
export interface ReportExtras {
  shard?: Shard;
  base?: Report["base"];
  /** The k of pass@k, scored when results carry a `task`. */
  passAtK?: readonly number[];
}

export type CompactResult = Pick<Result, "id" | "status" | "exit_code" | "duration_ms">;

/** Every status appears in `by_status`, zeros included, so consumers need no defaults. */
export function countByStatus(results: ReadonlyArray<Pick<Result, "status">>): Record<Status, number> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of results) counts[r.status]++;
  return counts;
}

// Results and skipped candidates are laid out again in the schema's order, whoever built them (a merge
// reads them from other runs' files): the file diffs well from run to run.
export function buildReport(
  results: readonly Result[],
  skipped: readonly Skipped[],
  { shard, base, passAtK = [] }: ReportExtras = {},
): Report {
  const scores = scorePassAtK(results, passAtK);
  const { resolved, rate, byRepo } = resolvedFigures(results);
  return {
    version: 1,
    ...(shard !== undefined && { shard: { index: shard.index, count: shard.count } }),
    summary: {
      total: results.length,
      by_status: countByStatus(results),
      ...(resolved && { resolved }),
      ...(rate && { resolved_rate: rate }),
      ...(byRepo && { by_repo: byRepo }),
    },
    results: results.map(newResult),
    skipped: skipped.map((s) => inSchemaOrder(SKIPPED_SCHEMA, s)),
    ...(base && { base }),
    ...(scores && { pass_at_k: scores }),
  };
}

export function compactResults(results: readonly Result[]): CompactResult[] {
  return results.map(({ id, status, exit_code, duration_ms }) => ({ id, status, exit_code, duration_ms }));
}
