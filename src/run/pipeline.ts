// One candidate through the four phases: prepare it (prepare/candidate.ts) → its image → run with a
// timeout, checked for syntax first → its verdict (by tests, against the baseline with `compare: base`,
// with reruns and one retry after a failure of ours) → its result (verdict/result.ts). The engine and
// the image gate are passed in, so this is tested without Docker.
import { classify } from "../verdict/classify.js";
import {
  type Candidate,
  type Instance,
  type Result,
  type RunFacts,
  type SandboxFile,
  type SyntaxInfo,
  filesBytes,
} from "../core/model.js";
import { LANGUAGES, type Language } from "../languages/registry.js";
import { candidateLimits, imageFor, prepareCandidate, type Prepared } from "../prepare/candidate.js";
import type { RunImages } from "./run-images.js";
import { checkAndRun, checkFiles, parseCheckOutput, warmCheck, type CheckGroup } from "../prepare/syntax.js";
import { RUN_TREE, type RunImage } from "../sandbox/run-image.js";
import { describeSetupChange } from "../prepare/setup-inputs.js";
import { type JudgingEngine } from "../sandbox/engine.js";
import { RUN_LABEL, type SandboxJob } from "../sandbox/job.js";
import { WORKDIR } from "../sandbox/policy.js";
import { pythonEndGuard } from "../languages/python-guard.js";
import { ImageGate } from "./line-images.js";
import { treeDelivery } from "./commits.js";
import { InputError } from "../core/errors.js";
import { knownImageWorkdir } from "../core/image-reference.js";
import type { Settings } from "../settings/settings.js";
import { type Attempt, flakyCases, flakyFailure, isFlaky, markFlaky, rerunAfter } from "../verdict/attempts.js";
import { BaselineRuns } from "../verdict/baseline-runs.js";
import { RAN_TO_END, judgeByTests } from "../verdict/by-tests.js";
import { type BaseRun, judgeAgainstBase, voidReason } from "../verdict/compare.js";
import { findPatterns, readLogResults, readResults } from "../verdict/results/collect.js";
import { formatOf, readsLog, resultsParser } from "../verdict/results/formats.js";
import { MAX_RESULTS_FILE_BYTES } from "../verdict/results/read.js";
import type { ResultsFormat } from "../settings/settings.js";
import { judgeByLists, listedBy, listsTests } from "../verdict/resolved.js";
import { protectedVerdict, resultOf, tamperedVerdict, type Verdict } from "../verdict/result.js";

/** What judging a candidate needs of its run. */
export interface RunContext {
  settings: Settings;
  engine: JudgingEngine;
  /** The `tests` files, shared by every candidate. */
  testFiles: SandboxFile[];
  runId: string;
  /** Resolves when `image` is ready; the reason when it cannot be (pull failed, missing with pull: never). */
  prepareImage: (image: string) => Promise<string | undefined>;
  /**
   * A line's own image is needed by no line left: the run images made from it, and the image itself if
   * this run pulled it, are removed (line-images.ts). Returns the removals that failed. Without it, kept.
   */
  releaseImage?: (image: string) => Promise<string[]>;
  /**
   * The run's base tree and run images (run-images.ts). Without them, a patch starts from the `tests`
   * files alone, as with `tests` set: for callers that judge without a checkout (unit tests, the bench).
   */
  runImages?: RunImages;
  /** `compare: base`'s runs of the command on the unpatched tree, shared by the run's candidates. */
  baselineRuns: BaselineRuns;
  /**
   * How many of the run's candidates start from `commit` (a full sha), counted before the first runs: a
   * commit of one may get its tree streamed instead of a run image (commits.ts's treeDelivery). Absent (the
   * library's judge(), which cannot know what comes next), every commit's run image is made.
   */
  commitCandidates?: (commit: string) => number;
  /**
   * `candidate` has the run image it starts from, made: the run may make the next commit's now (commits.ts's
   * BasesAhead), while this one's candidates run.
   */
  baseMade?: (candidate: Candidate) => void;
}

/** What a run context is made of; `runContext` adds the baseline runs and, unless given, the image gate. */
export type RunParts = Omit<RunContext, "prepareImage" | "baselineRuns"> & Partial<Pick<RunContext, "prepareImage">>;

