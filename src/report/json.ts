// The JSON report (INTERFACE.md, docs/report.schema.json) and the compact `results` output. Pure.
import { STATUSES, type Result, type Skipped, type Status } from "../model.js";
import { inSchemaOrder } from "../schemas/declare.js";
import { SKIPPED_SCHEMA, newResult, type Report } from "../schemas/report.js";
import type { Shard } from "../shard.js";

export type CompactResult = Pick<Result, "id" | "status" | "exit_code" | "duration_ms">;

/** Every status appears in `by_status`, zeros included, so consumers need no defaults. */
export function countByStatus(results: readonly Result[]): Record<Status, number> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of results) counts[r.status]++;
  return counts;
}

// Results and skipped candidates are laid out again in the schema's order, whoever built them (a merge
// reads them from other runs' files): the file diffs well from run to run.
export function buildReport(results: readonly Result[], skipped: readonly Skipped[], shard?: Shard): Report {
  return {
    version: 1,
    ...(shard !== undefined && { shard: { index: shard.index, count: shard.count } }),
    summary: { total: results.length, by_status: countByStatus(results) },
    results: results.map(newResult),
    skipped: skipped.map((s) => inSchemaOrder(SKIPPED_SCHEMA, s)),
  };
}

export function compactResults(results: readonly Result[]): CompactResult[] {
  return results.map(({ id, status, exit_code, duration_ms }) => ({ id, status, exit_code, duration_ms }));
}
