import { execFileSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CatFileBatch, GitObjects, entriesAt, parseTree, resolveCommit } from "../../src/prepare/git-objects.js";
import { tempDir } from "../support/temp.js";

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-C", dir, "-c", "user.name=t", "-c", "user.email=t@t", ...args]).toString();

/** Two commits: nested directories, an executable, a link to a file and one to a directory, a submodule. */
function history() {
  const dir = tempDir("git-objects");
  git(dir, "init", "-q");
  mkdirSync(join(dir, "pkg", "sub", "deep"), { recursive: true });
  writeFileSync(join(dir, "pkg", "mod.py"), "x = 1\n");
  writeFileSync(join(dir, "pkg", "sub", "deep", "t.py"), "t = 1\n");
  writeFileSync(join(dir, "pkg", "sub", "a b.py"), "spaced\n");
  writeFileSync(join(dir, "run.sh"), "#!/bin/sh\n");
  chmodSync(join(dir, "run.sh"), 0o755);
  symlinkSync("pkg/mod.py", join(dir, "alias.py"));
  symlinkSync("/etc", join(dir, "escape"));
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "first");
  const first = git(dir, "rev-parse", "HEAD").trim();
  // A submodule: a gitlink entry, never descended into.
  git(dir, "update-index", "--add", "--cacheinfo", `160000,${first},vendored`);
  writeFileSync(join(dir, "pkg", "mod.py"), "x = 2\n");
  git(dir, "commit", "-qam", "second");
  const second = git(dir, "rev-parse", "HEAD").trim();
  return { dir, first, second };
}

describe("resolveCommit", () => {
  it("resolves a commit's name to its full sha, and nothing else: an unknown name, an option or a line break is no commit", async () => {
    const { dir, first, second } = history();
    const objects = new GitObjects(dir);
    try {
      expect(await resolveCommit(objects, first.slice(0, 10))).toBe(first);
      expect(await resolveCommit(objects, "HEAD~1")).toBe(first);
      expect(await resolveCommit(objects, "HEAD")).toBe(second);
      expect(await resolveCommit(objects, "0000000000000000000000000000000000000000")).toBeUndefined();
      expect(await resolveCommit(objects, "--output=/tmp/x")).toBeUndefined();
      // Two requests in one name would answer another name's question.
      expect(await resolveCommit(objects, `nothing\n${first}`)).toBeUndefined();
      // A name echoed back as missing, shaped like a header, is still missing, and the next answer is its own.
      expect(await resolveCommit(objects, `${first} blob 5`)).toBeUndefined();
      expect(await resolveCommit(objects, first)).toBe(first);
      // A tree or a blob is not a commit.
      expect(await resolveCommit(objects, `${first}^{tree}`)).toBeUndefined();
      expect(await resolveCommit(objects, `${first}:run.sh`)).toBeUndefined();
    } finally {
      objects.close();
    }
  });

  it("is undefined for every name where git cannot read (no repository), and says why to a plain read", async () => {
    const objects = new GitObjects(tempDir("git-objects-none"));
    expect(await resolveCommit(objects, "HEAD")).toBeUndefined();
    await expect(objects.read("HEAD")).rejects.toThrow(
      /git cat-file in .* ended \(exit \d+\) before answering: .*not a git repository/i,
    );
    objects.close();
  });
});

describe("GitObjects", () => {
  it("answers many reads asked at once, each with its own object, through one git process", async () => {
    const { dir, first, second } = history();
    const objects = new GitObjects(dir);
    const names = [first, `${second}:pkg/mod.py`, "missing-name", `${first}:pkg/mod.py`, `${second}^{tree}`];
    const answers = await Promise.all(Array.from({ length: 50 }, () => names.map((name) => objects.read(name))).flat());
    objects.close();
    for (let i = 0; i < answers.length; i += names.length) {
      const [commit, now, missing, before, tree] = answers.slice(i, i + names.length);
      expect(commit).toMatchObject({ id: first, type: "commit" });
      expect(now?.content.toString()).toBe("x = 2\n");
      expect(missing).toBeUndefined();
      expect(before?.content.toString()).toBe("x = 1\n");
      expect(tree?.type).toBe("tree");
    }
  });
});

describe("GitObjects after close", () => {
  it("answers what was asked before close(), and refuses what is asked after, rather than waiting for ever", async () => {
    const { dir, first } = history();
    const objects = new GitObjects(dir);
    const asked = objects.read(first);
    objects.close();
    expect(await asked).toMatchObject({ id: first, type: "commit" });
    await expect(objects.read(first)).rejects.toThrow(/was closed before/);
  });
});

