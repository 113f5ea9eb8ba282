// One candidate through the four phases: extract (or apply the patch) → parse check → run with a
// timeout → isolation, then classification and feedback. The engine and the image gate are passed in,
// so this is tested without Docker.
import { classify } from "../verdict/classify.js";
import { type FeedbackInput, feedbackFor } from "../verdict/feedback.js";
import { LANGUAGES, checkFiles, languageOfPath, type CheckGroup } from "../core/languages.js";
import type { Candidate, Language, Result, RunFacts, Status, SyntaxInfo } from "../core/model.js";
import { baseOfTree, loadBaseTree } from "../prepare/base-tree.js";
import { extractCode, findPatchBlocks } from "../prepare/extract.js";
import { applyPatch, parsePatch, touchedPaths } from "../prepare/patch.js";
import type { BaseKind, RunBase } from "./run-base.js";
import { parseCheckOutput } from "../prepare/syntax.js";
import { newResult } from "../core/schemas/report.js";
import { BASE_DIR } from "../sandbox/base-image.js";
import { type JudgingEngine, RUN_LABEL, type SandboxJob } from "../sandbox/engine.js";
import { type SandboxFile } from "../core/model.js";
import { InputError } from "../core/errors.js";
import type { Settings } from "../settings/settings.js";
import { type Attempt, flakyCases, flakyFailure, isFlaky, markFlaky, rerunAfter } from "../verdict/attempts.js";
import { BaseRuns } from "../verdict/base-runs.js";
import { RAN_TO_END, isFailing, judgeByTests, testCount } from "../verdict/by-tests.js";
import { type BaseRun, type Comparison, blamed, judgeAgainstBase, voidReason } from "../verdict/compare.js";
import { findPatterns, readResults, type TestResults } from "../verdict/results/index.js";

export interface RunContext {
  settings: Settings;
  engine: JudgingEngine;
  /** The `tests` files, shared by every candidate. */
  testFiles: SandboxFile[];
  runId: string;
  /** Resolves when `image` is ready; the reason when it cannot be (pull failed, missing with pull: never). */
  prepareImage: (image: string) => Promise<string | undefined>;
  /**
   * The run's base tree and run images (run-base.ts). Without it, a patch starts from the `tests` files
   * alone, as with `tests` set: for callers that judge without a checkout (unit tests, the bench).
   */
  runBase?: RunBase;
  /** `compare: base`'s runs of the unpatched base, shared by the run's candidates; made on first use. */
  baseRuns?: BaseRuns;
}

interface Verdict {
  status: Status;
  language: Language | null;
  facts?: RunFacts;
  syntax?: SyntaxInfo;
  reason?: string;
  patch?: PatchInfo;
  tests?: TestResults;
  compare?: Comparison;
  notes?: string[];
  attempts?: Attempt[];
  flaky?: boolean;
  retried?: boolean;
}

/** What a patch changed and how hard it had to be pushed to apply. */
interface PatchInfo {
  changedFiles: string[];
  strategy: string;
}

/** What goes into one sandbox, once the code is known. */
interface Prepared {
  language: Language;
  files: SandboxFile[];
  checks: CheckGroup[];
  patch?: PatchInfo;
  /** The reply with another of its blocks, each to run in turn while the ones before did not parse. */
  fallbacks?: Prepared[];
  /** The base the sandbox starts from, held by a run image; `files` are then only what the candidate adds. */
  start?: BaseKind;
  /** Paths of that base the candidate deletes. */
  deleted?: string[];
  /** A patch's files as they were before it, in place of `files`: what `compare: base` runs. */
  unpatched?: SandboxFile[];
}

/** Shorter blocks tried after the longest fails its parse check: each costs a container of its own. */
const MAX_FALLBACKS = 2;

export function imageFor(settings: Settings, language: Language): string {
  return settings.run.image || LANGUAGES[language].image;
}

