// `sandbox-gate run|merge|import`: the command line read (options.ts), the run session the action has, and
// what the user asked to see: results on stdout, progress on stderr, an exit code that says whose fault
// a failure is.
import { randomBytes } from "node:crypto";
import packageJson from "../../package.json" with { type: "json" };
import { candidateSource } from "../candidates/sources.js";
import { renderEvaluationText } from "../report/evaluation.js";
import { junitOf, reportOf } from "../report/write-reports.js";
import { renderShortSummary } from "../report/short-summary.js";
import { renderTable } from "../report/table.js";
import { runSession, type SessionIO, type SessionOutcome, type Work } from "../run/run.js";
import { InputError } from "../core/errors.js";
import { readSettings, type InputName, type Settings } from "../settings/settings.js";
import { causeOfSandboxError } from "../verdict/feedback.js";
import { argumentFiles } from "./argument-files.js";
import { CancelWatch } from "./cancel.js";
import { TOP_HELP, helpOf, usageOf } from "./help.js";
import { runImport } from "./import.js";
import {
  UsageError,
  cliDefault,
  exitCodeOf,
  exitCodeOfError,
  outputPlan,
  parseCommandLine,
  pathsFrom,
  type Command,
  type Format,
} from "./options.js";
import { oursLines } from "./ours.js";
import { colourWanted, painter, toneOf, type Paint } from "./style.js";

interface Stream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export interface CliIO {
  stdout: Stream;
  stderr: Stream;
  env: Readonly<Record<string, string | undefined>>;
  cwd: string;
}

export async function runCli(argv: readonly string[], io: CliIO): Promise<number> {
  const errPaint = painter(colourWanted(io.stderr.isTTY, io.env));
  try {
    const invocation = parseCommandLine(argv);
    if (invocation.kind === "version") io.stdout.write(`${packageJson.version}\n`);
    else if (invocation.kind === "help") io.stdout.write(`${invocation.verb ? helpOf(invocation.verb) : TOP_HELP}\n`);
    else if (invocation.kind === "import") return await runImport(invocation.command, io);
    else return await execute(invocation.command, io, errPaint);
    return 0;
  } catch (error) {
    reportError(error, io.stderr, errPaint);
    return exitCodeOfError(error);
  }
}

/** One line for the user; the usage line after bad usage; a stack only for our own failures. */
export function reportError(error: unknown, stderr: Stream, paint: Paint): void {
  const message =
    error instanceof InputError ? error.in("cli").message : error instanceof Error ? error.message : String(error);
  stderr.write(`${paint("bad", "sandbox-gate:")} ${message}\n`);
  if (error instanceof UsageError) {
    stderr.write(`${usageOf(error.verb)}\n(sandbox-gate ${error.verb ? `${error.verb} ` : ""}--help says more)\n`);
  } else if (exitCodeOfError(error) === 3 && error instanceof Error && error.stack) {
    // Not the user's to fix: what we need to fix it.
    stderr.write(`internal error; please report it with this trace:\n${error.stack}\n`);
  }
}