describe("entriesAt", () => {
  /** The entries at `paths` among everything `git ls-tree -r -t` lists of COMMIT (trees too). */
  function lsTree(dir: string, commit: string, paths: string[]) {
    return git(dir, "ls-tree", "-r", "-t", "-z", "--full-tree", commit)
      .split("\0")
      .filter(Boolean)
      .map((record) => {
        const tab = record.indexOf("\t");
        const [mode, type, id] = record.slice(0, tab).split(/ +/);
        return { path: record.slice(tab + 1), mode, type, id };
      })
      .filter((entry) => paths.includes(entry.path));
  }
  const byPath = (a: { path: string }, b: { path: string }) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0);

  it("finds each path as git ls-tree lists it, walking only the directories on its way: files, directories, links, submodules, absent paths", async () => {
    const { dir, second } = history();
    const objects = new GitObjects(dir);
    const sets = [
      ["pkg", "pkg/mod.py"],
      ["pkg", "pkg/sub", "pkg/sub/deep", "pkg/sub/deep/t.py", "pkg/sub/a b.py"],
      ["run.sh", "alias.py", "escape", "escape/passwd"],
      ["vendored", "vendored/x.py"],
      ["pkg", "pkg/new.py", "nowhere", "nowhere/x.py", "run.sh/x"],
    ];
    try {
      for (const paths of sets) {
        const walked = await entriesAt(objects, second, paths);
        expect([...walked].sort(byPath), paths.join(" ")).toEqual(lsTree(dir, second, paths).sort(byPath));
      }
    } finally {
      objects.close();
    }
  });

  it("reads a tree object's entries, and refuses a truncated one", () => {
    const id = Buffer.alloc(20, 0xab);
    const tree = Buffer.concat([Buffer.from("100644 a.py\0"), id, Buffer.from("40000 dir\0"), id]);
    expect(parseTree(tree, 20)).toEqual([
      { mode: "100644", name: "a.py", id: "ab".repeat(20) },
      { mode: "040000", name: "dir", id: "ab".repeat(20) },
    ]);
    expect(() => parseTree(tree.subarray(0, tree.length - 1), 20)).toThrow(/malformed/);
  });
});

describe("CatFileBatch", () => {
  const objects = [
    { header: "a1 blob 5", content: "hello" },
    { header: "b2 blob 0", content: "" },
    { header: "c3 blob 12", content: "line\nline\n\n\n" },
    { header: "d4 missing", content: undefined },
    { header: "e5 blob 3", content: "end" },
  ];
  const output = Buffer.from(
    objects.map((o) => (o.content === undefined ? `${o.header}\n` : `${o.header}\n${o.content}\n`)).join(""),
  );
  const read = (batch: CatFileBatch) => batch.objects.map((o) => [o.header, o.content.toString()]);
  const expected = objects.map((o) => [o.header, o.content ?? ""]);

  it("reads every object whatever the pipe's chunks are: each cut point, and byte by byte", () => {
    for (let cut = 0; cut <= output.length; cut++) {
      const batch = new CatFileBatch();
      batch.push(output.subarray(0, cut));
      batch.push(output.subarray(cut));
      expect(read(batch), `cut at ${cut}`).toEqual(expected);
    }
    const bytewise = new CatFileBatch();
    for (let i = 0; i < output.length; i++) bytewise.push(output.subarray(i, i + 1));
    expect(read(bytewise)).toEqual(expected);
  });

  it("keeps an object whole within one chunk as a view of it, not a copy", () => {
    const batch = new CatFileBatch();
    batch.push(output);
    expect(batch.objects[0]!.content.buffer).toBe(output.buffer);
    expect(batch.objects[2]!.content.byteOffset - output.byteOffset).toBe(output.indexOf("line"));
  });

  it("never reads a size out of a name echoed back as missing, however it looks", () => {
    const batch = new CatFileBatch();
    batch.push(Buffer.from("a blob 5 missing\nx y ambiguous\n7 missing\nf6 blob 2\nok\n"));
    expect(read(batch)).toEqual([
      ["a blob 5 missing", ""],
      ["x y ambiguous", ""],
      ["7 missing", ""],
      ["f6 blob 2", "ok"],
    ]);
  });
});
