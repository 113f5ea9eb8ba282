// The run, one for the action, the CLI and the library: settings and what to judge in → the candidates
// (this shard's, up to the quota) → every candidate through the pipeline (bounded concurrency, input
// order kept) → the outcome and its reports. The sandboxes a run judges in (the engine, the run images)
// are opened here and nowhere else. The entries gather inputs before it and publish after it.
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import type { ListedEntry, SourceEntry } from "../core/model.js";
import { inShard, type Shard } from "../core/shard.js";
import type { Match } from "../core/globs.js";
import type { Candidate, GateOutcome, Result, SandboxFile, Skipped } from "../core/model.js";
import { loadTestFiles } from "../prepare/test-files.js";
import { auditFile, type AuditEvent } from "../report/audit.js";
import { evaluate, type Evaluation } from "../report/evaluation.js";
import { type PartialReport, partialReport, writeReports } from "../report/write-reports.js";
import { PER_CANDIDATE_UP_TO, ProgressMeter } from "../report/progress.js";
import { buildRunImage } from "../sandbox/run-image.js";
import { apiRunImageSteps } from "../sandbox/engines/api/api-run-image.js";
import type { NameFilesOf } from "../sandbox/policy.js";
import { cliRunImageSteps } from "../sandbox/engines/cli/cli-run-image.js";
import type { EngineApi } from "../sandbox/engines/api/engine-api.js";
import { type ContainerEngine } from "../sandbox/engine.js";
import { RUN_LABEL } from "../sandbox/job.js";
import { createEngine } from "../sandbox/select.js";
import { exitOnSignals } from "../sandbox/signals.js";
import type { ModeSettings, Settings } from "../settings/settings.js";
import { reportedBase } from "../verdict/compare.js";
import { decide, invalidEntryResult } from "../verdict/result.js";
import packageJson from "../../package.json" with { type: "json" };
import { newResult } from "../core/schemas/report.js";
import { judgeWithCarryOver, lineFingerprint, resumedVerdicts } from "./carry-over.js";
import { loadBaseline, loadResume, mergeOutcome } from "./evaluation-run.js";
import { judgeCandidate, runContext, type RunContext } from "./pipeline.js";
import { mapLimit } from "../core/map-limit.js";
import { PREPARED_AHEAD, Turns, slotted } from "./slots.js";
import { RunImages, type RunImageMaker } from "./run-images.js";
import { ImageGate, LineImages, firstRunImage, lineImage, ownImagesOnly, runOwnImages } from "./line-images.js";
import { imageIdOf, removePulledImage } from "../sandbox/image.js";
import { BasesAhead, CommitBases, checkInstances, judgingOrder } from "./commits.js";
import { knownImageWorkdir } from "../core/image-reference.js";
import { verdictKey } from "./verdict-state.js";

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
  | { kind: "judge"; entries: () => Promise<AsyncIterable<ListedEntry>>; remembered?: Remembered }
  /** `input` names where the reports came from, for errors: the `merge` input, or the CLI's REPORT. */
  | { kind: "merge"; reports: () => Promise<Match[]>; input: string };

/** Makes the engine to judge with: the one `settings.mode` names by default (tests script one). */
export type EngineMaker = (mode: ModeSettings, log: (line: string) => void) => Promise<ContainerEngine>;

export interface SessionIO {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** The per-candidate audit lines, besides the `audit-log` file; by default they go to `log`. */
  audit?: (event: AuditEvent) => void;
  /** Told as the run enters a phase, e.g. to open a log group. */
  phase?: (name: "engine" | "candidates", detail: string) => void;
  /** Told how far the judging is: once with 0 when the candidates are known, then after each one. */
  judged?: (done: number, total: number) => void;
  engine?: EngineMaker;
}

export interface SessionOutcome extends GateOutcome {
  /** The JSON report's path, when one was written. */
  reportPath?: string;
  evaluation: Evaluation;
  /** With `remembered`: the key the verdicts were judged under, and how many were carried over. */
  key?: string;
  carried?: number;
}

