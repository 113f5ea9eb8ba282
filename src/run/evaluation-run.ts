// Evaluation runs around the gate: merging shard reports into one outcome, and the
// baseline report read up front. Shared by the action and the CLI.
import { resolve } from "node:path";
import type { Match } from "../core/globs.js";
import { decide } from "../verdict/result.js";
import { type GateOutcome, type Result } from "../core/model.js";
import type { Scored } from "../report/evaluation.js";
import { loadReport, loadResumable, mergeReports } from "../report/merge.js";
import type { Settings } from "../settings/settings.js";

/** Shard reports → one outcome, decided by this run's `fail-on` as if it had run everything itself. */
export async function mergeOutcome(reports: readonly Match[], settings: Settings, input: string): Promise<GateOutcome> {
  const loaded = await Promise.all(
    reports.map(async (m) => ({ name: m.relative, report: await loadReport(m.absolute, m.relative, input) })),
  );
  const { results, skipped } = mergeReports(loaded, input);
  // Each shard ran the base itself, on the same tree: any one of them stands for all.
  const base = loaded.find(({ report }) => report.base)?.report.base;
  return { results, skipped, decision: decide(results, settings.reports.failOn), ...(base && { base }) };
}

/** The `baseline` report's results (its path relative to the base tree), read before anything runs. */
export async function loadBaseline(settings: Settings): Promise<Scored[] | undefined> {
  if (!settings.reports.baseline) return undefined;
  return (
    await loadReport(resolve(settings.source.workdir, settings.reports.baseline), settings.reports.baseline, "baseline")
  ).results;
}

/** The `resume` report's results (its path relative to the base tree), read before anything runs. */
export async function loadResume(settings: Settings): Promise<Result[] | undefined> {
  if (!settings.reports.resume) return undefined;
  return loadResumable(resolve(settings.source.workdir, settings.reports.resume), settings.reports.resume, "resume");
}