/** The language when a setting or a file name says it; otherwise the candidate itself decides. */
function declaredLanguage(candidate: Candidate, settings: Settings): Language | undefined {
  const target = candidate.overrides?.target || settings.run.target;
  return (
    candidate.overrides?.language ??
    (settings.run.language === "auto" ? undefined : settings.run.language) ??
    (target ? languageOfPath(target) : undefined)
  );
}

function languageOfFiles(paths: string[]): Language | undefined {
  for (const path of paths) {
    const language = languageOfPath(path);
    if (language) return language;
  }
  return undefined;
}

const UNKNOWN_LANGUAGE =
  "the language could not be told from the fence, the target or the tests; set the 'language' input";

function extraFiles(candidate: Candidate): SandboxFile[] {
  return Object.entries(candidate.files ?? {}).map(([path, content]) => ({ path, content }));
}

async function prepareReply(candidate: Candidate, ctx: RunContext): Promise<Prepared | Verdict> {
  const declared = declaredLanguage(candidate, ctx.settings);
  const extraction = extractCode(candidate.text, declared ?? "auto");
  if (extraction.kind === "none") {
    // A reply that holds only a diff is a patch.
    const patches = findPatchBlocks(candidate.text);
    if (patches.length > 0) return preparePatch(patches.join("\n"), candidate, ctx);
    return { status: "no_code", language: declared ?? null, reason: extraction.reason };
  }
  const extra = extraFiles(candidate);
  const language = declared ?? extraction.language ?? languageOfFiles([...extra, ...ctx.testFiles].map((f) => f.path));
  if (!language) return { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE };
  const target = candidate.overrides?.target || ctx.settings.run.target || LANGUAGES[language].target;
  // After a setup, the tests are in the run image with what it made of them.
  const start = ctx.runBase && ctx.settings.run.setup ? "tests" : undefined;
  const withCode = (code: string): Prepared => ({
    language,
    // The candidate's own files come last so its target wins over a test file of the same name.
    files: [...(start ? [] : ctx.testFiles), ...extra, { path: target, content: code }],
    checks: [{ language, files: [target] }],
    ...(start && { start, deleted: [] }),
  });
  return {
    ...withCode(extraction.code),
    fallbacks: extraction.fallbacks.slice(0, MAX_FALLBACKS).map((block) => withCode(block.code)),
  };
}