/** The context every candidate of a run shares. */
export function runContext(parts: RunParts, log: (line: string) => void): RunContext {
  return {
    ...parts,
    prepareImage: parts.prepareImage ?? new ImageGate(parts.engine, parts.settings.run.pull, log).prepare,
    baselineRuns: new BaselineRuns(),
  };
}

/** The parser's message, read with the language of the file that failed (the check stops at the first). */
function syntaxOf(checks: CheckGroup[], facts: RunFacts): SyntaxInfo {
  const readings = checks.map((group) => ({
    group,
    syntax: parseCheckOutput(group.language, facts.checkOutput, group.files[0]!, facts.checkVerdict),
  }));
  return (
    readings.find(({ group, syntax }) => syntax.file !== undefined && group.files.includes(syntax.file)) ?? readings[0]!
  ).syntax;
}

/** Where a prepared candidate runs: its image (or the run image made of it), the job's common part, how its tests are read. */
interface Placement {
  image: string;
  job: Omit<SandboxJob, "files" | "check" | "attempt" | "deleted">;
  /** Its line's `results_format`, else the run's. */
  format: ResultsFormat;
  /**
   * For a candidate whose own set-up made its image: the base's run image, where its baseline runs (the
   * base's manifests, as the base's own CI installs them), made on first use.
   */
  base?: () => Promise<RunImage>;
}

/**
 * A line's image_workdir, or SWE-bench's /testbed for an image named as its per-instance images are: the
 * candidate starts from what the image holds there, so always from a run image made of it, in a work dir there.
 */
function imageWorkdirOf(candidate: Candidate, image: string): string | undefined {
  return candidate.overrides?.imageWorkdir ?? knownImageWorkdir(image);
}

/**
 * `prepared` as it travels: a candidate whose commit gets no run image (treeDelivery) carries the commit's
 * whole tree with its changes in `files`, into a container of the plain image.
 */
function delivered(prepared: Prepared, candidate: Candidate, ctx: RunContext): Prepared {
  const { commit, whole } = prepared;
  if (prepared.start !== "tree" || commit === undefined || !whole || !ctx.commitCandidates) return prepared;
  const delivery = treeDelivery({
    candidates: ctx.commitCandidates(commit),
    treeBytes: filesBytes(whole),
    setup: ctx.settings.run.setup !== undefined,
    imageWorkdir: imageWorkdirOf(candidate, imageFor(ctx.settings, prepared.language, candidate)) !== undefined,
    compareBase: ctx.settings.run.compare === "base",
  });
  if (delivery === "share") return prepared;
  // Nothing to start from but the image: what the patch deletes is simply not in the tree.
  const { start: _start, deleted: _deleted, commit: _commit, whole: _whole, ...streamed } = prepared;
  return { ...streamed, files: whole };
}

async function place(prepared: Prepared, candidate: Candidate, ctx: RunContext): Promise<Placement | Verdict> {
  const { settings } = ctx;
  const { language, limits } = prepared;
  const image = imageFor(settings, language, candidate);
  const imageProblem = await ctx.prepareImage(image);
  if (imageProblem) return { status: "sandbox_error", language, limits, reason: imageProblem };
  // The services' images are made ready as the sandbox's is: once, before any clock starts.
  const { services } = settings.run;
  for (const service of services) {
    const problem = await ctx.prepareImage(service.image);
    if (problem) return { status: "sandbox_error", language, limits, reason: `service '${service.name}': ${problem}` };
  }
  const workdir = imageWorkdirOf(candidate, image);
  const start = prepared.start ?? (workdir !== undefined && ctx.runImages ? "tests" : undefined);
  const made = start
    ? await ctx.runImages!.image(image, start, ctx.testFiles, prepared.commit, workdir, prepared.setup)
    : undefined;
  if (made && !made.ok && made.bySetup && prepared.setup) {
    // The candidate's own set-up failed: its inputs are to blame only if the base's set-up succeeds.
    const base = await ctx.runImages!.image(image, start!, ctx.testFiles, prepared.commit, workdir);
    if (base.ok) return setupFailed(prepared, made);
  }
  if (made && !made.ok) {
    // The run image's failure, a setup's included, is never the candidate's: the setup's output says why.
    return {
      status: "sandbox_error",
      language,
      limits,
      reason: `the run's base could not be made: ${made.reason}${made.output ? `\n\n${made.output.trimEnd()}` : ""}`,
    };
  }
  if (made) ctx.baseMade?.(candidate);
  const { testResults } = settings.run;
  const format = formatOf(candidate.overrides, settings);
  // A log format reads the command's output, kept whole up to a results file's bound; the files are JUnit's.
  const log = readsLog(format);
  return {
    image: made?.image ?? image,
    format,
    ...(prepared.setup &&
      start && { base: () => ctx.runImages!.image(image, start, ctx.testFiles, prepared.commit, workdir) }),
    job: {
      image: made?.image ?? image,
      command: candidate.overrides?.command || settings.run.command || LANGUAGES[language].command,
      limits,
      labels: { [RUN_LABEL]: ctx.runId },
      ...(services.length > 0 && { services }),
      ...(made && { tree: RUN_TREE }),
      ...(workdir !== undefined && { workdir }),
      ...(!log && testResults.length > 0 && { results: findPatterns(testResults) }),
      ...(log && { keepLog: MAX_RESULTS_FILE_BYTES }),
    },
  };
}

