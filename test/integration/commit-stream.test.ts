// A commit with one candidate, or a few on a tree of ordinary size, gets no run image (issue 32): its tree,
// patched, is streamed into each candidate's own container. On boltons' history (the fixture bundle), one
// line at each of five commits, of every kind (fixed in full, in part, not at all, broken), judged from the
// sources in this process: each beside a twin (the same line under another id), then alone with a `setup`
// (`true`), which keeps a run image per commit. The engine's own events say which run committed a container
// (how a run image is made), the log which run images were made, and the verdicts of both runs must be the
// same, and the plain harness's.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Result } from "../../src/core/schemas/report.js";
import { RUN_LABEL } from "../../src/sandbox/job.js";
import { readValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";
import { cliInProcess } from "./cli-in-process.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures");
const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, "boltons-expected.json"), "utf8")) as {
  candidates: Record<string, { resolved: string }>;
};
const LINES = new Map(
  readFileSync(join(FIXTURES, "boltons-tasks.jsonl"), "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as { id: string; base_commit: string })
    .map((line) => [line.id, line]),
);
/** One line at each of the fixture's five commits. */
const PICKED = [
  "boltons-6cac49c-gold",
  "boltons-766b554-breaking",
  "boltons-25e8d6b-null",
  "boltons-eb65901-partial",
  "boltons-ec1ff9f-gold",
];

/** The commits the engine makes from containers of a run label (any run's) while it is open: run images. */
class CommitEvents {
  readonly #events: ChildProcess;
  #out = "";
  constructor() {
    // --since: the events from just before the run, whatever the time the subscription takes.
    const since = String(Math.floor(Date.now() / 1000) - 1);
    this.#events = spawn("docker", [
      "events",
      "--since",
      since,
      "--filter",
      "type=container",
      "--filter",
      "event=commit",
      "--filter",
      `label=${RUN_LABEL}`,
      "--format",
      `{{index .Actor.Attributes "${RUN_LABEL}"}}`,
    ]);
    this.#events.stdout!.on("data", (chunk: Buffer) => (this.#out += chunk.toString()));
  }
  /** How many containers of `runId` were committed. */
  of(runId: string): number {
    return this.#out.split("\n").filter((line) => line.trim() === runId).length;
  }
  close(): void {
    this.#events.kill();
  }
}

/** What a verdict is, less what differs between two runs of the same thing (times, the id, the output's timings). */
function verdict(result: Result) {
  return {
    language: result.language,
    status: result.status,
    exit_code: result.exit_code,
    signal: result.signal,
    resolved: result.resolved,
    listed: result.listed,
    protected: result.protected,
    tampering: result.tampering,
    changed_files: result.changed_files,
    patch_strategy: result.patch_strategy,
    notes: result.notes,
    cases: result.tests?.cases.map((c) => [c.id, c.status]),
    counts: result.tests?.counts,
  };
}

describe("a commit with a few candidates", () => {
  it("is judged with its tree streamed to each, no run image made, to the verdicts a shared run image gives", async () => {
    const work = tempDir("commit-stream");
    const repo = join(work, "boltons");
    execFileSync("git", ["clone", "-q", join(FIXTURES, "boltons-tasks.bundle"), repo]);
    expect(new Set(PICKED.map((id) => LINES.get(id)!.base_commit)).size).toBe(PICKED.length);
    const alone = join(work, "alone.jsonl");
    const twinned = join(work, "twinned.jsonl");
    writeFileSync(alone, PICKED.map((id) => `${JSON.stringify(LINES.get(id))}\n`).join(""));
    writeFileSync(
      twinned,
      PICKED.flatMap((id) => [LINES.get(id)!, { ...LINES.get(id)!, id: `${id}-twin` }])
        .map((line) => `${JSON.stringify(line)}\n`)
        .join(""),
    );
    const flags = ["--image", PYTHON_DEV_IMAGE, "--pull", "never", "--test-results", "results/junit.xml"];
    flags.push("--timeout", "60s", "--workdir", repo);
    const events = new CommitEvents();
    const run = async (dataset: string, report: string, more: string[] = []) => {
      const { code, stderr, runId } = await cliInProcess(work, [...flags, ...more, "--report", report, dataset]);
      expect(code, stderr).toBe(1);
      const results = readValidReport(join(work, report));
      return { stderr, runId, results: new Map(results.results.map((r) => [r.id, r])) };
    };
    let first: Awaited<ReturnType<typeof run>>;
    let second: Awaited<ReturnType<typeof run>>;
    try {
      first = await run(twinned, "twinned.json");
      // A setup is kept in the run image: the commit's tree is shared by a run image, as it was for any two.
      second = await run(alone, "alone.json", ["--setup", "true"]);
    } finally {
      // The last commit of a run comes long before its end: its candidates run after it.
      events.close();
    }
    // Twinned, two candidates a commit: no run image, by the log and by the engine.
    expect(first.stderr).not.toMatch(/^run image from /m);
    expect(events.of(first.runId)).toBe(0);
    // With a setup: one run image per commit, its setup run once in it.
    expect(second.stderr.match(/^setup on .* took /gm), second.stderr).toHaveLength(PICKED.length);
    expect(events.of(second.runId)).toBe(PICKED.length);
    for (const id of PICKED) {
      const shared = second.results.get(id)!;
      for (const streamed of [first.results.get(id)!, first.results.get(`${id}-twin`)!]) {
        expect({ id, resolved: streamed.resolved }, streamed.feedback).toEqual({
          id,
          resolved: EXPECTED.candidates[id]!.resolved,
        });
        expect(verdict(streamed), id).toEqual(verdict(shared));
      }
    }
  }, 600_000);
});
