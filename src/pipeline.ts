// One candidate through the four phases: extract → parse check → run with a timeout → isolation,
// then classification and feedback. The engine and the image gate are passed in, so this is tested without Docker.
import { classify } from "./classify.js";
import { feedbackFor } from "./feedback.js";
import { LANGUAGES, languageOfPath } from "./languages.js";
import type { Candidate, Language, Result, RunFacts, Status, SyntaxInfo } from "./model.js";
import { extractCode } from "./prepare/extract.js";
import { parseCheckOutput } from "./prepare/syntax.js";
import { RUN_LABEL, type ContainerEngine, type SandboxFile } from "./sandbox/engine.js";
import type { Settings } from "./settings.js";

export interface RunContext {
  settings: Settings;
  engine: ContainerEngine;
  /** The `tests` files, shared by every candidate. */
  testFiles: SandboxFile[];
  runId: string;
  /** Resolves when `image` is ready; the reason when it cannot be (pull failed, missing with pull: never). */
  prepareImage: (image: string) => Promise<string | undefined>;
}

interface Verdict {
  status: Status;
  language: Language | null;
  facts?: RunFacts;
  syntax?: SyntaxInfo;
  reason?: string;
}

export function imageFor(settings: Settings, language: Language): string {
  return settings.image || LANGUAGES[language].image;
}

/** The language when a setting or a file name says it; otherwise the reply's fence decides. */
function declaredLanguage(candidate: Candidate, settings: Settings): Language | undefined {
  const target = candidate.overrides?.target || settings.target;
  return (
    candidate.overrides?.language ??
    (settings.language === "auto" ? undefined : settings.language) ??
    (target ? languageOfPath(target) : undefined)
  );
}

function languageOfFiles(files: SandboxFile[]): Language | undefined {
  for (const file of files) {
    const language = languageOfPath(file.path);
    if (language) return language;
  }
  return undefined;
}

async function judgeReply(candidate: Candidate, ctx: RunContext): Promise<Verdict> {
  const { settings } = ctx;
  const declared = declaredLanguage(candidate, settings);
  const extraction = extractCode(candidate.text, declared ?? "auto");
  if (extraction.kind === "none") return { status: "no_code", language: declared ?? null, reason: extraction.reason };
  const extraFiles = Object.entries(candidate.files ?? {}).map(([path, content]) => ({ path, content }));
  const language = declared ?? extraction.language ?? languageOfFiles([...extraFiles, ...ctx.testFiles]);
  if (!language) {
    return { status: "no_code", language: null, reason: "the language could not be told from the fence, the target or the tests; set the 'language' input" };
  }
  const preset = LANGUAGES[language];
  const image = imageFor(settings, language);
  const imageProblem = await ctx.prepareImage(image);
  if (imageProblem) return { status: "sandbox_error", language, reason: imageProblem };
  const target = candidate.overrides?.target || settings.target || preset.target;
  const facts = await ctx.engine.run({
    image,
    // The candidate's own files come last so its target wins over a test file of the same name.
    files: [...ctx.testFiles, ...extraFiles, { path: target, content: extraction.code }],
    check: preset.check(target),
    command: candidate.overrides?.command || settings.command || preset.command,
    limits: {
      timeoutMs: candidate.overrides?.timeoutMs ?? settings.timeoutMs,
      memoryBytes: settings.memoryBytes,
      cpus: settings.cpus,
      pidsLimit: settings.pidsLimit,
      maxOutputBytes: settings.maxOutputBytes,
      workdirBytes: settings.tmpfsBytes,
      runtime: settings.runtime,
    },
    labels: { [RUN_LABEL]: ctx.runId },
  });
  const status = classify(facts);
  const verdict: Verdict = { status, language, facts, reason: facts.sandboxError };
  if (status === "syntax_error") verdict.syntax = parseCheckOutput(language, facts.checkOutput, target);
  if (status === "sandbox_error" && !facts.sandboxError) verdict.reason = `the sandbox stopped before the test command ran: ${facts.checkOutput.trim() || "no message"}`;
  return verdict;
}

function toResult(candidate: Candidate, verdict: Verdict, ctx: RunContext): Result {
  const facts = verdict.facts;
  const stdout = facts?.stdout ?? { text: "", truncated: false, bytes: 0 };
  const stderr = facts?.stderr ?? { text: "", truncated: false, bytes: 0 };
  const exitCode = facts?.exitCode ?? null;
  // A kill by our own timeout or by the OOM killer is not the candidate's crash signal.
  const signal = verdict.status === "test_failed" ? (facts?.signal ?? null) : null;
  const truncated = { stdout: stdout.truncated, stderr: stderr.truncated };
  const result: Result = {
    id: candidate.id,
    source: candidate.source,
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
      timeoutMs: candidate.overrides?.timeoutMs ?? ctx.settings.timeoutMs,
      memoryBytes: ctx.settings.memoryBytes,
      ...(verdict.syntax ? { syntax: verdict.syntax } : {}),
      ...(verdict.reason ? { reason: verdict.reason } : {}),
    }),
  };
  if (candidate.url) result.url = candidate.url;
  if (candidate.author) result.author = candidate.author;
  if (verdict.syntax) result.syntax = verdict.syntax;
  return result;
}

/** Judges one candidate. Never throws: an unexpected error of ours becomes `sandbox_error`. */
export async function judgeCandidate(candidate: Candidate, ctx: RunContext): Promise<Result> {
  let verdict: Verdict;
  try {
    verdict = await judgeReply(candidate, ctx);
  } catch (error) {
    verdict = { status: "sandbox_error", language: null, reason: `internal error: ${(error as Error).message}` };
  }
  return toResult(candidate, verdict, ctx);
}

/** Runs `work` over `items` with at most `limit` at once; results keep the input order. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
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
