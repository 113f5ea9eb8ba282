// `sandbox-gate run [--input value]... FILE...`: the action's engine from a terminal or a nightly job;
// `sandbox-gate merge [--flag value]... REPORT...`: shard reports into one report and one decision.
// Exit 0 when nothing fails the gate, 1 when something does, 2 on bad usage or bad input.
import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { candidatesFromFiles } from "./candidates/files.js";
import type { Match } from "./candidates/glob.js";
import { renderEvaluationText } from "./report/evaluation.js";
import { renderTable } from "./report/table.js";
import { runSession, type Work } from "./session.js";
import { InputError } from "./settings/input-error.js";
import { DEFAULTS, readSettings, type InputName, type Settings } from "./settings/settings.js";

/** Inputs of the action alone: the pull request's conversation and the commenter. The CLI has none of them. */
const ACTION_ONLY = ["merge", "decide", "rejudge", "comment-key", "post-report", "matrix"];

/** The inputs `merge` reads: what shapes the report and the decision, nothing about running. */
const MERGE_FLAGS = ["report", "junit", "baseline", "fail-on", "workdir"] as const;

const USAGE = `usage: sandbox-gate run [--INPUT VALUE]... FILE...
       sandbox-gate merge [--FLAG VALUE]... REPORT...

run: FILEs are replies (.md, .txt), patches (.patch, .diff) or datasets (.jsonl).
INPUTs are the action's inputs: ${Object.keys(DEFAULTS)
  .filter((n) => !["source", "files", "comment", "authors", "github-token", ...ACTION_ONLY].includes(n))
  .map((n) => `--${n}`)
  .join(" ")}

merge: REPORTs are JSON reports of shard runs (--shard i/n); one merged report, summary and decision.
FLAGs: ${MERGE_FLAGS.map((n) => `--${n}`).join(" ")}`;

class UsageError extends Error {}

const log = (line: string): void => void process.stderr.write(`${line}\n`);

async function main(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === "--help" || verb === "-h" || verb === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (verb === "merge") return merge(rest);
  if (verb !== "run") throw new UsageError(verb ? `unknown command '${verb}'` : "missing command 'run'");
  const options = Object.fromEntries(
    Object.keys(DEFAULTS)
      .filter((name) => !ACTION_ONLY.includes(name))
      .map((name) => [name, { type: "string" as const }]),
  );
  const parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  if (parsed.positionals.length === 0) throw new UsageError("no FILE given");
  const flags = parsed.values as Partial<Record<InputName, string>>;
  // FILEs are the CLI's `files`: no comment to post, nothing to glob (the shell did that).
  const fixed: Partial<Record<InputName, string>> = {
    source: "files",
    comment: "false",
    files: parsed.positionals.join("\n"),
    merge: "",
  };
  const settings = readSettings((name) => fixed[name] ?? flags[name] ?? "", { defaultWorkdir: process.cwd() });
  const matches = await readableFiles(parsed.positionals, "FILE");
  return finish(
    settings,
    { kind: "judge", entries: async () => candidatesFromFiles(matches) },
    `cli-${randomBytes(6).toString("hex")}`,
  );
}

async function merge(args: string[]): Promise<number> {
  const options = Object.fromEntries(MERGE_FLAGS.map((name) => [name, { type: "string" as const }]));
  const parsed = parseArgs({ args, options, allowPositionals: true, strict: true });
  if (parsed.positionals.length === 0) throw new UsageError("no REPORT given");
  const flags = parsed.values as Partial<Record<InputName, string>>;
  const settings = readSettings((name) => flags[name] ?? "", { defaultWorkdir: process.cwd() });
  const reports = await readableFiles(parsed.positionals, "REPORT");
  return finish(
    settings,
    { kind: "merge", reports: async () => reports, input: "REPORT" },
    `cli-merge-${randomBytes(6).toString("hex")}`,
  );
}

/** The run; then the table, the evaluation figures and the decision; the exit code. */
async function finish(settings: Settings, work: Work, runId: string): Promise<number> {
  const outcome = await runSession(settings, work, runId, { log, warn: log });
  process.stdout.write(`${renderTable(outcome)}\n`);
  log(renderEvaluationText(outcome.evaluation));
  log(outcome.decision.reason);
  return outcome.decision.failed ? 1 : 0;
}

async function readableFiles(paths: string[], what: string): Promise<Match[]> {
  return Promise.all(
    paths.map(async (path) => {
      const absolute = resolve(path);
      const info = await stat(absolute).catch(() => undefined);
      if (!info?.isFile()) throw new InputError(what, `'${path}' is not a readable file`);
      return { absolute, relative: path };
    }),
  );
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    const known =
      error instanceof InputError ||
      error instanceof UsageError ||
      (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`sandbox-gate: ${(error as Error).message}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    process.exitCode = known ? 2 : 1;
  },
);
