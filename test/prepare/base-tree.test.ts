import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadBaseTree, loadCommitFiles } from "../../src/prepare/base-tree.js";
import { LATIN1, RUN_SH, checkout } from "../support/checkout.js";
import { GitObjects } from "../../src/prepare/git-objects.js";

const root = checkout();

describe("loadBaseTree", () => {
  it("reads the existing paths as bytes, with their execute bits, and leaves out absent ones", async () => {
    const tree = await loadBaseTree(root, ["tests/run.sh", "tests/test_a.py", "tests/new.py", "data/greeting.txt"]);
    expect(tree).toEqual({
      ok: true,
      files: new Map([
        ["tests/run.sh", Buffer.from(RUN_SH)],
        ["tests/test_a.py", Buffer.from("assert True\n")],
        ["data/greeting.txt", LATIN1],
      ]),
      executable: new Set(["tests/run.sh"]),
    });
  });

  it("refuses a path through a symbolic link in the checkout", async () => {
    expect(await loadBaseTree(root, ["escape/passwd"])).toEqual({
      ok: false,
      reason: expect.stringMatching(/goes through a symbolic link/),
    });
  });
});

describe("loadCommitFiles", () => {
  /** loadCommitFiles through a cat-file of its own, ended after. */
  async function read(dir: string, commit: string, paths: string[]) {
    const objects = new GitObjects(dir);
    try {
      return await loadCommitFiles(objects, commit, paths);
    } finally {
      objects.close();
    }
  }

  /** The checkout committed, then changed: what the commit holds is what is read. */
  function committed() {
    const dir = checkout();
    writeFileSync(join(dir, "tests", "[ab].py"), "glob\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args])
        .toString()
        .trim();
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    const commit = git("rev-parse", "HEAD");
    writeFileSync(join(dir, "tests", "test_a.py"), "changed since\n");
    return { dir, commit };
  }

  it("reads the paths as the commit has them, as loadBaseTree reads a checkout, and nothing else", async () => {
    const { dir, commit } = committed();
    const paths = ["tests/run.sh", "tests/test_a.py", "tests/new.py", "data/greeting.txt", "tests/[ab].py"];
    expect(await read(dir, commit, paths)).toEqual({
      ok: true,
      files: new Map([
        ["tests/run.sh", Buffer.from(RUN_SH)],
        ["tests/test_a.py", Buffer.from("assert True\n")],
        ["data/greeting.txt", LATIN1],
        // A name, never a pattern: "[ab].py" does not read tests/a.py or b.py.
        ["tests/[ab].py", Buffer.from("glob\n")],
      ]),
      executable: new Set(["tests/run.sh"]),
    });
  });

  it("refuses a path through a symbolic link the commit holds", async () => {
    const { dir, commit } = committed();
    expect(await read(dir, commit, ["escape/passwd"])).toEqual({
      ok: false,
      reason: expect.stringMatching(/goes through a symbolic link/),
    });
  });
});
