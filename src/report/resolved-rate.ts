// The resolved rate of a run whose dataset lines list their tests (SWE-bench's fail_to_pass/pass_to_pass):
// counted once here for the report's summary, the job summary, the comment and the CLI, with its confidence
// interval and its counts per repository. Pure.
import type { Result } from "../core/model.js";
import { RESOLVED, type Report } from "../core/schemas/report.js";
import { ascending } from "../core/order.js";

export type ResolvedCounts = Record<(typeof RESOLVED)[number], number>;
export type ResolvedRate = NonNullable<Report["summary"]["resolved_rate"]>;
export type ByRepo = NonNullable<Report["summary"]["by_repo"]>;

/** How many results are resolved in full, in part, not at all; undefined when none carries a verdict by lists. */
export function countResolved(results: ReadonlyArray<Pick<Result, "resolved">>): ResolvedCounts | undefined {
  if (!results.some((r) => r.resolved !== undefined)) return undefined;
  const counts = Object.fromEntries(RESOLVED.map((r) => [r, 0])) as ResolvedCounts;
  for (const r of results) if (r.resolved !== undefined) counts[r.resolved]++;
  return counts;
}

/** The normal quantile of a two-sided 95 % interval. */
const Z_95 = 1.959963984540054;

/**
 * Wilson's score interval for `successes` of `n` (E. B. Wilson, 1927; as statsmodels' proportion_confint
 * with method="wilson"): unlike the normal approximation it stays inside [0, 1] and is not empty at 0 or n,
 * which a small SWE-bench slice (a few dozen instances, a rate near 0 or 1) needs. n = 0 has no interval.
 */
export function wilsonInterval(successes: number, n: number, z = Z_95): { low: number; high: number } | undefined {
  if (n <= 0 || successes < 0 || successes > n) return undefined;
  const p = successes / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  // The ends at 0 and n are exactly 0 and 1; rounding must not push them past.
  return {
    low: successes === 0 ? 0 : Math.max(0, centre - half),
    high: successes === n ? 1 : Math.min(1, centre + half),
  };
}

/** Resolved in full over the results judged by their lists, with its 95 % Wilson interval; undefined when none was. */
export function resolvedRate(counts: ResolvedCounts): ResolvedRate | undefined {
  const of = counts.full + counts.partial + counts.no;
  const interval = wilsonInterval(counts.full, of);
  if (!interval) return undefined;
  return { value: counts.full / of, ...interval, level: 0.95, method: "wilson" };
}

/**
 * Per repository (the line's `repo`), the results resolved in full and those judged by their lists; repositories
 * in name order. Undefined when no result judged by its lists carries a repository.
 */
export function resolvedByRepo(results: ReadonlyArray<Pick<Result, "resolved" | "repo">>): ByRepo | undefined {
  const counts = new Map<string, { resolved: number; total: number }>();
  for (const r of results) {
    if (r.resolved === undefined || r.repo === undefined) continue;
    const c = counts.get(r.repo) ?? { resolved: 0, total: 0 };
    c.total++;
    if (r.resolved === "full") c.resolved++;
    counts.set(r.repo, c);
  }
  if (counts.size === 0) return undefined;
  return Object.fromEntries([...counts].sort(([a], [b]) => ascending(a, b)));
}

/** A run's resolved figures, for every report that shows them; each absent where the run has none. */
export interface ResolvedFigures {
  resolved?: ResolvedCounts;
  rate?: ResolvedRate;
  byRepo?: ByRepo;
}

/** The counts, the rate with its interval and the counts per repository, once: all absent when no line was judged by its lists. */
export function resolvedFigures(results: ReadonlyArray<Pick<Result, "resolved" | "repo">>): ResolvedFigures {
  const resolved = countResolved(results);
  if (!resolved) return {};
  const rate = resolvedRate(resolved);
  const byRepo = resolvedByRepo(results);
  return { resolved, ...(rate && { rate }), ...(byRepo && { byRepo }) };
}

const percent = (rate: number) => `${(rate * 100).toFixed(1)}%`;

/** `resolved 12 of 18 (66.7%, 95% CI 43.7–83.7%), 2 partial`: over the lines judged by their lists (our failures count in none). */
export function resolvedText(counts: ResolvedCounts): string {
  const of = counts.full + counts.partial + counts.no;
  const rate = resolvedRate(counts);
  const shown = rate
    ? `${percent(rate.value)}, 95% CI ${(rate.low * 100).toFixed(1)}–${percent(rate.high)}`
    : "none judged";
  return `resolved ${counts.full} of ${of} (${shown})${counts.partial > 0 ? `, ${counts.partial} partial` : ""}`;
}

/** Repositories named at most in a line; more are counted. */
export const REPOS_SHOWN = 30;

/** `by repository: astropy/astropy 3 of 5, django/django 9 of 13`, each name made safe by `name`. */
export function byRepoText(byRepo: ByRepo, name: (repo: string) => string): string {
  const entries = Object.entries(byRepo);
  const shown = entries.slice(0, REPOS_SHOWN).map(([repo, c]) => `${name(repo)} ${c.resolved} of ${c.total}`);
  const more = entries.length > REPOS_SHOWN ? `, and ${entries.length - REPOS_SHOWN} more` : "";
  return `resolved by repository: ${shown.join(", ")}${more}`;
}
