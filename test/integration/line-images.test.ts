// Per-line environments on the real engine, through the run the CLI and the action share (runSession): two
// lines of one dataset each in their own image (each image holds a marker the command prints); a line's
// image pulled from a real registry on loopback and removed after its last line, while an image the engine
// had before the run is kept and a line whose image cannot be pulled is our failure, named, the others going
// on; and a line's image_workdir (SWE-bench's /testbed): the candidate runs there, from what the image holds
// there. Every image made here carries the suite's owner label and a label of this file's, and is removed.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ListedEntry, SandboxFile } from "../../src/core/model.js";
import { tarball } from "../../src/core/tar/pack.js";
import { parseDatasetLine } from "../../src/candidates/dataset-lines.js";
import { openSandbox } from "../../src/library.js";
import { runSession, type SessionOutcome } from "../../src/run/run.js";
import { OWNER_ENV, OWNER_LABEL, RUN_LABEL } from "../../src/sandbox/job.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { tempDir } from "../support/temp.js";
import { SMALL_IMAGE, startRegistry, type LocalRegistry } from "./registry.js";
import { TEST_IMAGE, docker } from "./support.js";

const TAG = randomBytes(4).toString("hex");
/** This file's own label on every image it makes: what afterAll removes, whatever a test left. */
const MINE = `io.github.sandbox-gate.test=line-images-${TAG}`;
const made = new Set<string>();

/**
 * An image of `base` with `files` (absolute paths) added, and a host directory's contents at `dir.to`,
 * labelled as the suite's and this file's.
 */
function imageWith(base: string, name: string, files: SandboxFile[], dir?: { from: string; to: string }): string {
  const container = `sg-line-images-${TAG}-${randomBytes(3).toString("hex")}`;
  const owner = process.env[OWNER_ENV];
  docker("create", "--name", container, "--label", MINE, base, "true");
  try {
    execFileSync("docker", ["cp", "-", `${container}:/`], { input: tarball(files), stdio: ["pipe", "ignore", "pipe"] });
    if (dir) docker("cp", `${dir.from}/.`, `${container}:${dir.to}`);
    const labels = [MINE, ...(owner ? [`${OWNER_LABEL}=${owner}`] : [])].flatMap((label) => [
      "--change",
      `LABEL ${label}`,
    ]);
    docker("commit", ...labels, container, name);
  } finally {
    docker("rm", "-f", container);
  }
  made.add(name);
  return name;
}

function present(image: string): boolean {
  try {
    docker("image", "inspect", "--format", "{{.Id}}", image);
    return true;
  } catch {
    return false;
  }
}

async function* listed(lines: string[]): AsyncGenerator<ListedEntry> {
  for (const [n, line] of lines.entries()) yield parseDatasetLine(line, "d.jsonl", n + 1);
}

/** The run of `lines` (objects, one a dataset line) under `inputs`, in process, as the CLI runs a dataset. */
async function run(
  lines: object[],
  inputs: Partial<Record<InputName, string>>,
): Promise<{ outcome: SessionOutcome; log: string[]; runId: string }> {
  const workdir = inputs.workdir ?? tempDir("line-images");
  const settings = readSettings((name) => ({ workdir, ...inputs })[name] ?? "", {
    defaultWorkdir: workdir,
  });
  const log: string[] = [];
  const runId = `line-images-${TAG}-${randomBytes(3).toString("hex")}`;
  const outcome = await runSession(
    settings,
    { kind: "judge", entries: async () => listed(lines.map((line) => JSON.stringify(line))) },
    runId,
    { log: (line) => void log.push(line), warn: (line) => void log.push(`WARN ${line}`) },
  );
  // Nothing of the run is left: no container, no run image.
  expect(docker("ps", "-aq", "--filter", `label=${RUN_LABEL}=${runId}`).trim()).toBe("");
  expect(docker("images", "-q", "--filter", `label=${RUN_LABEL}=${runId}`).trim()).toBe("");
  return { outcome, log, runId };
}

