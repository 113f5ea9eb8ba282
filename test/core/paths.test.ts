import { describe, expect, it } from "vitest";
import { checkRelativePath, isSafeRelativePath } from "../../src/core/paths.js";

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
});