/** The run: `work` under `settings` → the outcome, its reports written and its evaluation made. */
export async function runSession(
  settings: Settings,
  work: Work,
  runId: string,
  io: SessionIO,
): Promise<SessionOutcome> {
  // Read before anything runs: a baseline or a report to resume that cannot be read is a bad input, not a lost run.
  const baseline = await loadBaseline(settings);
  const resumed = await loadResume(settings);
  const partial = work.kind === "judge" ? partialReport(settings) : undefined;
  const outcome: GateOutcome & { key?: string; carried?: number } =
    work.kind === "merge"
      ? await mergeOutcome(await work.reports(), settings, work.input)
      : await judgeWork(settings, work, runId, io, { ...(resumed && { resumed }), ...(partial && { partial }) });
  const reportPath = await writeReports(settings, outcome, runId, io.warn);
  await partial?.remove();
  return {
    ...outcome,
    ...(reportPath === undefined ? {} : { reportPath }),
    evaluation: evaluate(outcome.results, baseline, settings.reports.passAtK),
  };
}

/** The sandboxes of a run, open: what judging a candidate needs, and what removes what the run made. */
export interface OpenRun {
  context: RunContext;
  engine: ContainerEngine;
  /** Removes the run's containers and run images; returns the removals that failed, of each. */
  close(): Promise<{ containers: string[]; images: string[] }>;
}

/**
 * Run images made and removed through the Engine API where the run's engine uses it (`api`), by the
 * engine's CLI (`docker` or `podman`) otherwise.
 */
export function runImageMaker(binary: "docker" | "podman", api?: EngineApi, nameFiles?: NameFilesOf): RunImageMaker {
  const steps = api ? apiRunImageSteps(api, nameFiles) : cliRunImageSteps(binary, binary);
  return { build: (spec) => buildRunImage(steps, spec), remove: (image) => steps.removeImage(image) };
}

/** The `tests` files every candidate gets, read once per run. */
function readTestFiles({ source, limits }: Settings) {
  return loadTestFiles(source.tests, source.workdir, limits.workdirBytes);
}

/**
 * Opens a run's sandboxes: the engine, and the run images made on the way, all labelled with the run.
 * `testFiles` when already read; `makeEngine` to script the engine.
 */
export async function openRun(
  settings: Settings,
  runId: string,
  log: (line: string) => void,
  given: { testFiles?: SandboxFile[]; makeEngine?: EngineMaker } = {},
): Promise<OpenRun> {
  const testFiles = given.testFiles ?? (await readTestFiles(settings));
  const engine = await (given.makeEngine ?? createEngine)(settings.mode, log);
  const binary = settings.mode.engine;
  const own = runOwnImages(settings);
  const nameFiles = engine.nameFiles && ownImagesOnly(own, engine.nameFiles);
  const runImages = new RunImages(settings, runImageMaker(binary, engine.api, nameFiles), { [RUN_LABEL]: runId }, log);
  // Lines' own images this run pulls go when no line needs them any more; the run's own images stay.
  const gate = new ImageGate(
    engine,
    settings.run.pull,
    log,
    (image) => removePulledImage(binary, image),
    own,
    (image) => imageIdOf(binary, image),
  );
  const releaseImage = async (image: string) => {
    // The run images made from it first: they hold its layers.
    const failures = await runImages.releaseSource(image);
    await gate.release(image);
    return failures;
  };
  return {
    context: runContext(
      { settings, engine, testFiles, runId, runImages, prepareImage: gate.prepare, releaseImage },
      log,
    ),
    engine,
    close: async () => {
      const containers = await engine.close();
      // Run images before the images they are made from.
      const images = await runImages.close();
      return { containers, images: [...images, ...(await gate.close())] };
    },
  };
}

/** The gate's version in the key a resumed run's lines are matched by: a new release may judge differently. */
const GATE_VERSION = packageJson.version;