/**
 * A candidate whose own set-up failed where the base's succeeds: its change to the setup's inputs broke the
 * install, as it would break its repository's CI. `test_failed`, with the setup's output as what it printed.
 */
function setupFailed(prepared: Prepared, made: Extract<RunImage, { ok: false }>): Verdict {
  const { language, limits } = prepared;
  const touched = describeSetupChange(prepared.setup!);
  const output = made.output ?? "";
  return {
    status: "test_failed",
    language,
    limits,
    reason: `the setup failed on this change to what it reads (${touched}): ${made.reason}; the tests did not run`,
    setupFailed: true,
    facts: {
      phase: "setup",
      exitCode: null,
      signal: null,
      timedOut: false,
      oomKilled: false,
      stdout: { text: output, truncated: false, bytes: Buffer.byteLength(output) },
      stderr: { text: "", truncated: false, bytes: 0 },
      checkOutput: "",
      durationMs: 0,
    },
  };
}

/** The per-test results of a run that reached its end, in `format`; undefined when the run reads none (junit without `test-results`). */
function readingOf(facts: RunFacts, format: ResultsFormat, ctx: RunContext) {
  const parser = resultsParser(format);
  if (parser.reads === "log") return { reading: readLogResults(facts.log, parser), source: { log: parser.format } };
  const globs = ctx.settings.run.testResults;
  return globs.length > 0 ? { reading: readResults(facts.results, globs, parser), source: globs } : undefined;
}

/** One sandbox run, judged by its exit code and, with `test-results` or a log format, by its tests. */
async function runOnce(
  job: SandboxJob,
  language: Language,
  checks: CheckGroup[],
  ctx: RunContext,
  format: ResultsFormat,
): Promise<Verdict> {
  const facts = await ctx.engine.run(job);
  const status = classify(facts);
  const verdict: Verdict = { status, language, limits: job.limits, facts };
  if (facts.sandboxError) verdict.reason = facts.sandboxError;
  if (status === "syntax_error") verdict.syntax = syntaxOf(checks, facts);
  if (status === "sandbox_error" && !facts.sandboxError)
    verdict.reason = `the sandbox stopped before the test command ran: ${facts.checkOutput.trim() || "no message"}`;
  const read = RAN_TO_END.has(status) ? readingOf(facts, format, ctx) : undefined;
  if (read) {
    const { reading, source } = read;
    const judged = judgeByTests(status, reading, source);
    verdict.status = judged.status;
    if (judged.reason) verdict.reason = judged.reason;
    if (reading.tests) verdict.tests = reading.tests;
    if (reading.notes.length > 0) verdict.notes = reading.notes;
  }
  // The log has been read: the verdict keeps only the streams' `max-output`, not megabytes per candidate.
  if (facts.log) {
    const { log: _read, ...kept } = facts;
    void _read;
    verdict.facts = kept;
  }
  return verdict;
}

/** `runOnce`, and once more in a fresh container when the engine failed us: never for the candidate's own statuses. */
async function runRetried(
  job: SandboxJob,
  language: Language,
  checks: CheckGroup[],
  ctx: RunContext,
  format: ResultsFormat,
): Promise<Verdict> {
  const first = await runOnce(job, language, checks, ctx, format);
  if (first.status !== "sandbox_error") return first;
  const again = await runOnce(job, language, checks, ctx, format);
  const note = `retried once in a fresh container after a failure of ours: ${first.reason ?? "no message"}`;
  return { ...again, retried: true, notes: [note, ...(again.notes ?? [])] };
}

