// The report files a run was asked for: JSON (`report`) and JUnit XML (`junit`).
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { GateOutcome } from "../core/model.js";
import type { Settings } from "../settings/settings.js";
import type { Report } from "../core/schemas/report.js";
import { buildReport } from "./json.js";
import { renderJUnit } from "./junit-report.js";

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

/** Writes the asked-for reports, paths relative to the base tree; returns the JSON report's path, if any. */
export async function writeReports(settings: Settings, outcome: GateOutcome): Promise<string | undefined> {
  if (settings.reports.junit)
    await write(resolve(settings.source.workdir, settings.reports.junit), junitOf(settings, outcome));
  if (!settings.reports.report) return undefined;
  const path = resolve(settings.source.workdir, settings.reports.report);
  await write(path, `${JSON.stringify(reportOf(settings, outcome), null, 2)}\n`);
  return path;
}
