// The bundled CLI (`node dist/cli.js`) as a child process, the way a user or a nightly job runs it.
import { type ChildProcess, spawn } from "node:child_process";
import { resolve } from "node:path";

const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

export interface CliProcess {
  child: ChildProcess;
  output: { stdout: string; stderr: string };
  /** The exit code, null when a signal ended it. */
  exit: Promise<number | null>;
}

export function startCli(
  args: string[],
  options: { env?: Record<string, string>; nodeArgs?: string[]; cwd?: string } = {},
): CliProcess {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), CLI, "run", ...args], {
    env: { ...process.env, ...options.env },
    cwd: options.cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output = { stdout: "", stderr: "" };
  child.stdout.on("data", (d: Buffer) => (output.stdout += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output.stderr += d.toString()));
  const exit = new Promise<number | null>((done) => child.once("close", (code) => done(code)));
  return { child, output, exit };
}

/** `--name value` pairs for the CLI. */
export function flags(inputs: Record<string, string>): string[] {
  return Object.entries(inputs).flatMap(([name, value]) => [`--${name}`, value]);
}
