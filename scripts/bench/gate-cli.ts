// One run of the gate's CLI in this process, as a user runs `sandbox-gate run`, timed: what the bench's
// figures that drive the CLI share (swe.ts, setup-inputs.ts, services.ts). The wall time and the machine's
// CPU are read around the CLI's whole run: run images, set-ups, services and candidates alike.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { runCli } from "../../src/cli/commands.js";
import type { Report } from "../../src/core/schemas/report.js";
import { machineCpuSeconds } from "./host.js";

export interface CliRun {
  wallMs: number;
  /** The machine's busy CPU over the run (docker's and the kernel's included). */
  cpuSeconds: number;
  report: Report;
  /** What the CLI wrote to stderr, line by line: its log. */
  log: string[];
}

/**
 * `sandbox-gate run --report <report> ...args` from `cwd`. Throws, with the log's end, when the CLI ends
 * with more than 1 (bad input or our failure): a figure of a run that did not judge is no figure.
 */
export async function cliRun(args: readonly string[], cwd: string, report: string): Promise<CliRun> {
  const log: string[] = [];
  const cpu = machineCpuSeconds();
  const started = performance.now();
  const code = await runCli(["run", "--report", report, ...args], {
    stdout: { write: () => true },
    stderr: { write: (text: string) => log.push(text) },
    env: { ...process.env, NO_COLOR: "1" },
    cwd,
  });
  const wallMs = performance.now() - started;
  const cpuSeconds = machineCpuSeconds() - cpu;
  if (code > 1) throw new Error(`the gate ended ${code}:\n${log.join("").slice(-3000)}`);
  return {
    wallMs,
    cpuSeconds,
    report: JSON.parse(readFileSync(report, "utf8")) as Report,
    log: log.join("").split("\n"),
  };
}

/** A candidate file's id as the bench names it: the CLI's id (the file's path) less its directory and extension. */
export const candidateName = (id: string) => id.replace(/^.*\/|\.(patch|md)$/g, "");

/**
 * What is wrong with a run's verdicts against the ones its candidates must get, one line each: a verdict that
 * differs, a candidate with none, a result for a candidate not asked for. Empty when all are right.
 */
export function wrongVerdicts(
  want: ReadonlyMap<string, string>,
  results: ReadonlyArray<{ id: string; status: string }>,
): string[] {
  const got = new Map(results.map((r) => [candidateName(r.id), r.status]));
  return [
    ...[...want].flatMap(([name, status]) =>
      got.get(name) === status ? [] : [`${name}: ${got.get(name) ?? "no result"}, must be ${status}`],
    ),
    ...[...got.keys()].filter((name) => !want.has(name)).map((name) => `${name}: a result for no such candidate`),
  ];
}
