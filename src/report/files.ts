// The report files a run was asked for: JSON (`report`) and JUnit XML (`junit`).
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import type { GateOutcome } from "../gate.js";
import type { Settings } from "../settings/settings.js";
import { buildReport } from "./json.js";
import { renderJUnit } from "./junit.js";

async function write(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text);
}

/** Writes the asked-for reports, paths relative to the base tree; returns the JSON report's path, if any. */
export async function writeReports(settings: Settings, outcome: GateOutcome): Promise<string | undefined> {
  const { results, skipped } = outcome;
  if (settings.reports.junit)
    await write(
      resolve(settings.source.workdir, settings.reports.junit),
      renderJUnit(results, skipped, { failOn: settings.reports.failOn }),
    );
  if (!settings.reports.report) return undefined;
  const path = resolve(settings.source.workdir, settings.reports.report);
  const report = buildReport(results, skipped, {
    ...(settings.source.shard && { shard: settings.source.shard }),
    ...(outcome.base && { base: outcome.base }),
    passAtK: settings.reports.passAtK,
  });
  await write(path, `${JSON.stringify(report, null, 2)}\n`);
  return path;
}
