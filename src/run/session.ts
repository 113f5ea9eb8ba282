// One run, the same for the action and the CLI: settings and what to judge in, the outcome out. The
// entries gather inputs before it and publish after it (outputs, comment, summary; or a table).
import { resolve } from "node:path";
import { auditFile, type AuditEvent } from "../report/audit.js";
import { judgeWithCarryOver } from "./carry-over.js";
import type { DatasetEntry } from "../candidates/dataset.js";
import type { Match } from "../core/globs.js";
import { verdictKey } from "./verdict-state.js";
import { loadBaseline, mergeOutcome } from "./evaluation-run.js";
import { runGate } from "./gate.js";
import { type GateOutcome } from "../core/model.js";
import { RunBase } from "./run-base.js";
import { loadTestFiles } from "../prepare/tests.js";
import { evaluate, type Evaluation } from "../report/evaluation.js";
import { writeReports } from "../report/files.js";
import type { Candidate, Result } from "../core/model.js";
import { buildBaseImage, removeBaseImage } from "../sandbox/base-image.js";
import { RUN_LABEL, type ContainerEngine } from "../sandbox/engine.js";
import { createEngine } from "../sandbox/select.js";
import { exitOnSignals } from "../sandbox/signals.js";
import type { ModeSettings, Settings } from "../settings/settings.js";

/**
 * Verdicts an earlier run judged (the action reads them from its sticky comment). Given the key of what
 * changes verdicts (verdict-state.ts), `lookup` answers for a candidate whose verdict still holds.
 */
export interface Remembered {
  /** The gate's version, part of the key: a new release may judge differently. */
  version: string;
  lookup: (key: string) => (candidate: Candidate) => Result | undefined;
}

/** What a run does: judge candidates, or merge the reports of shard runs that did. */
export type Work =
  | { kind: "judge"; entries: () => Promise<AsyncIterable<DatasetEntry>>; remembered?: Remembered }
  /** `input` names where the reports came from, for errors: the `merge` input, or the CLI's REPORT. */
  | { kind: "merge"; reports: () => Promise<Match[]>; input: string };

export interface SessionIO {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** The per-candidate audit lines, besides the `audit-log` file; by default they go to `log`. */
  audit?: (event: AuditEvent) => void;
  /** Told as the run enters a phase, e.g. to open a log group. */
  phase?: (name: "engine" | "candidates", detail: string) => void;
  /** The engine to judge with; the one `settings.mode` names by default (tests script one). */
  engine?: (mode: ModeSettings, log: (line: string) => void) => Promise<ContainerEngine>;
}

export interface SessionOutcome extends GateOutcome {
  /** The JSON report's path, when one was written. */
  reportPath?: string;
  evaluation: Evaluation;
  /** With `remembered`: the key the verdicts were judged under, and how many were carried over. */
  key?: string;
  carried?: number;
}

export async function runSession(
  settings: Settings,
  work: Work,
  runId: string,
  io: SessionIO,
): Promise<SessionOutcome> {
  // Read before anything runs: a baseline that cannot be read is a bad input, not a lost run.
  const baseline = await loadBaseline(settings);
  const outcome: GateOutcome & { key?: string; carried?: number } =
    work.kind === "merge"
      ? await mergeOutcome(await work.reports(), settings, work.input)
      : await judge(settings, work, runId, io);
  const reportPath = await writeReports(settings, outcome);
  return {
    ...outcome,
    ...(reportPath === undefined ? {} : { reportPath }),
    evaluation: evaluate(outcome.results, baseline, settings.reports.passAtK),
  };
}

async function judge(
  settings: Settings,
  work: Extract<Work, { kind: "judge" }>,
  runId: string,
  io: SessionIO,
): Promise<GateOutcome & { key?: string; carried?: number }> {
  const testFiles = await loadTestFiles(settings.source.tests, settings.source.workdir, settings.limits.workdirBytes);
  const toFile = settings.reports.auditLog
    ? auditFile(resolve(settings.source.workdir, settings.reports.auditLog))
    : undefined;
  const audit =
    toFile || io.audit
      ? (event: AuditEvent) => {
          toFile?.(event);
          io.audit?.(event);
        }
      : undefined;
  const run = async (entries: AsyncIterable<DatasetEntry>): Promise<GateOutcome> => {
    io.phase?.("engine", settings.mode.engine);
    const engine = await (io.engine ?? createEngine)(settings.mode, io.log);
    const labels = { [RUN_LABEL]: runId };
    // Named once, so what a killed run left can be found by hand (and a test can find its own run's).
    io.log(`sandbox-gate: run ${runId}: its containers and images carry the label ${RUN_LABEL}=${runId}`);
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
      io.phase?.("candidates", "");
      return await runGate(
        entries,
        { settings, engine, testFiles, runId, runBase },
        { log: io.log, ...(audit && { audit }) },
      );
    } finally {
      // The action's post step tries again; either way the label finds what is left.
      for (const failure of await engine.close())
        io.warn(`sandbox-gate: a container of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
      for (const failure of await runBase.close())
        io.warn(`sandbox-gate: an image of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    }
  };
  if (!work.remembered) return run(await work.entries());
  const key = verdictKey({
    tests: testFiles,
    run: settings.run,
    limits: settings.limits,
    version: work.remembered.version,
  });
  const outcome = await judgeWithCarryOver(
    await work.entries(),
    work.remembered.lookup(key),
    run,
    settings.reports.failOn,
  );
  return { ...outcome, key };
}
