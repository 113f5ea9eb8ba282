// A fixture repository as a workflow's checkout, and the bundled CLI run over it as a user runs it:
// what the tests of real repositories (repository.test.ts, test-results.test.ts) share.
import { execFile } from "node:child_process";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import type { Report, Result } from "../../src/core/schemas/report.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { commitCopy } from "../support/fixture-repo.js";
import { readValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { docker } from "./support.js";

const CLI = resolve(import.meta.dirname, "../../dist/cli.js");

/**
 * A copy of the fixture repository at `source`, with `extra` files (path → content) added, as a git
 * checkout of one commit, as a workflow's checkout is.
 */
export function checkout(source: string, extra: Record<string, string> = {}): string {
  return commitCopy(source, join(tempDir("repository"), "repo"), extra);
}

export interface Gated {
  /** By candidate id, less its directory and `.patch`. */
  results: Map<string, Result>;
  report: Report;
  exitCode: number;
  stderr: string;
  /** The images this run left behind (its own label only: other test files run the CLI meanwhile). */
  leftImages: string;
}

/**
 * The bundled CLI over `candidates` (paths), from the checkout, as a user runs it; under `wrapper`
 * (argv before node's, such as /usr/bin/time's) when given.
 */
export async function gate(
  workdir: string,
  candidates: string[],
  flags: string[],
  wrapper: string[] = [],
): Promise<Gated> {
  const reportPath = join(workdir, "..", "report.json");
  const args = [CLI, "run", "--pull", "never", "--timeout", "10s", "--report", reportPath, ...flags, ...candidates];
  const [file, ...argv] = [...wrapper, process.execPath, ...args];
  const { exitCode, stderr } = await promisify(execFile)(file!, argv, { cwd: workdir }).then(
    ({ stderr }) => ({ exitCode: 0, stderr }),
    (error: { code: number; stderr: string }) => ({ exitCode: error.code, stderr: error.stderr }),
  );
  const report = readValidReport(reportPath);
  const results = new Map(report.results.map((r) => [r.id.replace(/^.*\/|\.(patch|md)$/g, ""), r]));
  const runId = new RegExp(`label ${RUN_LABEL}=(\\S+)`).exec(stderr)?.[1];
  if (!runId) throw new Error(`the CLI named no run label; its stderr:\n${stderr}`);
  const leftImages = docker("images", "--filter", `label=${RUN_LABEL}=${runId}`, "--format", "{{.ID}}");
  return { results, report, exitCode, stderr, leftImages };
}