/** The baseline run of `compare: base` (the command on the unpatched tree), judged as a candidate is, before any comparison. */
async function runBaseline(prepared: Prepared, placement: Placement, ctx: RunContext): Promise<BaseRun> {
  const job: SandboxJob = { ...placement.job, files: prepared.unpatched ?? [], deleted: [] };
  const run = await runRetried(job, prepared.language, [], ctx, placement.format);
  const exitCode = RAN_TO_END.has(run.status) ? (run.facts?.exitCode ?? null) : null;
  const notes = [...(run.notes ?? []), ...(run.status === "sandbox_error" && run.reason ? [run.reason] : [])];
  const why = voidReason(run.status);
  return {
    status: run.status,
    exitCode,
    durationMs: run.facts?.durationMs ?? 0,
    ...(run.tests && { tests: run.tests }),
    notes,
    ...(why && { void: why }),
  };
}

/** Where a baseline runs: the base's run image, also for a candidate whose own set-up made its image. */
async function baselinePlacement(placement: Placement): Promise<Placement & { unmade?: string }> {
  if (!placement.base) return placement;
  const made = await placement.base();
  if (!made.ok) return { ...placement, unmade: `the base's run image could not be made: ${made.reason}` };
  return { ...placement, image: made.image, job: { ...placement.job, image: made.image } };
}

/** A baseline that could not run, as ours: the comparison is void and the candidate's own verdict stands. */
function unmadeBase(reason: string): BaseRun {
  const why = voidReason("sandbox_error");
  return { status: "sandbox_error", exitCode: null, durationMs: 0, notes: [reason], ...(why && { void: why }) };
}

/** With `compare: base`, a patch's verdict against its base: blamed for what it broke, and only that. */
async function compared(verdict: Verdict, prepared: Prepared, placement: Placement, ctx: RunContext): Promise<Verdict> {
  if (ctx.settings.run.compare !== "base" || !prepared.patch || !RAN_TO_END.has(verdict.status)) return verdict;
  const at = await baselinePlacement(placement);
  const key = { image: at.image, command: at.job.command, files: prepared.unpatched ?? [], format: at.format };
  const baseline = await ctx.baselineRuns.get(key, () =>
    at.unmade === undefined ? runBaseline(prepared, at, ctx) : Promise.resolve(unmadeBase(at.unmade)),
  );
  const judged = judgeAgainstBase(verdict, baseline);
  const next: Verdict = { ...verdict, status: judged.status };
  if (judged.compare) next.compare = judged.compare;
  if (judged.note) next.notes = [...(verdict.notes ?? []), judged.note];
  // A pass by comparison has no failure of its own to explain.
  if (judged.status === "pass") delete next.reason;
  return next;
}

/** With a line's test lists (`fail_to_pass`, `pass_to_pass`), the verdict they give: `pass` only when resolved in full. */
function byLists(verdict: Verdict, instance: Instance | undefined): Verdict {
  // Our failure judged nothing: it is resolved neither way, and counts in no rate (judgeCandidate lists its tests).
  if (!instance || !listsTests(instance) || verdict.status === "sandbox_error") return verdict;
  const judged = judgeByLists(verdict, instance);
  const next: Verdict = { ...verdict, status: judged.status, resolved: judged.resolved, listed: judged.listed };
  if (judged.reason) next.reason = judged.reason;
  else if (judged.clearReason) delete next.reason;
  return next;
}

/** Python's end guard for a candidate's run, knowing the Python files the candidate wrote (its checks' files). */
function endGuard(prepared: Prepared, job: Pick<SandboxJob, "workdir">): string {
  const code = prepared.checks.filter((group) => group.language === "python").flatMap((group) => group.files);
  return pythonEndGuard(job.workdir ?? WORKDIR, code);
}

/** The job's warmCheck, where its check is of files a checker kept warm can answer for. */
function withWarmCheck(prepared: Prepared): Pick<SandboxJob, "warmCheck"> {
  const warm = warmCheck(prepared.checks, prepared.files);
  return warm ? { warmCheck: warm } : {};
}

