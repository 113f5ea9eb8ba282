// The JSON report (INTERFACE.md) and the compact `results` output. Pure.
import { STATUSES, type Result, type Skipped, type Status } from "../model.js";
import type { Shard } from "../shard.js";

export type ReportResult = Pick<
  Result,
  | "id"
  | "source"
  | "url"
  | "author"
  | "language"
  | "status"
  | "exit_code"
  | "signal"
  | "duration_ms"
  | "stdout"
  | "stderr"
  | "truncated"
  | "feedback"
  | "syntax"
  | "changed_files"
  | "patch_strategy"
>;

export interface Report {
  version: 1;
  /** The slice of the candidates this run judged, when it was one of several: merge checks they all came. */
  shard?: Shard;
  summary: { total: number; by_status: Record<Status, number> };
  results: ReportResult[];
  skipped: Skipped[];
}

export type CompactResult = Pick<Result, "id" | "status" | "exit_code" | "duration_ms">;

/** Every status appears in `by_status`, zeros included, so consumers need no defaults. */
export function countByStatus(results: readonly Result[]): Record<Status, number> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of results) counts[r.status]++;
  return counts;
}

export function buildReport(results: readonly Result[], skipped: readonly Skipped[], shard?: Shard): Report {
  return {
    version: 1,
    ...(shard !== undefined && { shard: { index: shard.index, count: shard.count } }),
    summary: { total: results.length, by_status: countByStatus(results) },
    results: results.map(reportResult),
    skipped: skipped.map(({ id, source, url, reason }) => ({ id, source, ...(url !== undefined && { url }), reason })),
  };
}

// Fixed key order, optional keys only when set: the file diffs well from run to run.
function reportResult(r: Result): ReportResult {
  return {
    id: r.id,
    source: r.source,
    ...(r.url !== undefined && { url: r.url }),
    ...(r.author !== undefined && { author: r.author }),
    language: r.language,
    status: r.status,
    exit_code: r.exit_code,
    signal: r.signal,
    duration_ms: r.duration_ms,
    stdout: r.stdout,
    stderr: r.stderr,
    truncated: { stdout: r.truncated.stdout, stderr: r.truncated.stderr },
    feedback: r.feedback,
    ...(r.syntax !== undefined && { syntax: r.syntax }),
    ...(r.changed_files !== undefined && { changed_files: r.changed_files }),
    ...(r.patch_strategy !== undefined && { patch_strategy: r.patch_strategy }),
  };
}

export function compactResults(results: readonly Result[]): CompactResult[] {
  return results.map(({ id, status, exit_code, duration_ms }) => ({ id, status, exit_code, duration_ms }));
}
