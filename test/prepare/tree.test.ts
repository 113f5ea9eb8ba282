import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readBaseTree, readBlobs, readCommitTree } from "../../src/prepare/tree.js";
import { tempDir } from "../support/temp.js";

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args]);

function repository(): string {
  const dir = tempDir("tree");
  git(dir, "init", "-q");
  mkdirSync(join(dir, "pkg"));
  writeFileSync(join(dir, "pkg", "mod.py"), "x = 1\n");
  writeFileSync(join(dir, "run.sh"), "#!/bin/sh\n");
  chmodSync(join(dir, "run.sh"), 0o755);
  writeFileSync(join(dir, "latin1.txt"), Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]));
  symlinkSync("pkg/mod.py", join(dir, "alias.py"));
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "base");
  // Not tracked, so not the tree: build output, a local secret.
  writeFileSync(join(dir, "untracked.log"), "noise");
  return dir;
}

describe("readBaseTree", () => {
  it("is what git tracks, bytes unchanged, modes and links as git records them", async () => {
    const tree = await readBaseTree(repository(), 1 << 20, "max-tree-size");
    expect(tree.listedBy).toBe("git");
    expect(tree.files.map((f) => f.path)).toEqual(["alias.py", "latin1.txt", "pkg/mod.py", "run.sh"]);
    expect(tree.files.find((f) => f.path === "alias.py")).toMatchObject({ linkTarget: "pkg/mod.py" });
    expect(Buffer.from(tree.files.find((f) => f.path === "latin1.txt")!.content as Uint8Array)).toEqual(
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    );
    expect(tree.files.find((f) => f.path === "run.sh")?.executable).toBe(true);
    expect(tree.files.find((f) => f.path === "pkg/mod.py")?.executable).toBeUndefined();
    expect(tree.bytes).toBe(6 + 10 + 5);
  });

  it("lists a subdirectory of a repository relative to it", async () => {
    const tree = await readBaseTree(join(repository(), "pkg"), 1 << 20, "max-tree-size");
    expect(tree.files.map((f) => f.path)).toEqual(["mod.py"]);
  });

  it("is every file but .git/ outside a git work tree", async () => {
    const dir = tempDir("tree-plain");
    mkdirSync(join(dir, ".git"));
    writeFileSync(join(dir, ".git", "config"), "x");
    writeFileSync(join(dir, "a.txt"), "a");
    const tree = await readBaseTree(dir, 1 << 20, "max-tree-size");
    expect(tree).toMatchObject({ listedBy: "walk", files: [{ path: "a.txt" }], bytes: 1 });
  });

  it("outside a git work tree, lists by code unit (as git does), not by the locale's collation", async () => {
    const dir = tempDir("tree-plain-order");
    for (const name of ["b.txt", "a.txt", "B.txt", "_c.txt"]) writeFileSync(join(dir, name), name);
    const tree = await readBaseTree(dir, 1 << 20, "max-tree-size");
    expect(tree.files.map((file) => file.path)).toEqual(["B.txt", "_c.txt", "a.txt", "b.txt"]);
  });

  it("refuses a link out of the tree, naming it", async () => {
    const dir = repository();
    symlinkSync("/etc/passwd", join(dir, "secret"));
    git(dir, "add", "secret");
    await expect(readBaseTree(dir, 1 << 20, "max-tree-size")).rejects.toMatchObject({
      input: "workdir",
      message: expect.stringContaining("'secret' is a symbolic link to '/etc/passwd', outside the base tree"),
    });
  });

  // git tracks cfg/x; on the runner cfg was replaced by a link to a directory holding a secret. Reading
  // cfg/x would follow the link: the run refuses, naming the file and the link, before any file is read.
  it("refuses a tracked file under a directory that is a link on disk, naming both", async () => {
    const dir = repository();
    mkdirSync(join(dir, "cfg"));
    writeFileSync(join(dir, "cfg", "x"), "tracked\n");
    git(dir, "add", "cfg/x");
    git(dir, "commit", "-qm", "cfg");
    const outside = tempDir("tree-outside");
    writeFileSync(join(outside, "x"), "SECRET\n");
    rmSync(join(dir, "cfg"), { recursive: true });
    symlinkSync(outside, join(dir, "cfg"));
    const reading = readBaseTree(dir, 1 << 20, "max-tree-size");
    await expect(reading).rejects.toMatchObject({
      input: "workdir",
      message: expect.stringContaining(
        `'cfg/x' is tracked under 'cfg', which is a symbolic link to '${outside}' on disk; the base tree is not read through links`,
      ),
    });
  });

  it("refuses a tree over the cap with one line naming the input", async () => {
    await expect(readBaseTree(repository(), 10, "max-tree-size")).rejects.toMatchObject({
      input: "max-tree-size",
      message: expect.stringMatching(/^Input 'max-tree-size': the base tree under .* holds more than 10 bytes/),
    });
  });
});

