// One candidate through the four phases: extract (or apply the patch) → parse check → run with a
// timeout → isolation, then classification and feedback. The engine and the image gate are passed in,
// so this is tested without Docker.
import { classify } from "./classify.js";
import { feedbackFor } from "./feedback.js";
import { LANGUAGES, checkFiles, languageOfPath, type CheckGroup } from "./languages.js";
import type { Candidate, Language, Result, RunFacts, Status, SyntaxInfo } from "./model.js";
import { baseOfTree, loadBaseTree } from "./prepare/base-tree.js";
import { extractCode, findPatchBlocks } from "./prepare/extract.js";
import { applyPatch, parsePatch, touchedPaths } from "./prepare/patch.js";
import type { BaseKind, RunBase } from "./prepare/run-base.js";
import { parseCheckOutput } from "./prepare/syntax.js";
import { newResult } from "./schemas/report.js";
import { BASE_DIR } from "./sandbox/base-image.js";
import { type JudgingEngine, RUN_LABEL, type SandboxFile } from "./sandbox/engine.js";
import { InputError } from "./settings/input-error.js";
import type { Settings } from "./settings/settings.js";

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
}

interface Verdict {
  status: Status;
  language: Language | null;
  facts?: RunFacts;
  syntax?: SyntaxInfo;
  reason?: string;
  patch?: PatchInfo;
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
  return {
    language,
    // With a run image holding the start, only what the candidate changes travels.
    files: [...(start ? changes : final).values()],
    checks: [...checks].map(([lang, files]) => ({ language: lang, files })),
    patch,
    ...(start && { start, deleted }),
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

async function runPrepared(prepared: Prepared, candidate: Candidate, ctx: RunContext): Promise<Verdict> {
  const { settings } = ctx;
  const { language, checks } = prepared;
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
  const facts = await ctx.engine.run({
    image: made?.image ?? image,
    files: prepared.files,
    check: checkFiles(checks),
    command: candidate.overrides?.command || settings.run.command || LANGUAGES[language].command,
    limits: {
      ...settings.limits,
      // A candidate may bring its own timeout; a patch runs its repository's suite, which starts more processes.
      timeoutMs: candidate.overrides?.timeoutMs ?? settings.limits.timeoutMs,
      pidsLimit: prepared.patch ? settings.run.patchPidsLimit : settings.limits.pidsLimit,
    },
    labels: { [RUN_LABEL]: ctx.runId },
    ...(made && { base: BASE_DIR, deleted: prepared.deleted ?? [] }),
  });
  const status = classify(facts);
  const verdict: Verdict = { status, language, facts };
  if (facts.sandboxError) verdict.reason = facts.sandboxError;
  if (status === "syntax_error") verdict.syntax = syntaxOf(checks, facts);
  if (status === "sandbox_error" && !facts.sandboxError)
    verdict.reason = `the sandbox stopped before the test command ran: ${facts.checkOutput.trim() || "no message"}`;
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
    }),
    syntax: verdict.syntax,
    changed_files: verdict.patch?.changedFiles,
    patch_strategy: verdict.patch?.strategy,
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