const byId = (outcome: SessionOutcome) => new Map(outcome.results.map((r) => [r.id, r]));

let registry: LocalRegistry | undefined;

beforeAll(async () => {
  registry = await startRegistry();
});

afterAll(async () => {
  for (const image of made)
    try {
      docker("rmi", "-f", image);
    } catch {
      // Already gone: the run removed it, as it should have.
    }
  await registry?.stop();
  expect(docker("images", "-q", "--filter", `label=${MINE}`).trim()).toBe("");
});

describe("lines in their own images", () => {
  it("runs each line in its own image, the line without one in the run's, and keeps images it did not pull", async () => {
    const one = imageWith(TEST_IMAGE, `sandbox-gate-test/line-one-${TAG}:1`, [
      { path: "marker.txt", content: "image one\n" },
    ]);
    const two = imageWith(TEST_IMAGE, `sandbox-gate-test/line-two-${TAG}:1`, [
      { path: "marker.txt", content: "image two\n" },
    ]);
    const code = "```python\nx = 1\n```";
    const { outcome } = await run(
      [
        { id: "one", reply: code, image: one },
        { id: "plain", reply: code },
        { id: "two", reply: code, image: two },
        { id: "one-again", reply: code, image: one },
      ],
      { image: TEST_IMAGE, command: "cat /marker.txt", pull: "missing", concurrency: "2", timeout: "20s" },
    );
    const results = byId(outcome);
    // Input order in the report, whatever order the lines ran in.
    expect(outcome.results.map((r) => r.id)).toEqual(["one", "plain", "two", "one-again"]);
    expect([results.get("one")!.status, results.get("one")!.stdout]).toEqual(["pass", "image one\n"]);
    expect([results.get("two")!.status, results.get("two")!.stdout]).toEqual(["pass", "image two\n"]);
    expect([results.get("one-again")!.status, results.get("one-again")!.stdout]).toEqual(["pass", "image one\n"]);
    // The run's image has no marker: the line without an image of its own ran there.
    expect(results.get("plain")!.status).toBe("test_failed");
    expect(results.get("plain")!.stderr).toMatch(/marker\.txt/);
    // The engine had both before the run: they are the user's and stay.
    expect([present(one), present(two), present(TEST_IMAGE)]).toEqual([true, true, true]);
  });

  it("pulls a line's image from a registry ahead of it and removes it after its last line; keeps the user's", async () => {
    const host = registry!.host;
    const marked = (name: string, text: string) =>
      imageWith(SMALL_IMAGE, `${host}/sandbox-gate/${name}-${TAG}:1`, [{ path: "marker.txt", content: text }]);
    const pulled = marked("pulled", "pulled from the registry\n");
    const kept = marked("kept", "kept by the user\n");
    docker("push", "--quiet", pulled);
    docker("push", "--quiet", kept);
    // Only in the registry now: the run must pull it. The other stays, as an image the user already had.
    docker("rmi", pulled);
    const digest = docker("image", "inspect", kept, "--format", "{{index .RepoDigests 0}}").trim();
    made.add(digest);
    const gone = `${host}/sandbox-gate/never-pushed-${TAG}:1`;
    const repo = join(tempDir("line-images-repo"), "repo");
    execFileSync("mkdir", ["-p", repo]);
    writeFileSync(join(repo, "note.txt"), "base\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    const patch = "--- a/note.txt\n+++ b/note.txt\n@@ -1 +1 @@\n-base\n+patched\n";
    const { outcome, log } = await run(
      [
        { id: "pulled-1", patch, image: pulled },
        { id: "kept", patch, image: kept },
        { id: "gone", patch, image: gone },
        { id: "pinned", patch, image: digest },
        { id: "pulled-2", patch, image: pulled },
      ],
      {
        workdir: repo,
        // A patch to a text file: no parse check, which the small image (busybox) could not run.
        language: "python",
        command: "cat /marker.txt note.txt",
        // Every image pulled, the user's again too: that one was there before the run, so it stays.
        pull: "always",
        concurrency: "1",
        timeout: "20s",
      },
    );
    const results = byId(outcome);
    expect(outcome.results.map((r) => [r.id, r.status])).toEqual([
      ["pulled-1", "pass"],
      ["kept", "pass"],
      ["gone", "sandbox_error"],
      ["pinned", "pass"],
      ["pulled-2", "pass"],
    ]);
    expect(results.get("pulled-1")!.stdout).toBe("pulled from the registry\npatched\n");
    expect(results.get("pulled-2")!.stdout).toBe("pulled from the registry\npatched\n");
    expect(results.get("kept")!.stdout).toBe("kept by the user\npatched\n");
    expect(results.get("pinned")!.stdout).toBe("kept by the user\npatched\n");
    // Our failure, naming the image and why; never the candidate's.
    expect(results.get("gone")!.feedback).toContain(gone);
    // Judged grouped by image (pulled-1, pulled-2, kept, gone, pinned), one at a time. Pulled ahead: the image
    // of the fourth line was asked for before the first one ended.
    const at = (pattern: RegExp) => log.findIndex((line) => pattern.test(line));
    const done = (n: number) => at(new RegExp(`^\\[${n}/5\\]`));
    expect(at(/^\[1\/5\] pulled-1: pass/)).toBeGreaterThan(0);
    expect(at(/^\[2\/5\] pulled-2: pass/)).toBeGreaterThan(0);
    const pullingGone = log.findIndex((line) => line.startsWith(`pulling ${gone}`));
    expect(pullingGone).toBeGreaterThanOrEqual(0);
    expect(pullingGone).toBeLessThan(done(1));
    // Pulled by this run: removed once its last line was done, not at the end: as pulled-2 is released, after
    // pulled-1's line and before pulled-2's own, which waits for the release. (The next line, kept, runs
    // meanwhile and may be logged before either.) The user's, by tag and by digest: kept.
    const removed = log.indexOf(`image ${pulled}: removed (pulled by this run, needed by no line left)`);
    expect(removed).toBeGreaterThan(done(1));
    expect(removed).toBeLessThan(done(2));
    expect(present(pulled)).toBe(false);
    expect([present(kept), present(digest)]).toEqual([true, true]);
    expect(log.filter((line) => line.startsWith("WARN"))).toEqual([]);
  });
});

describe("the library's judge() with a candidate's own image", () => {
  // A push and a pull of a whole image through the local registry (hundreds of MB): minutes on a loaded
  // runner, and no verdict here depends on the clock.
  it(
    "runs it in that image, pulled when first needed, and removes it at close() when it pulled it",
    { timeout: 300_000 },
    async () => {
      const host = registry!.host;
      const image = imageWith(TEST_IMAGE, `${host}/sandbox-gate/library-${TAG}:1`, [
        { path: "marker.txt", content: "the candidate's own image\n" },
      ]);
      docker("push", "--quiet", image);
      docker("rmi", image);
      const logs: string[] = [];
      const sandbox = await openSandbox({
        image: TEST_IMAGE,
        pull: "missing",
        command: "cat /marker.txt",
        workdir: tempDir("line-images-library"),
        log: (line) => void logs.push(line),
      });
      try {
        const own = await sandbox.judge({ reply: "```python\nx = 1\n```", image });
        expect([own.status, own.stdout]).toEqual(["pass", "the candidate's own image\n"]);
        const plain = await sandbox.judge({ reply: "```python\nx = 1\n```" });
        expect(plain.status).toBe("test_failed");
        expect(present(image)).toBe(true);
      } finally {
        await sandbox.close();
      }
      expect(present(image)).toBe(false);
      expect(present(TEST_IMAGE)).toBe(true);
      expect(logs.filter((line) => /stayed/.test(line))).toEqual([]);
    },
  );
});

describe("SWE-bench's /testbed: a line's image_workdir, or an image named as SWE-bench names them", () => {
  it("runs the candidate in the image's directory, from what the image holds there with its changes on top", async () => {
    const repo = join(tempDir("line-images-testbed"), "repo");
    execFileSync("mkdir", ["-p", join(repo, "pkg")]);
    writeFileSync(join(repo, "pkg", "mod.py"), "VALUE = 1\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    // As SWE-bench's instance image: the repository at its base in /testbed, with what its install built there,
    // named as its harness names them; and the same image under a plain name.
    // Its .git from a host directory: the gate's own tar refuses to write one.
    const gitDir = tempDir("line-images-git");
    execFileSync("mkdir", ["-p", join(gitDir, ".git")]);
    writeFileSync(join(gitDir, ".git", "HEAD"), "ref: refs/heads/main\n");
    execFileSync("chmod", ["-R", "a+rX", gitDir]);
    const named = imageWith(
      TEST_IMAGE,
      `sandbox-gate-test/sweb.eval.x86_64.demo_1776_demo-${TAG}:latest`,
      [
        { path: "testbed/pkg/mod.py", content: "VALUE = 1\n" },
        { path: "testbed/pkg/_built.py", content: "BUILT = 'by the install'\n" },
      ],
      { from: gitDir, to: "/testbed" },
    );
    const plain = `sandbox-gate-test/line-testbed-${TAG}:1`;
    docker("tag", named, plain);
    made.add(plain);
    const patch = "--- a/pkg/mod.py\n+++ b/pkg/mod.py\n@@ -1 +1 @@\n-VALUE = 1\n+VALUE = 2\n";
    const command =
      "pwd; ls -A; cd / && python3 -c 'import sys; sys.path.insert(0, \"/testbed\"); import pkg.mod, pkg._built; print(pkg.mod.VALUE, pkg._built.BUILT)'";
    const { outcome } = await run(
      [
        { id: "named", patch, image: named },
        { id: "said", patch, image: plain, image_workdir: "/testbed" },
        { id: "work", patch, image: plain },
      ],
      { workdir: repo, command, pull: "never", concurrency: "1", timeout: "20s" },
    );
    const results = byId(outcome);
    // In /testbed, from the image's own files (what the install built included, its .git left out), patched.
    for (const id of ["named", "said"]) {
      expect(results.get(id)!.status, results.get(id)!.feedback).toBe("pass");
      expect(results.get(id)!.stdout).toBe("/testbed\npkg\n2 by the install\n");
    }
    // Otherwise the tree is in /work, and what the image's environment imports from /testbed is unpatched.
    expect(results.get("work")!.stdout).toBe("/work\npkg\n1 by the install\n");
    expect([present(named), present(plain)]).toEqual([true, true]);
  });

  it("refuses an image named as SWE-bench's that holds nothing at /testbed, as ours: never the changed files alone", async () => {
    const repo = join(tempDir("line-images-no-testbed"), "repo");
    execFileSync("mkdir", ["-p", join(repo, "pkg")]);
    writeFileSync(join(repo, "pkg", "mod.py"), "VALUE = 1\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    // Another environment than the line names: a plain image under SWE-bench's kind of name.
    const misnamed = imageWith(TEST_IMAGE, `sandbox-gate-test/sweb.eval.x86_64.none_1776_none-${TAG}:latest`, []);
    const patch = "--- a/pkg/mod.py\n+++ b/pkg/mod.py\n@@ -1 +1 @@\n-VALUE = 1\n+VALUE = 2\n";
    const { outcome } = await run([{ id: "misnamed", patch, image: misnamed }], {
      workdir: repo,
      command: "ls -A",
      pull: "never",
      concurrency: "1",
      timeout: "20s",
    });
    const result = byId(outcome).get("misnamed")!;
    expect(result.status).toBe("sandbox_error");
    expect(result.feedback).toContain("the image holds nothing at /testbed to judge on");
  });
});