/** One prepared candidate, with the reruns `reruns` allows: every attempt in a fresh container. */
async function runPrepared(given: Prepared, candidate: Candidate, ctx: RunContext): Promise<Verdict> {
  const prepared = delivered(given, candidate, ctx);
  const placement = await place(prepared, candidate, ctx);
  if ("status" in placement) return placement;
  const { reruns } = ctx.settings.run;
  const fused = checkAndRun(prepared.checks, placement.job.command, placement.job.results);
  const job = {
    ...placement.job,
    files: prepared.files,
    check: fused ?? checkFiles(prepared.checks),
    // Where the check runs the candidate's file itself, that file is the program: nothing to guard.
    ...(fused ? { checkRuns: true } : { ...withWarmCheck(prepared), guard: endGuard(prepared, placement.job) }),
    ...(prepared.start && { deleted: prepared.deleted ?? [] }),
  };
  const attempts: Attempt[] = [];
  const runs: Verdict[] = [];
  for (let attempt = 1; ; attempt++) {
    const run = await runRetried({ ...job, attempt }, prepared.language, prepared.checks, ctx, placement.format);
    const verdict = byLists(await compared(run, prepared, placement, ctx), candidate.instance);
    runs.push(verdict);
    attempts.push({ status: verdict.status, duration_ms: verdict.facts?.durationMs ?? 0 });
    if (!rerunAfter(verdict.status, attempt, reruns)) break;
  }
  const last = runs.at(-1)!;
  if (reruns === 0) return last;
  const flaky = isFlaky(attempts);
  const verdict: Verdict = { ...last, attempts, flaky };
  if (last.tests) verdict.tests = markFlaky(last.tests, flakyCases(runs.map((run) => run.tests)));
  if (flaky && last.status === "pass" && ctx.settings.run.failOnFlaky)
    return { ...verdict, status: "test_failed", reason: flakyFailure(attempts) };
  return verdict;
}

async function judge(candidate: Candidate, ctx: RunContext): Promise<Verdict> {
  const { runImages } = ctx;
  const named = candidate.instance?.baseCommit;
  const prepared = await prepareCandidate(candidate, {
    settings: ctx.settings,
    testFiles: ctx.testFiles,
    ...(runImages && { tree: (commit?: string) => runImages.commitTree(commit) }),
    // Without a run's repository (a caller that judges without one) the name stays, and the candidate is refused.
    ...(named !== undefined && { commit: runImages ? runImages.commit(named) : named }),
  });
  if ("status" in prepared) return prepared;
  let verdict = await runPrepared(prepared, candidate, ctx);
  let ran = prepared;
  // EvalPlus runs the longest block that parses; when none does, the longest one's error is the feedback.
  for (const fallback of prepared.fallbacks ?? []) {
    if (verdict.status !== "syntax_error") break;
    const next = await runPrepared(fallback, candidate, ctx);
    if (next.status !== "syntax_error") [verdict, ran] = [next, fallback];
  }
  verdict = protectedVerdict(verdict, prepared.protected ?? []);
  verdict = tamperedVerdict(verdict, ran.tampering ?? [], ctx.settings.run.failOnTampering);
  return prepared.patch ? { ...verdict, patch: prepared.patch } : verdict;
}

/** Judges one candidate. Never throws: an unexpected error of ours becomes `sandbox_error`. */
export async function judgeCandidate(candidate: Candidate, ctx: RunContext): Promise<Result> {
  let verdict: Verdict;
  try {
    verdict = await judge(candidate, ctx);
  } catch (error) {
    // A bad input met on the way (a base tree over its cap) ends the run with its one line, as at the start.
    if (error instanceof InputError) throw error;
    verdict = {
      status: "sandbox_error",
      language: null,
      limits: candidateLimits(ctx.settings, candidate, false),
      reason: `internal error: ${(error as Error).message}`,
    };
  }
  // A line with test lists that never reached them (no patch applied, a syntax error) is not resolved; our own
  // failure says nothing of it, as it counts in no rate.
  if (listsTests(candidate.instance) && verdict.resolved === undefined && verdict.status !== "sandbox_error")
    verdict = { ...verdict, resolved: "no" };
  // Which listed tests passed, for every line with lists (SWE-bench's tests_status is written from it): none,
  // when the run never reached them.
  if (candidate.instance && listsTests(candidate.instance) && verdict.listed === undefined)
    verdict = { ...verdict, listed: listedBy(undefined, candidate.instance) };
  return resultOf(candidate, verdict);
}