describe("readCommitTree", () => {
  /** A repository with two commits: `first` has the files of `repository()` and a link out of the tree comes later. */
  function history() {
    const dir = repository();
    const first = git(dir, "rev-parse", "HEAD").toString().trim();
    writeFileSync(join(dir, "pkg", "mod.py"), "x = 2\n");
    rmSync(join(dir, "latin1.txt"));
    symlinkSync("/etc/passwd", join(dir, "escape"));
    git(dir, "add", "-A");
    git(dir, "commit", "-qm", "second");
    // What the checkout holds now, uncommitted: never what a commit's tree says.
    writeFileSync(join(dir, "pkg", "mod.py"), "x = 3\n");
    return { dir, first };
  }

  it("is the commit's tracked files as git stores them, read without touching the checkout", async () => {
    const { dir, first } = history();
    const head = git(dir, "rev-parse", "HEAD").toString();
    const status = git(dir, "status", "--porcelain").toString();
    const tree = await readCommitTree(dir, first, 1 << 20, "max-tree-size");
    expect(tree.files.map((f) => f.path)).toEqual(["alias.py", "latin1.txt", "pkg/mod.py", "run.sh"]);
    expect(tree.files.find((f) => f.path === "alias.py")).toMatchObject({ linkTarget: "pkg/mod.py" });
    expect(Buffer.from(tree.files.find((f) => f.path === "pkg/mod.py")!.content as Uint8Array).toString()).toBe(
      "x = 1\n",
    );
    expect(Buffer.from(tree.files.find((f) => f.path === "latin1.txt")!.content as Uint8Array)).toEqual(
      Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    );
    expect(tree.files.find((f) => f.path === "run.sh")?.executable).toBe(true);
    expect(tree.bytes).toBe(6 + 10 + 5);
    expect(git(dir, "rev-parse", "HEAD").toString()).toBe(head);
    expect(git(dir, "status", "--porcelain").toString()).toBe(status);
  });

  it("refuses a commit whose link leads out of the tree, and one over the cap, naming them", async () => {
    const { dir, first } = history();
    const second = git(dir, "rev-parse", "HEAD").toString().trim();
    await expect(readCommitTree(dir, second, 1 << 20, "max-tree-size")).rejects.toThrow(
      /Input 'base_commit'.*'escape' in [0-9a-f]{40} is a symbolic link to '\/etc\/passwd', outside the base tree/,
    );
    await expect(readCommitTree(dir, first, 10, "max-tree-size")).rejects.toThrow(
      /Input 'max-tree-size'.*more than 10 bytes/,
    );
  });
});

describe("readBlobs", () => {
  it("reads blobs in the order asked, and refuses an id that names no blob, naming it", async () => {
    const dir = repository();
    const ids = ["HEAD:pkg/mod.py", "HEAD:run.sh", "HEAD:pkg/mod.py"].map((name) =>
      git(dir, "rev-parse", name).toString().trim(),
    );
    const blobs = await readBlobs(dir, ids);
    expect(blobs.map((b) => b.toString())).toEqual(["x = 1\n", readFileSync(join(dir, "run.sh"), "utf8"), "x = 1\n"]);
    expect(await readBlobs(dir, [])).toEqual([]);
    const tree = git(dir, "rev-parse", "HEAD:pkg").toString().trim();
    await expect(readBlobs(dir, [ids[0]!, tree])).rejects.toThrow(`git: ${tree} is not a blob (tree)`);
    await expect(readBlobs(dir, ["0".repeat(40)])).rejects.toThrow(`is not a blob (missing)`);
  });
});