async function execute(command: Command, io: CliIO, errPaint: Paint): Promise<number> {
  const plan = outputPlan(command);
  const warn = (line: string) => void io.stderr.write(`${line}\n`);
  // Said at once, whatever --quiet: the exit code that follows is the cancel's, not a verdict.
  const cancel = new CancelWatch((line) => warn(errPaint("bad", `sandbox-gate: ${line}`)));
  // Once cancelled, the candidates the cancel stops are no progress to report.
  const log = (line: string) => {
    if (!command.quiet && !cancel.signal) warn(line);
  };
  let ran: { outcome: SessionOutcome; settings: Settings };
  try {
    ran = await session(command, plan, io, { log, warn, judged: cancel.judged });
  } catch (error) {
    // What a cancel broke on its way out is no failure of ours to report.
    if (cancel.exitCode !== undefined) return cancel.exitCode;
    throw error;
  } finally {
    cancel.dispose();
  }
  if (cancel.exitCode !== undefined) return cancel.exitCode;
  const { outcome, settings } = ran;
  const paint = painter(colourWanted(io.stdout.isTTY, io.env));
  // Each stream in its own colours: stdout's and stderr's may differ.
  const short = (tone: Paint) =>
    renderShortSummary(outcome.results, {
      failOn: settings.reports.failOn,
      causeOfOurs: causeOfSandboxError,
      paint: tableCell(tone),
    });
  const total = (tone: Paint) => tone(outcome.decision.failed ? "bad" : "good", outcome.decision.reason);
  if (plan.stdout !== "table") io.stdout.write(stdoutText(plan.stdout, outcome, settings));
  // --quiet's table is the failures in short and the total; otherwise the failures follow the table.
  else if (command.quiet) io.stdout.write([...short(paint), total(paint)].map((line) => `${line}\n`).join(""));
  else io.stdout.write(`${[renderTable(outcome, tableCell(paint)), ...shortSection(short(paint))].join("\n")}\n`);
  const code = exitCodeOf(outcome, settings.reports.failOn);
  if (!command.quiet) {
    if (outcome.skipped.length > 0 && plan.stdout !== "table")
      log(`${outcome.skipped.length} candidate(s) skipped, not run: ${outcome.skipped[0]!.reason}`);
    log(renderEvaluationText(outcome.evaluation));
    // Beside a report on stdout, the failures in short end the summary instead.
    if (plan.stdout !== "table") for (const line of shortSection(short(errPaint))) log(line);
    log(total(errPaint));
  }
  // Said once, whatever --quiet: the cause is why exit 3 is not the candidates' doing.
  if (code === 3) for (const line of oursLines(outcome.results)) warn(errPaint("ours", `sandbox-gate: ${line}`));
  return code;
}

/** The failures in short under a heading, after what comes before them; nothing when nothing failed. */
function shortSection(lines: string[]): string[] {
  return lines.length === 0 ? [] : ["", "failed the gate:", ...lines];
}

/** The run (or the merge) a command asks for, with the CLI's defaults: its outcome and the settings it ran with. */
async function session(
  command: Command,
  plan: ReturnType<typeof outputPlan>,
  io: CliIO,
  sessionIO: Pick<SessionIO, "log" | "warn" | "judged">,
): Promise<{ outcome: SessionOutcome; settings: Settings }> {
  const given = pathsFrom(io.cwd, plan.inputs) as Partial<Record<InputName, string>>;
  let settings: Settings;
  let work: Work;
  if (command.verb === "run") {
    // FILEs are the CLI's `files`: no comment to post, nothing to glob (the shell did that).
    const fixed: Partial<Record<InputName, string>> = {
      source: "files",
      comment: "false",
      files: command.paths.join("\n"),
    };
    settings = readSettings((name) => fixed[name] ?? given[name] ?? cliDefault(name) ?? "", {
      defaultWorkdir: io.cwd,
    });
    const matches = await argumentFiles(command.paths, "FILE", io.cwd);
    const source = candidateSource(settings.source, { files: async () => matches, filesInput: "FILE" });
    work = { kind: "judge", entries: () => source.entries() };
  } else {
    settings = readSettings((name) => given[name] ?? "", { defaultWorkdir: io.cwd });
    const reports = await argumentFiles(command.paths, "REPORT", io.cwd);
    work = { kind: "merge", reports: async () => reports, input: "REPORT" };
  }
  const runId = `cli-${command.verb === "merge" ? "merge-" : ""}${randomBytes(6).toString("hex")}`;
  // The audit lines are for --audit-log's file, not for a person reading stderr (the action, likewise,
  // logs them in debug mode only).
  const outcome = await runSession(settings, work, runId, { ...sessionIO, audit: () => {} });
  return { outcome, settings };
}

/** The table's status cells in the colours of their tone. */
function tableCell(paint: Paint): (status: string, cell: string) => string {
  return (status, cell) => paint(toneOf(status as Parameters<typeof toneOf>[0]), cell);
}

/** What stdout gets for a report format: the JSON report, its results one a line, or JUnit XML. */
function stdoutText(kind: Exclude<Format, "table"> | "junit", outcome: SessionOutcome, settings: Settings): string {
  switch (kind) {
    case "json":
      return `${JSON.stringify(reportOf(settings, outcome), null, 2)}\n`;
    case "jsonl":
      return reportOf(settings, outcome)
        .results.map((result) => `${JSON.stringify(result)}\n`)
        .join("");
    case "junit":
      return junitOf(settings, outcome);
  }
}