/**
 * The `judge` work: the candidates judged in the run's sandboxes, those remembered (the action's sticky
 * comment) or resumed (`resume`'s report) carried over, every result recorded in `partial` as it is final.
 */
async function judgeWork(
  settings: Settings,
  work: Extract<Work, { kind: "judge" }>,
  runId: string,
  io: SessionIO,
  { resumed, partial }: { resumed?: Result[]; partial?: PartialReport } = {},
): Promise<GateOutcome & { key?: string; carried?: number }> {
  const testFiles = await readTestFiles(settings);
  const audit = auditSink(settings, io);
  // Every line's fingerprint, on its result: what a later `resume` matches it by.
  const lineKey = verdictKey({ tests: testFiles, run: settings.run, limits: settings.limits, version: GATE_VERSION });
  const fingerprint = (candidate: Candidate) => lineFingerprint(candidate, lineKey);
  const judge = (entries: AsyncIterable<SourceEntry>) =>
    judgeInSandboxes(entries, {
      settings,
      runId,
      testFiles,
      io,
      fingerprint,
      ...(audit && { audit }),
      ...(partial && { finished: (result: Result) => partial.add(result) }),
    });
  // Complete once the entries are read, which judging (and carrying over) does to the last.
  const listed: Skipped[] = [];
  const entries = async () => toJudge(await work.entries(), listed, settings.source.shard);
  const withListed = <T extends GateOutcome>(outcome: T): T => ({
    ...outcome,
    skipped: [...outcome.skipped, ...listed],
  });
  if (!work.remembered && !resumed) return withListed(await judge(await entries()));
  const key = work.remembered
    ? verdictKey({ tests: testFiles, run: settings.run, limits: settings.limits, version: work.remembered.version })
    : undefined;
  const remembered = key === undefined ? undefined : work.remembered?.lookup(key);
  const fromResume = resumed && resumedVerdicts(resumed, fingerprint);
  const carried = (candidate: Candidate) => {
    const result = remembered?.(candidate) ?? fromResume?.(candidate);
    if (result) partial?.add(result);
    return result;
  };
  const outcome = await judgeWithCarryOver(await entries(), carried, judge, settings.reports.failOn);
  if (resumed)
    io.log(
      `sandbox-gate: resume: ${outcome.carried} result(s) carried over from '${settings.reports.resume}', ${outcome.results.length - outcome.carried} judged`,
    );
  return { ...withListed(outcome), ...(key !== undefined && { key }) };
}

/**
 * The entries to judge; what the source only lists is put in `listed`, never judged nor counted against
 * the quota. With shards the first lists it, so a merged report holds it once.
 */
async function* toJudge(
  entries: AsyncIterable<ListedEntry>,
  listed: Skipped[],
  shard: Shard | undefined,
): AsyncGenerator<SourceEntry> {
  for await (const entry of entries) {
    if (!("skipped" in entry)) yield entry;
    else if (!shard || shard.index === 1) listed.push(entry.skipped);
  }
}

/** The audit lines' sinks: the `audit-log` file and the caller's; none when neither is asked for. */
function auditSink(settings: Settings, io: SessionIO): ((event: AuditEvent) => void) | undefined {
  const toFile = settings.reports.auditLog
    ? auditFile(resolve(settings.source.workdir, settings.reports.auditLog))
    : undefined;
  if (!toFile && !io.audit) return undefined;
  return (event) => {
    toFile?.(event);
    io.audit?.(event);
  };
}

interface Judging {
  settings: Settings;
  runId: string;
  testFiles: SandboxFile[];
  io: SessionIO;
  audit?: (event: AuditEvent) => void;
  fingerprint?: (candidate: Candidate) => string;
  finished?: (result: Result) => void;
}