async function preparePatch(
  diff: string | Uint8Array,
  candidate: Candidate,
  ctx: RunContext,
): Promise<Prepared | Verdict> {
  const declared = declaredLanguage(candidate, ctx.settings);
  const failed = (reason: string): Verdict => ({ status: "patch_failed", language: declared ?? null, reason });
  const parsed = parsePatch(diff);
  // A patch runs against the whole checkout unless `tests` names what it needs.
  const tree = ctx.runBase && ctx.settings.source.tests.length === 0 ? await ctx.runBase.tree() : undefined;
  const base = tree
    ? baseOfTree(tree, touchedPaths(parsed))
    : await loadBaseTree(ctx.settings.source.workdir, touchedPaths(parsed));
  if (!base.ok) return failed(base.reason);
  const applied = applyPatch(base.files, parsed, {
    executable: base.executable,
    // What git apply applies, unless the user asked for more.
    maxStrategy: ctx.settings.run.patchFuzz ? "fuzz" : "offset",
  });
  if (!applied.ok) return failed(applied.reason);
  const start = tree ? "tree" : ctx.runBase && ctx.settings.run.setup ? "tests" : undefined;
  // The tree the candidate meets: where it starts, less what the patch deletes, with what it writes.
  const final = new Map<string, SandboxFile>((tree ? tree.files : ctx.testFiles).map((f) => [f.path, f]));
  const changes = new Map<string, SandboxFile>(extraFiles(candidate).map((f) => [f.path, f]));
  const deleted: string[] = [];
  for (const [path, content] of applied.files) {
    if (content === null) {
      final.delete(path);
      changes.delete(path);
      deleted.push(path);
    } else changes.set(path, { path, content, executable: applied.executable.has(path) });
  }
  for (const file of changes.values()) final.set(file.path, file);
  const written = [...applied.files].filter(([, content]) => content !== null).map(([path]) => path);
  const language = declared ?? languageOfFiles(written) ?? languageOfFiles([...final.keys()]);
  const patch: PatchInfo = { changedFiles: applied.changed, strategy: applied.strategy };
  if (!language) return { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE, patch };
  const bytes = [...final.values()].reduce((sum, f) => sum + Buffer.byteLength(f.content), 0);
  if (bytes > ctx.settings.limits.workdirBytes) {
    return {
      status: "sandbox_error",
      language,
      reason: `the patched tree holds ${bytes} bytes, more than tmpfs-size (${ctx.settings.limits.workdirBytes}); narrow 'tests' or raise 'tmpfs-size'`,
      patch,
    };
  }
  const checks = new Map<Language, string[]>();
  for (const path of written) {
    const lang = languageOfPath(path);
    if (lang) checks.set(lang, [...(checks.get(lang) ?? []), path]);
  }
  // Before the patch: the start alone when a run image holds it, else the start with the touched files as they were.
  const before = new Map<string, SandboxFile>((tree ? [] : ctx.testFiles).map((f) => [f.path, f]));
  if (!start)
    for (const [path, content] of base.files)
      before.set(path, { path, content, executable: base.executable.has(path) });
  return {
    language,
    // With a run image holding the start, only what the candidate changes travels.
    files: [...(start ? changes : final).values()],
    checks: [...checks].map(([lang, files]) => ({ language: lang, files })),
    patch,
    ...(start && { start, deleted }),
    unpatched: [...before.values()],
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

/** Where a prepared candidate runs: its image (or the run image made of it) and the job's common part. */
interface Placement {
  image: string;
  job: Omit<SandboxJob, "files" | "check" | "attempt" | "deleted">;
}

async function place(prepared: Prepared, candidate: Candidate, ctx: RunContext): Promise<Placement | Verdict> {
  const { settings } = ctx;
  const { language } = prepared;
  const image = imageFor(settings, language);
  const imageProblem = await ctx.prepareImage(image);
  if (imageProblem) return { status: "sandbox_error", language, reason: imageProblem };
  const made = prepared.start ? await ctx.runBase!.image(image, prepared.start, ctx.testFiles) : undefined;
  if (made && !made.ok) {
    // The base's failure, a setup's included, is never the candidate's: the setup's output says why.
    return {
      status: "sandbox_error",
      language,
      reason: `the run's base could not be made: ${made.reason}${made.output ? `\n\n${made.output.trimEnd()}` : ""}`,
    };
  }
  const { testResults } = settings.run;
  return {
    image: made?.image ?? image,
    job: {
      image: made?.image ?? image,
      command: candidate.overrides?.command || settings.run.command || LANGUAGES[language].command,
      limits: {
        ...settings.limits,
        // A candidate may bring its own timeout; a patch runs its repository's suite, which starts more processes.
        timeoutMs: candidate.overrides?.timeoutMs ?? settings.limits.timeoutMs,
        pidsLimit: prepared.patch ? settings.run.patchPidsLimit : settings.limits.pidsLimit,
      },
      labels: { [RUN_LABEL]: ctx.runId },
      ...(made && { base: BASE_DIR }),
      ...(testResults.length > 0 && { results: findPatterns(testResults) }),
    },
  };
}

/** One sandbox run, judged by its exit code and, with `test-results`, by its tests. */
async function runOnce(job: SandboxJob, language: Language, checks: CheckGroup[], ctx: RunContext): Promise<Verdict> {
  const facts = await ctx.engine.run(job);
  const status = classify(facts);
  const verdict: Verdict = { status, language, facts };
  if (facts.sandboxError) verdict.reason = facts.sandboxError;
  if (status === "syntax_error") verdict.syntax = syntaxOf(checks, facts);
  if (status === "sandbox_error" && !facts.sandboxError)
    verdict.reason = `the sandbox stopped before the test command ran: ${facts.checkOutput.trim() || "no message"}`;
  const globs = ctx.settings.run.testResults;
  if (globs.length > 0 && RAN_TO_END.has(status)) {
    const reading = readResults(facts.results, globs);
    const judged = judgeByTests(status, reading, globs);
    verdict.status = judged.status;
    if (judged.reason) verdict.reason = judged.reason;
    if (reading.tests) verdict.tests = reading.tests;
    if (reading.notes.length > 0) verdict.notes = reading.notes;
  }
  return verdict;
}

/** `runOnce`, and once more in a fresh container when the engine failed us: never for the candidate's own statuses. */
async function runRetried(
  job: SandboxJob,
  language: Language,
  checks: CheckGroup[],
  ctx: RunContext,
): Promise<Verdict> {
  const first = await runOnce(job, language, checks, ctx);
  if (first.status !== "sandbox_error") return first;
  const again = await runOnce(job, language, checks, ctx);
  const note = `retried once in a fresh container after a failure of ours: ${first.reason ?? "no message"}`;
  return { ...again, retried: true, notes: [note, ...(again.notes ?? [])] };
}

/** The base run of `compare: base`, judged as a candidate is, before any comparison. */
async function runBaseOf(prepared: Prepared, placement: Placement, ctx: RunContext): Promise<BaseRun> {
  const job: SandboxJob = { ...placement.job, files: prepared.unpatched ?? [], deleted: [] };
  const run = await runRetried(job, prepared.language, [], ctx);
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

/** With `compare: base`, a patch's verdict against its base: blamed for what it broke, and only that. */
async function compared(verdict: Verdict, prepared: Prepared, placement: Placement, ctx: RunContext): Promise<Verdict> {
  if (ctx.settings.run.compare !== "base" || !prepared.patch || !RAN_TO_END.has(verdict.status)) return verdict;
  ctx.baseRuns ??= new BaseRuns();
  const key = { image: placement.image, command: placement.job.command, files: prepared.unpatched ?? [] };
  const base = await ctx.baseRuns.get(key, () => runBaseOf(prepared, placement, ctx));
  const judged = judgeAgainstBase(verdict, base);
  const next: Verdict = { ...verdict, status: judged.status };
  if (judged.compare) next.compare = judged.compare;
  if (judged.note) next.notes = [...(verdict.notes ?? []), judged.note];
  // A pass by comparison has no failure of its own to explain.
  if (judged.status === "pass") delete next.reason;
  return next;
}

/** One prepared candidate, with the reruns `reruns` allows: every attempt in a fresh container. */
async function runPrepared(prepared: Prepared, candidate: Candidate, ctx: RunContext): Promise<Verdict> {
  const placement = await place(prepared, candidate, ctx);
  if ("status" in placement) return placement;
  const { reruns } = ctx.settings.run;
  const job = {
    ...placement.job,
    files: prepared.files,
    check: checkFiles(prepared.checks),
    ...(prepared.start && { deleted: prepared.deleted ?? [] }),
  };
  const attempts: Attempt[] = [];
  const runs: Verdict[] = [];
  for (let attempt = 1; ; attempt++) {
    const run = await runRetried({ ...job, attempt }, prepared.language, prepared.checks, ctx);
    const verdict = await compared(run, prepared, placement, ctx);
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
  const prepared =
    candidate.kind === "patch"
      ? await preparePatch(candidate.bytes ?? candidate.text, candidate, ctx)
      : await prepareReply(candidate, ctx);
  if ("status" in prepared) return prepared;
  let verdict = await runPrepared(prepared, candidate, ctx);
  // EvalPlus runs the longest block that parses; when none does, the longest one's error is the feedback.
  for (const fallback of prepared.fallbacks ?? []) {
    if (verdict.status !== "syntax_error") break;
    const next = await runPrepared(fallback, candidate, ctx);
    if (next.status !== "syntax_error") verdict = next;
  }
  return prepared.patch ? { ...verdict, patch: prepared.patch } : verdict;
}

/** What the model is told of the tests: the failing ones (with `compare`, only the ones it is blamed for). */
function testsFeedback(verdict: Verdict): FeedbackInput["tests"] {
  const { tests, compare } = verdict;
  if (!tests) return undefined;
  const failingNow = tests.cases.filter(isFailing);
  const byId = new Map(tests.cases.map((c) => [c.id, c]));
  const failing = compare
    ? blamed(compare).map((id) => {
        const c = byId.get(id);
        return c && isFailing(c)
          ? { id, ...(c.message && { message: c.message }) }
          : { id, message: "passed on the base; missing or skipped with this patch" };
      })
    : failingNow.map((c) => ({ id: c.id, ...(c.message && { message: c.message }) }));
  return {
    failing,
    total: testCount(tests),
    failed: tests.counts.failed + tests.counts.error,
    preexisting: compare?.fail_to_fail ?? [],
  };
}

function toResult(candidate: Candidate, verdict: Verdict, ctx: RunContext): Result {
  const facts = verdict.facts;
  const stdout = facts?.stdout ?? { text: "", truncated: false, bytes: 0 };
  const stderr = facts?.stderr ?? { text: "", truncated: false, bytes: 0 };
  const exitCode = facts?.exitCode ?? null;
  // A kill by our own timeout or by the OOM killer is not the candidate's crash signal.
  const signal = verdict.status === "test_failed" ? (facts?.signal ?? null) : null;
  const truncated = { stdout: stdout.truncated, stderr: stderr.truncated };
  return newResult({
    id: candidate.id,
    source: candidate.source,
    url: candidate.url,
    author: candidate.author,
    language: verdict.language,
    status: verdict.status,
    exit_code: exitCode,
    signal,
    duration_ms: facts?.durationMs ?? 0,
    stdout: stdout.text,
    stderr: stderr.text,
    truncated,
    feedback: feedbackFor({
      status: verdict.status,
      stdout: stdout.text,
      stderr: stderr.text,
      truncated,
      signal,
      exitCode,
      timeoutMs: candidate.overrides?.timeoutMs ?? ctx.settings.limits.timeoutMs,
      memoryBytes: ctx.settings.limits.memoryBytes,
      pidsLimit: verdict.patch ? ctx.settings.run.patchPidsLimit : ctx.settings.limits.pidsLimit,
      ...(verdict.status === "oom" && facts?.timedOut ? { heldAtLimit: true } : {}),
      ...(verdict.syntax ? { syntax: verdict.syntax } : {}),
      ...(verdict.reason ? { reason: verdict.reason } : {}),
      ...(verdict.tests && { tests: testsFeedback(verdict) }),
      ...(verdict.notes && { notes: verdict.notes }),
    }),
    syntax: verdict.syntax,
    changed_files: verdict.patch?.changedFiles,
    patch_strategy: verdict.patch?.strategy,
    tests: verdict.tests,
    compare: verdict.compare,
    attempts: verdict.attempts,
    flaky: verdict.flaky,
    retried: verdict.retried,
    notes: verdict.notes,
    task: candidate.task,
  });
}

/** Judges one candidate. Never throws: an unexpected error of ours becomes `sandbox_error`. */
export async function judgeCandidate(candidate: Candidate, ctx: RunContext): Promise<Result> {
  let verdict: Verdict;
  try {
    verdict = await judge(candidate, ctx);
  } catch (error) {
    // A bad input met on the way (a base tree over its cap) ends the run with its one line, as at the start.
    if (error instanceof InputError) throw error;
    verdict = { status: "sandbox_error", language: null, reason: `internal error: ${(error as Error).message}` };
  }
  return toResult(candidate, verdict, ctx);
}

/** Runs `work` over `items` with at most `limit` at once; results keep the input order. */
export async function mapLimit<T, R>(
  items: T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
