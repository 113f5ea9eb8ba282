// SWE-bench-style tasks on a real repository's history, through the bundled CLI as a user runs it: six
// fixes cut from boltons (scripts/fixtures/cut-swe-tasks.py), each task at its own base commit of a git
// repository (the fixture bundle, cloned as the workdir), the task's test_patch applied after the
// candidate's patch, and the verdict from FAIL_TO_PASS / PASS_TO_PASS. The expected verdicts come from a
// plain `docker run` of pytest, never from the gate: the gate must agree on every line and every listed
// test, and a patch that fixes nothing must not pass (it did under `compare: base`, issue 20).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { Result } from "../../src/core/schemas/report.js";
import { tempDir } from "../support/temp.js";
import { gate } from "./checkout.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const FIXTURES = resolve(import.meta.dirname, "../fixtures");
const BUNDLE = join(FIXTURES, "boltons-tasks.bundle");
const TASKS = join(FIXTURES, "boltons-tasks.jsonl");

type Resolved = "full" | "partial" | "no";
interface Expected {
  image: string;
  tasks: Record<string, { base_commit: string; fail_to_pass: string[]; pass_to_pass: string[] }>;
  candidates: Record<string, { task: string; resolved: Resolved; tests: Record<string, string> }>;
}
const EXPECTED = JSON.parse(readFileSync(join(FIXTURES, "boltons-expected.json"), "utf8")) as Expected;
const LINES = readFileSync(TASKS, "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line) as { id: string; task: string; base_commit: string; command: string });

/** The fixture history as a fresh clone: the workdir, whose commits are the tasks' bases. */
function cloneFixture(): string {
  const dir = join(tempDir("swe"), "boltons");
  execFileSync("git", ["clone", "-q", BUNDLE, dir]);
  return dir;
}

const flags = [
  "--image",
  PYTHON_DEV_IMAGE,
  "--test-results",
  "results/junit.xml",
  // A listutils run builds a 100 000-item list four times: seconds on a loaded machine.
  "--timeout",
  "60s",
  "--max-candidates",
  "50",
];

/** Each listed test's outcome in the gate's result, as the harness writes it (`missing` when absent). */
function outcomes(result: Result, ids: string[]): Record<string, string> {
  const cases = new Map((result.tests?.cases ?? []).map((c) => [c.id, c.status]));
  return Object.fromEntries(ids.map((id) => [id, cases.get(id) ?? "missing"]));
}

describe("SWE-bench-style tasks on boltons' history", () => {
  it("agrees with a plain docker run of pytest on every line and every listed test", async () => {
    expect(EXPECTED.image).toBe(PYTHON_DEV_IMAGE);
    const { results, report, exitCode, stderr, leftImages } = await gate(cloneFixture(), [TASKS], flags);
    expect(results.size).toBe(LINES.length);
    for (const [id, want] of Object.entries(EXPECTED.candidates)) {
      const result = results.get(id);
      expect(result, id).toBeDefined();
      const task = EXPECTED.tasks[want.task]!;
      expect({ id, resolved: result!.resolved }, result!.feedback).toEqual({ id, resolved: want.resolved });
      expect({ id, pass: result!.status === "pass" }).toEqual({ id, pass: want.resolved === "full" });
      expect(outcomes(result!, Object.keys(want.tests)), id).toEqual(want.tests);
      expect(Object.keys(want.tests).sort(), id).toEqual([...task.fail_to_pass, ...task.pass_to_pass].sort());
    }
    // What each kind of candidate must come to, whatever the harness said.
    const kinds: Record<string, Resolved> = { gold: "full", null: "no", breaking: "no", partial: "partial" };
    for (const line of LINES) {
      const kind = line.id.slice(line.task.length + 1);
      expect({ id: line.id, resolved: results.get(line.id)!.resolved }).toEqual({ id: line.id, resolved: kinds[kind] });
    }
    expect(report.summary.by_status.pass).toBe(Object.values(EXPECTED.tasks).length);
    // No run image: each commit's few candidates get boltons' small tree streamed (commits.ts, treeDelivery).
    expect(stderr).not.toMatch(/^run image from /m);
    expect(exitCode).toBe(1);
    expect(leftImages).toBe("");
  }, 600_000);

  it("runs setup once per base commit, shared by every candidate of that commit", async () => {
    // Three tasks on two commits (boltons-c1c25da and boltons-eb65901 share their base). The setup
    // compiles the package and leaves a stamp no two runs of it share; each candidate prints the stamp
    // it started from.
    const picked = LINES.filter((l) => ["boltons-c1c25da", "boltons-eb65901", "boltons-ec1ff9f"].includes(l.task));
    const dir = cloneFixture();
    const dataset = join(dir, "..", "picked.jsonl");
    writeFileSync(
      dataset,
      picked.map((l) => `${JSON.stringify({ ...l, command: `cat .setup-stamp && ${l.command}` })}\n`).join(""),
    );
    const setup =
      "python3 -m compileall -q boltons && python3 -c 'import uuid; print(uuid.uuid4().hex)' > .setup-stamp";
    const { results, stderr, leftImages } = await gate(dir, [dataset], [...flags, "--setup", setup]);
    const stamps = new Map<string, Set<string>>();
    for (const line of picked) {
      const result = results.get(line.id)!;
      expect({ id: line.id, resolved: result.resolved }).toEqual({
        id: line.id,
        resolved: EXPECTED.candidates[line.id]!.resolved,
      });
      const stamp = /^[0-9a-f]{32}$/m.exec(result.stdout)?.[0];
      expect(stamp, `${line.id}: ${result.stdout.slice(0, 200)}`).toBeDefined();
      stamps.set(line.base_commit, (stamps.get(line.base_commit) ?? new Set()).add(stamp!));
    }
    expect(stamps.size).toBe(2);
    for (const [commit, seen] of stamps) expect([...seen], commit).toHaveLength(1);
    expect(new Set([...stamps.values()].flatMap((s) => [...s])).size).toBe(2);
    // The log says it too: one setup per commit.
    expect(stderr.match(/^setup on .* took /gm), stderr).toHaveLength(2);
    expect(leftImages).toBe("");
  }, 600_000);
});
