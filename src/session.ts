// One run, the same for the action and the CLI: settings and what to judge in, the outcome out. The
// entries gather inputs before it and publish after it (outputs, comment, summary; or a table).
import type { DatasetEntry } from "./candidates/dataset.js";
import type { Match } from "./candidates/glob.js";
import { loadBaseline, mergeOutcome } from "./evaluation-run.js";
import { runGate, type GateOutcome } from "./gate.js";
import { RunBase } from "./prepare/run-base.js";
import { loadTestFiles } from "./prepare/tests.js";
import { evaluate, type Evaluation } from "./report/evaluation.js";
import { writeReports } from "./report/files.js";
import { buildBaseImage, removeBaseImage } from "./sandbox/base-image.js";
import { RUN_LABEL } from "./sandbox/engine.js";
import { createEngine } from "./sandbox/select.js";
import { exitOnSignals } from "./sandbox/signals.js";
import type { Settings } from "./settings/settings.js";

/** What a run does: judge candidates, or merge the reports of shard runs that did. */
export type Work =
  | { kind: "judge"; entries: () => Promise<AsyncIterable<DatasetEntry>> }
  /** `input` names where the reports came from, for errors: the `merge` input, or the CLI's REPORT. */
  | { kind: "merge"; reports: () => Promise<Match[]>; input: string };

export interface SessionIO {
  log: (line: string) => void;
  warn: (line: string) => void;
}

export interface SessionOutcome extends GateOutcome {
  /** The JSON report's path, when one was written. */
  reportPath?: string;
  evaluation: Evaluation;
}

export async function runSession(
  settings: Settings,
  work: Work,
  runId: string,
  io: SessionIO,
): Promise<SessionOutcome> {
  // Read before anything runs: a baseline that cannot be read is a bad input, not a lost run.
  const baseline = await loadBaseline(settings);
  const outcome =
    work.kind === "merge"
      ? await mergeOutcome(await work.reports(), settings, work.input)
      : await judge(settings, work.entries, runId, io);
  const reportPath = await writeReports(settings, outcome);
  return {
    ...outcome,
    ...(reportPath === undefined ? {} : { reportPath }),
    evaluation: evaluate(outcome.results, baseline, settings.reports.passAtK),
  };
}

async function judge(
  settings: Settings,
  entries: () => Promise<AsyncIterable<DatasetEntry>>,
  runId: string,
  io: SessionIO,
): Promise<GateOutcome> {
  const testFiles = await loadTestFiles(settings.source.tests, settings.source.workdir, settings.limits.workdirBytes);
  const engine = await createEngine(settings.mode, io.log);
  const labels = { [RUN_LABEL]: runId };
  const binary = settings.mode.engine;
  const runBase = new RunBase(
    settings,
    { build: (spec) => buildBaseImage(binary, binary, spec), remove: (image) => removeBaseImage(binary, image) },
    labels,
    io.log,
  );
  // A cancelled run (the job cancelled, Ctrl-C) leaves no container behind.
  exitOnSignals(engine, `${RUN_LABEL}=${runId}`, io.warn);
  try {
    return await runGate(await entries(), { settings, engine, testFiles, runId, runBase }, { log: io.log });
  } finally {
    // The action's post step tries again; either way the label finds what is left.
    for (const failure of await engine.close())
      io.warn(`sandbox-gate: a container of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    for (const failure of await runBase.close())
      io.warn(`sandbox-gate: an image of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
  }
}
