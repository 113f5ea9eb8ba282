// The report files a run was asked for: JSON (`report`), JUnit XML (`junit`) and SWE-bench's own output
// (`swe-bench-report`); and the partial report a run keeps as it goes, beside `report`.
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { GateOutcome, Result } from "../core/model.js";
import type { Settings } from "../settings/settings.js";
import type { Report } from "../core/schemas/report.js";
import { buildReport } from "./json.js";
import { partialPathOf } from "./merge.js";
import { renderJUnit } from "./junit-report.js";
import { sweBenchOutput } from "./swe-bench-report.js";

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** The JSON report of a run, as `report` writes it (and the CLI's `--format json` prints it). */
export function reportOf(settings: Settings, outcome: GateOutcome): Report {
  return buildReport(outcome.results, outcome.skipped, {
    ...(settings.source.shard && { shard: settings.source.shard }),
    ...(outcome.base && { base: outcome.base }),
    passAtK: settings.reports.passAtK,
  });
}

/** The JUnit XML of a run, as `junit` writes it. */
export function junitOf(settings: Settings, outcome: GateOutcome): string {
  return renderJUnit(outcome.results, outcome.skipped, { failOn: settings.reports.failOn });
}

/**
 * Writes the asked-for reports, paths relative to the base tree; returns the JSON report's path, if any.
 * `runId` names SWE-bench's run directory and summary; `warn` hears what of it could not be written.
 */
export async function writeReports(
  settings: Settings,
  outcome: GateOutcome,
  runId: string,
  warn: (line: string) => void,
): Promise<string | undefined> {
  if (settings.reports.junit)
    await write(resolve(settings.source.workdir, settings.reports.junit), junitOf(settings, outcome));
  if (settings.reports.sweBenchReport) {
    const dir = resolve(settings.source.workdir, settings.reports.sweBenchReport);
    const { files, problems } = sweBenchOutput(outcome.results, runId);
    for (const file of files) await write(resolve(dir, file.path), file.text);
    for (const problem of problems) warn(`sandbox-gate: swe-bench-report: ${problem}`);
  }
  if (!settings.reports.report) return undefined;
  const path = resolve(settings.source.workdir, settings.reports.report);
  await write(path, `${JSON.stringify(reportOf(settings, outcome), null, 2)}\n`);
  return path;
}

/**
 * The partial report: each result as it is final (judged, or carried over), one JSON line, appended at once,
 * so a run killed mid-way leaves what it judged readable for `resume`. Written beside `report`, started
 * afresh with the run's first result (a run refused before judging anything leaves no file), removed once
 * the report itself is written. Synchronous appends: a kill cannot reorder or half-merge two results, and
 * at worst cuts the last line, which `parseResumable` drops.
 */
export class PartialReport {
  readonly path: string;
  private started = false;
  constructor(report: string) {
    this.path = partialPathOf(report);
  }

  add(result: Result): void {
    const line = `${JSON.stringify(result)}\n`;
    if (this.started) return appendFileSync(this.path, line);
    mkdirSync(dirname(this.path), { recursive: true });
    writeFileSync(this.path, line);
    this.started = true;
  }

  /** The report is written: the partial one (this run's, or one an earlier run left) has served. */
  async remove(): Promise<void> {
    await rm(this.path, { force: true });
  }
}

/** The partial report of a run asked for a `report`, or none. */
export function partialReport(settings: Settings): PartialReport | undefined {
  return settings.reports.report
    ? new PartialReport(resolve(settings.source.workdir, settings.reports.report))
    : undefined;
}
