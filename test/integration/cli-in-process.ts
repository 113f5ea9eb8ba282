// `sandbox-gate run` from the sources, in the test's own process, as a user runs it: for the integration tests
// of what the bundled CLI (checkout.ts, dist/) does not hold yet. Whatever the run made, it must have removed.
import { expect } from "vitest";
import { runCli, type CliIO } from "../../src/cli/commands.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { docker } from "./support.js";

class Sink {
  text = "";
  write(text: string): boolean {
    this.text += text;
    return true;
  }
}

/** `sandbox-gate run ...args` from `cwd`: its exit code, its log and its run's label value. */
export async function cliInProcess(
  cwd: string,
  args: string[],
): Promise<{ code: number; stderr: string; runId: string }> {
  const stderr = new Sink();
  const io: CliIO = { stdout: new Sink(), stderr, env: {}, cwd };
  const code = await runCli(["run", ...args], io);
  const runId = new RegExp(`label ${RUN_LABEL}=(\\S+)`).exec(stderr.text)?.[1];
  expect(runId, stderr.text).toBeDefined();
  expect(docker("images", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.ID}}")).toBe("");
  return { code, stderr: stderr.text, runId: runId! };
}
