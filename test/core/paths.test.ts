import { describe, expect, it } from "vitest";
import {
  MAX_PATH_BYTES,
  checkFileName,
  checkRelativePath,
  checkSandboxDir,
  isSafeRelativePath,
} from "../../src/core/paths.js";

describe("the path rule", () => {
  it.each([
    ["src/x.py", true],
    ["./src//x.py", true],
    ["a/..b/c", true],
    ["", false],
    [".", false],
    ["../x", false],
    ["a/../b", false],
    ["/etc/passwd", false],
    ["C:/x", false],
    ["a\\b", false],
    ["x\0y", false],
    ["sub/.GIT/config", false],
  ])("isSafeRelativePath(%j) is %s", (path, safe) => {
    expect(isSafeRelativePath(path)).toBe(safe);
  });

  it.each([
    ["./src//x.py", { ok: true, path: "src/x.py" }],
    ["../x", { ok: false, why: "has a '..' segment" }],
    ["/etc/passwd", { ok: false, why: "is absolute" }],
    ["a\\b", { ok: false, why: "holds a backslash" }],
    ["", { ok: false, why: "is empty" }],
  ])("checkRelativePath(%j)", (path, checked) => {
    expect(checkRelativePath(path)).toEqual(checked);
  });

  // Names Linux cannot hold: refused here, before a sandbox fails to write them (the gate's error, not the candidate's).
  it("refuses a name over 255 bytes, counted in UTF-8, and a path over PATH_MAX under /work/", () => {
    expect(checkRelativePath(`d/${"a".repeat(255)}`).ok).toBe(true);
    expect(checkRelativePath(`d/${"a".repeat(256)}/x`)).toEqual({
      ok: false,
      why: "has a name of 256 bytes, more than the 255 a file system allows",
      tooLong: true,
    });
    expect(checkRelativePath("é".repeat(128)).ok).toBe(false);
    const deep = (bytes: number) => `${"d/".repeat(Math.floor((bytes - 1) / 2))}${bytes % 2 === 0 ? "xy" : "x"}`;
    expect(Buffer.byteLength(deep(MAX_PATH_BYTES))).toBe(MAX_PATH_BYTES);
    expect(checkRelativePath(deep(MAX_PATH_BYTES)).ok).toBe(true);
    expect(checkRelativePath(deep(MAX_PATH_BYTES + 1))).toEqual({
      ok: false,
      why: `is ${MAX_PATH_BYTES + 1} bytes long, more than the ${MAX_PATH_BYTES} a path under /work/ may be`,
      tooLong: true,
    });
  });
});

describe("checkSandboxDir", () => {
  it.each([
    ["/testbed", "/testbed"],
    ["/testbed/", "/testbed"],
    ["//srv//app", "/srv/app"],
    ["/home/nonroot/repo-1.2_x", "/home/nonroot/repo-1.2_x"],
  ])("takes %j as %j", (path, normal) => {
    expect(checkSandboxDir(path)).toEqual({ ok: true, path: normal });
  });

  it.each([
    ["testbed", /not an absolute path/],
    ["/", /the root/],
    ["/a/../tmp", /'\.' or '\.\.'/],
    ["/a/./b", /'\.' or '\.\.'/],
    ["/test bed", /character other than/],
    ["/x;rm", /character other than/],
    ["/tmp", /inside \/tmp/],
    ["/tmp/work", /inside \/tmp/],
    ["/var/tmp/x", /inside \/var\/tmp/],
    ["/proc/self", /inside \/proc/],
    ["/sandbox-gate/base", /inside \/sandbox-gate/],
    [`/${"a".repeat(300)}`, /longer than 255/],
  ])("refuses %j", (path, why) => {
    const checked = checkSandboxDir(path);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.why).toMatch(why);
  });
});

describe("a file name of its own (an instance id, a model's name)", () => {
  it.each([
    ["astropy__astropy-12907", true],
    ["django__django-11099", true],
    ["a..b", true],
    ["..", false],
    [".", false],
    ["", false],
    ["a/b", false],
    ["./a", false],
    ["a\\b", false],
    ["a\u0000b", false],
    [".git", false],
    ["x".repeat(256), false],
  ])("%j → %s", (name, ok) => {
    expect(checkFileName(name).ok).toBe(ok);
  });
});
