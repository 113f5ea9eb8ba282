// The applier against git apply itself, over every fixture patch: both refuse, or both give the same tree,
// byte for byte (the set of paths, every file's bytes, every execute bit). The fixtures under fixtures/git
// are real diffs of real commits, made by git (fixtures/git/make.sh): CRLF and latin1 files, a binary
// rename, a swap, a copy of a file the patch also edits, a stale patch, modes, a delete.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyPatch, parsePatch, type ApplyOptions } from "../../src/prepare/patch.js";
import { tempDir } from "../support/temp.js";
import { readTree, type DiskTree } from "../support/tree.js";

interface Case {
  /** The patch's folder and name, e.g. `git/swap`. */
  name: string;
  patch: string;
  base: string;
}

/** Every `.patch` in `dir`, with the base tree `base(name)` names (relative to `dir`). */
function casesIn(dir: string, label: string, base: (name: string) => string): Case[] {
  const root = new URL(`${dir}/`, import.meta.url).pathname;
  return readdirSync(root)
    .filter((file) => file.endsWith(".patch"))
    .sort()
    .map((file) => {
      const name = file.slice(0, -".patch".length);
      return { name: `${label}/${name}`, patch: join(root, file), base: join(root, base(name)) };
    });
}

const CASES = [
  ...casesIn("fixtures/git", "git", () => "base"),
  ...casesIn("fixtures/patches", "patches", (name) => name),
  ...casesIn("../fixtures/patches", "patch-repo", () => "../patch-repo"),
];

/** A tree as compared: each path's bytes (one character a byte, so a difference reads), and the executables. */
type Snapshot = { ok: true; files: Record<string, string>; executable: string[] } | { ok: false; reason: string };

function snapshot(tree: DiskTree): Snapshot {
  return {
    ok: true,
    files: Object.fromEntries([...tree.files].sort().map(([path, bytes]) => [path, bytes.toString("latin1")])),
    executable: [...tree.executable].sort(),
  };
}

function ours(c: Case, opts?: ApplyOptions): Snapshot {
  const base = readTree(c.base);
  const outcome = applyPatch(base.files, parsePatch(readFileSync(c.patch)), { executable: base.executable, ...opts });
  if (!outcome.ok) return { ok: false, reason: outcome.reason };
  const after: DiskTree = { files: new Map(base.files), executable: new Set(base.executable) };
  for (const [path, content] of outcome.files) {
    after.executable.delete(path);
    if (content === null) after.files.delete(path);
    else after.files.set(path, Buffer.from(content));
  }
  for (const path of outcome.executable) after.executable.add(path);
  return snapshot(after);
}

const gitEnv = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

/** `git apply` (default options, or `args`) in a fresh repository holding a copy of the base tree. */
function git(c: Case, args: string[] = []): Snapshot {
  const work = join(tempDir("git-apply"), "work");
  cpSync(c.base, work, { recursive: true });
  execFileSync("git", ["init", "-q"], { cwd: work, env: gitEnv });
  const run = spawnSync("git", ["-c", "core.autocrlf=false", "-c", "core.fileMode=true", "apply", ...args, c.patch], {
    cwd: work,
    env: gitEnv,
    encoding: "utf8",
  });
  return run.status === 0 ? snapshot(readTree(work)) : { ok: false, reason: run.stderr.trim() };
}

/**
 * Where we part from git on purpose: git's outcome is checked to be a success, ours is this refusal. Every
 * other case must agree with git.
 */
const DIFFERENCES: Record<string, { reason: string; why: string }> = {
  "git/binary-edit-literal": {
    reason: "assets/logo.png: binary patches are not supported",
    why: "git applies a binary patch (literal data and a full index line); the gate refuses binary patches",
  },
  "git/submodule": {
    reason: "vendor/lib: submodules are not supported",
    why: "git apply makes an empty directory for the gitlink; the gate refuses submodules",
  },
  "patch-repo/escape-absolute": {
    reason: 'path escapes the tree: "/etc/sandbox-gate-escaped" (is absolute)',
    why: "git's -p1 strips the leading '/' and writes etc/sandbox-gate-escaped inside the tree; the gate refuses any absolute path (paths.ts)",
  },
};

/** The cases both refuse; every other one applies (so that agreeing is never agreeing to refuse everything). */
// long-name: git fails writing a 303-byte name (ENAMETOOLONG); the gate refuses it before writing anything.
const REFUSED = [
  "git/binary-edit",
  "git/stale-context",
  "patch-repo/escape-relative",
  "patch-repo/long-name",
  "patch-repo/stale",
];

describe("applyPatch against git apply, on every fixture patch", () => {
  it("has the fixtures it names", () => {
    const names = CASES.map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([...Object.keys(DIFFERENCES), ...REFUSED]));
    expect(names.length).toBeGreaterThan(20);
  });

  it.each(CASES.filter((c) => !(c.name in DIFFERENCES)))("$name: the same tree as git, or a refusal from both", (c) => {
    const expected = git(c);
    const outcome = ours(c);
    if (expected.ok) expect(outcome).toEqual(expected);
    else expect(outcome.ok, `git refused (${expected.reason}), we applied`).toBe(false);
    expect(outcome.ok).toBe(!REFUSED.includes(c.name));
  });

  it.each(Object.entries(DIFFERENCES))("%s: git applies it, the gate refuses it", (name, { reason }) => {
    const c = CASES.find((each) => each.name === name)!;
    expect(git(c).ok).toBe(true);
    expect(ours(c)).toEqual({ ok: false, reason });
  });

  // Fuzz is off by default, as in git; asked for, it applies the stale patch as git apply -C1 does (context
  // cut to one line), and leaves every patch git applies as git applies it.
  it("applies the stale patch with fuzz, as git apply -C1 does, and names the strategy", () => {
    const c = CASES.find((each) => each.name === "git/stale-context")!;
    expect(ours(c, { maxStrategy: "fuzz" })).toEqual(git(c, ["-C1"]));
    const base = readTree(c.base);
    const outcome = applyPatch(base.files, parsePatch(readFileSync(c.patch)), { maxStrategy: "fuzz" });
    expect(outcome).toMatchObject({ ok: true, strategy: "fuzz", changed: ["calc/stats.py"] });
  });

  it.each(CASES.filter((c) => !(c.name in DIFFERENCES) && !REFUSED.includes(c.name)))(
    "$name: the same tree with fuzz allowed",
    (c) => {
      expect(ours(c, { maxStrategy: "fuzz" })).toEqual(git(c));
    },
  );
});
