// `sandbox-gate run [--input value]... FILE...`: the action's engine from a terminal or a nightly job.
// Exit 0 when nothing fails the gate, 1 when something does, 2 on bad usage or bad input.
import { randomBytes } from "node:crypto";
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { candidatesFromFiles } from "./candidates/files.js";
import { runGate } from "./gate.js";
import { loadTestFiles } from "./prepare/tests.js";
import { writeReports } from "./report/files.js";
import { renderTable } from "./report/table.js";
import { DockerEngine, exitOnSignals } from "./sandbox/docker.js";
import { RUN_LABEL } from "./sandbox/engine.js";
import { DEFAULTS, InputError, readSettings, type InputName } from "./settings.js";

const USAGE = `usage: sandbox-gate run [--INPUT VALUE]... FILE...

FILEs are replies (.md, .txt), patches (.patch, .diff) or datasets (.jsonl).
INPUTs are the action's inputs: ${Object.keys(DEFAULTS)
  .filter((n) => !["source", "files", "comment", "authors", "github-token"].includes(n))
  .map((n) => `--${n}`)
  .join(" ")}`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb === "--help" || verb === "-h" || verb === "help") {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (verb !== "run") throw new UsageError(verb ? `unknown command '${verb}'` : "missing command 'run'");
  const options = Object.fromEntries(Object.keys(DEFAULTS).map((name) => [name, { type: "string" as const }]));
  const parsed = parseArgs({ args: rest, options, allowPositionals: true, strict: true });
  if (parsed.positionals.length === 0) throw new UsageError("no FILE given");
  const flags = parsed.values as Partial<Record<InputName, string>>;
  // FILEs are the CLI's `files`: no comment to post, nothing to glob (the shell did that).
  const fixed: Partial<Record<InputName, string>> = { source: "files", comment: "false", files: parsed.positionals.join("\n") };
  const settings = readSettings((name) => fixed[name] ?? flags[name] ?? "", { defaultWorkdir: process.cwd() });
  const matches = await Promise.all(
    parsed.positionals.map(async (path) => {
      const absolute = resolve(path);
      const info = await stat(absolute).catch(() => undefined);
      if (!info?.isFile()) throw new InputError("FILE", `'${path}' is not a readable file`);
      return { absolute, relative: path };
    }),
  );
  const testFiles = await loadTestFiles(settings.tests, settings.workdir, settings.tmpfsBytes);
  const engine = new DockerEngine();
  const runId = `cli-${randomBytes(6).toString("hex")}`;
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  // A cancelled run (Ctrl-C, a CI job stopped) leaves no container behind.
  exitOnSignals(engine, `${RUN_LABEL}=${runId}`, log);
  try {
    const outcome = await runGate(candidatesFromFiles(matches), { settings, engine, testFiles, runId }, { log });
    process.stdout.write(`${renderTable(outcome)}\n`);
    await writeReports(settings, outcome);
    log(outcome.decision.reason);
    return outcome.decision.failed ? 1 : 0;
  } finally {
    await engine.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    const known = error instanceof InputError || error instanceof UsageError || (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    process.stderr.write(`sandbox-gate: ${(error as Error).message}\n`);
    if (error instanceof UsageError) process.stderr.write(`${USAGE}\n`);
    process.exitCode = known ? 2 : 1;
  },
);