/** Judges `entries` in sandboxes opened for them, and removes what the run made whatever happens. */
async function judgeInSandboxes(
  entries: AsyncIterable<SourceEntry>,
  { settings, runId, testFiles, io, audit, fingerprint, finished }: Judging,
): Promise<GateOutcome> {
  io.phase?.("engine", settings.mode.engine);
  const run = await openRun(settings, runId, io.log, { testFiles, ...(io.engine && { makeEngine: io.engine }) });
  // Named once, so what a killed run left can be found by hand (and a test can find its own run's).
  io.log(`sandbox-gate: run ${runId}: its containers and images carry the label ${RUN_LABEL}=${runId}`);
  // A cancelled run (the job cancelled, Ctrl-C) leaves no container behind.
  const releaseSignals = exitOnSignals(run.engine, `${RUN_LABEL}=${runId}`, io.warn);
  try {
    io.phase?.("candidates", "");
    return await judgeAll(entries, run.context, {
      log: io.log,
      ...(audit && { audit }),
      ...(io.judged && { judged: io.judged }),
      ...(fingerprint && { fingerprint }),
      ...(finished && { finished }),
    });
  } finally {
    // The action's post step tries again; either way the label finds what is left.
    const left = await run.close();
    for (const failure of left.containers)
      io.warn(`sandbox-gate: a container of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    for (const failure of left.images)
      io.warn(`sandbox-gate: an image of this run (label ${RUN_LABEL}=${runId}) could not be removed: ${failure}`);
    // Only now: a signal while the run's containers are being removed still removes them.
    releaseSignals();
  }
}

export interface JudgeHooks {
  log: (line: string) => void;
  /** Where the audit lines go; by default the log, as JSON. */
  audit?: (event: AuditEvent) => void;
  /** How far the judging is (SessionIO's). */
  judged?: (done: number, total: number) => void;
  /** The line's fingerprint, put on its result (carry-over.ts lineFingerprint). */
  fingerprint?: (candidate: Candidate) => string;
  /** Told each result as it is final, in the order they finish. */
  finished?: (result: Result) => void;
}

/**
 * This shard's entries up to the quota, in order (an invalid line is already its result); the rest are
 * skipped, never run. Which ones the quota takes goes by each entry's rank (its position unless the source
 * ranks it: the comments' newest replies first); only the `quota` best are held, so a long dataset still
 * streams. Other shards' entries are not this job's: neither taken nor listed.
 */
async function takeQuota(entries: AsyncIterable<SourceEntry>, quota: number, settings: Settings) {
  type Slot = { position: number; rank: number; entry: SourceEntry };
  const idOf = (entry: SourceEntry) => ("candidate" in entry ? entry.candidate : entry.problem);
  const kept: Slot[] = []; // best rank first
  const dropped: Slot[] = [];
  let position = 0;
  for await (const entry of entries) {
    const at = position++;
    if (!inShard(at, settings.source.shard)) continue;
    const slot = { position: at, rank: ("candidate" in entry ? entry.rank : undefined) ?? at, entry };
    // Unranked entries come in rank order: appended at once, never searched for.
    const before = kept.length === 0 || kept.at(-1)!.rank <= slot.rank ? -1 : kept.findIndex((k) => k.rank > slot.rank);
    kept.splice(before === -1 ? kept.length : before, 0, slot);
    if (kept.length > quota) dropped.push(kept.pop()!);
  }
  const byPosition = (a: Slot, b: Slot) => a.position - b.position;
  const taken = kept
    .sort(byPosition)
    .map(({ entry }): Candidate | Result =>
      "candidate" in entry
        ? entry.candidate
        : invalidEntryResult(entry.problem.id, entry.problem.source, entry.problem.problem, settings.limits),
    );
  const skipped: Skipped[] = dropped.sort(byPosition).map(({ entry }) => {
    const { id, source } = idOf(entry);
    return { id, source, reason: `over the max-candidates quota of ${quota}` };
  });
  return { taken, skipped };
}

/** Every candidate through the pipeline in the run's sandboxes, with progress and audit lines → the outcome. */
export async function judgeAll(
  entries: AsyncIterable<SourceEntry>,
  ctx: RunContext,
  hooks: JudgeHooks,
): Promise<GateOutcome> {
  const { settings } = ctx;
  const { taken, skipped } = await takeQuota(entries, settings.source.maxCandidates, settings);
  if (settings.source.shard)
    hooks.log(
      `shard ${settings.source.shard.index}/${settings.source.shard.count}: ${taken.length + skipped.length} candidates`,
    );
  await checkInstances(taken, settings, ctx.runImages);
  const bases = new CommitBases(taken, ctx.runImages, hooks.log);
  const slots = settings.mode.concurrency;
  const order = judgingOrder(taken);
  const ahead = new BasesAhead(taken, order, settings, ctx.runImages && makeAhead(ctx, ctx.runImages));
  const turns = new Turns(order.length);
  const judging: RunContext = {
    ...ctx,
    engine: slotted(ctx.engine, slots),
    commitCandidates: (commit) => bases.candidates(commit),
    baseMade: (candidate) => ahead.made(candidate),
  };
  const own = runOwnImages(settings);
  const images = new LineImages(
    order.map((index) => lineImage(taken[index]!, own)),
    ctx,
    hooks.log,
  );
  let done = 0;
  hooks.judged?.(done, taken.length);
  const progress = new ProgressMeter(taken.length, () => performance.now());
  const results = new Array<Result>(taken.length);
  images.start();
  const runImage = firstRunImage(taken[order[0]!], settings);
  if (runImage) void ctx.prepareImage(runImage);
  // One candidate more in flight than there are slots: the next is prepared while the sandboxes run (slots.ts).
  // Once a hook has failed (the partial report cannot be written), the run is over, as if killed there: a
  // candidate still in flight is not reported, and its result goes nowhere.
  let stopped = false;
  const judgeOne = async (index: number, position: number): Promise<void> => {
    const item = taken[index]!;
    images.starting(position);
    let judged: Result;
    try {
      judged =
        "status" in item
          ? item
          : await judgeCandidate(item, { ...judging, engine: turns.engine(judging.engine, position) });
    } finally {
      turns.pass(position);
    }
    if (stopped) return;
    const result =
      "status" in item || !hooks.fingerprint ? judged : newResult({ ...judged, fingerprint: hooks.fingerprint(item) });
    hooks.finished?.(result);
    const at = ++done;
    hooks.judged?.(at, taken.length);
    await bases.done(item);
    await images.done(position);
    const line = progress.finished(result.status);
    if (taken.length <= PER_CANDIDATE_UP_TO)
      hooks.log(`[${at}/${taken.length}] ${result.id}: ${result.status} (${(result.duration_ms / 1000).toFixed(2)} s)`);
    else if (line) hooks.log(line);
    // The audit line: enough to trace a run, nothing of the candidate's text or of our secrets.
    const event: AuditEvent = {
      event: "sandbox-gate.candidate",
      run: ctx.runId,
      candidate: result.id,
      code_length: "status" in item ? 0 : item.text.length,
      status: result.status,
      exit: result.exit_code,
      duration_ms: result.duration_ms,
    };
    if (hooks.audit) hooks.audit(event);
    else hooks.log(JSON.stringify(event));
    results[index] = result;
  };
  await mapLimit(order, slots + PREPARED_AHEAD, (index, position) =>
    judgeOne(index, position).catch((error: unknown) => {
      stopped = true;
      throw error;
    }),
  );
  const [firstBaseline] = await ctx.baselineRuns.all();
  return {
    results,
    skipped,
    decision: decide(results, settings.reports.failOn),
    ...(firstBaseline && { base: reportedBase(firstBaseline) }),
  };
}

/**
 * Makes the run image the first candidate of commit `name` will ask for (BasesAhead): from the run's `image`
 * (ready: a candidate of the run got its run image from it), with the commit's whole tree. What it comes to
 * is that candidate's to meet: nothing here.
 */
function makeAhead(ctx: RunContext, runImages: RunImages) {
  const { image } = ctx.settings.run;
  return (name: string): void =>
    void runImages
      .image(image, "tree", ctx.testFiles, runImages.commit(name), knownImageWorkdir(image))
      .catch(() => {});
}
