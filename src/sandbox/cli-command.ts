// One CLI command of the engine's (docker or podman), argv only, with a deadline: what the CLI engine and
// the base image's build run besides `run`.
import { spawn } from "node:child_process";
import { StreamCapture } from "./capture.js";
import { engineMessage } from "./engines/base.js";

/** Output kept from the CLI's own commands (inspect, ps, pull, a setup's output). */
const CLI_OUTPUT_BYTES = 1024 * 1024;
/** The longest a short CLI command (inspect, kill, rm, ps) may take unless told otherwise. */
const CLI_CALL_TIMEOUT_MS = 60_000;

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  error?: Error;
  /** Killed at its deadline (`error` says so too). */
  timedOut?: true;
}

export interface CliOptions {
  timeoutMs?: number;
  /** Written to the command's stdin (a tar for `cp -`). */
  input?: Uint8Array;
  maxOutputBytes?: number;
}

/**
 * One short CLI command, argv only, killed after `timeoutMs`; never rejects. An engine that hangs on one
 * container (seen with gVisor: `inspect` and `rm -f` of a wedged container never return) must not hang
 * the run: a command past its time is a failure like any other.
 */
export function cli(binary: string, args: string[], options: CliOptions = {}): Promise<CliResult> {
  const { timeoutMs = CLI_CALL_TIMEOUT_MS, input, maxOutputBytes = CLI_OUTPUT_BYTES } = options;
  return new Promise((resolve) => {
    const stdout = new StreamCapture(maxOutputBytes);
    const stderr = new StreamCapture(maxOutputBytes);
    const child = spawn(binary, args, { stdio: [input ? "pipe" : "ignore", "pipe", "pipe"] });
    // Our own deadline, not spawn's `timeout`: Node keeps that timer after a spawn that fails (no such
    // binary), so a machine without docker waited a minute for nothing before the CLI could exit.
    let late = false;
    const deadline = setTimeout(() => {
      late = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    if (input) {
      // A command that ends before reading all of it says so in its exit, not here.
      child.stdin!.on("error", () => {});
      child.stdin!.end(input);
    }
    child.stdout!.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr!.on("data", (chunk: Buffer) => stderr.push(chunk));
    const result = (code: number | null, error?: Error, timedOut?: true): CliResult => ({
      code,
      stdout: stdout.result().text,
      stderr: stderr.result().text,
      ...(error ? { error } : {}),
      ...(timedOut ? { timedOut } : {}),
    });
    child.on("error", (error) => {
      clearTimeout(deadline);
      resolve(result(null, error));
    });
    child.on("close", (code, signal) => {
      clearTimeout(deadline);
      const timedOut = late && code === null && signal === "SIGKILL";
      if (!timedOut) return resolve(result(code));
      resolve(result(code, new Error(`${binary} ${args[0]} did not answer within ${timeoutMs / 1000} s`), true));
    });
  });
}

/** The engine's own complaint, or how the command failed. */
export function describeFailure(result: CliResult): string {
  return engineMessage(result.stderr) || result.error?.message || `exit code ${result.code}`;
}
