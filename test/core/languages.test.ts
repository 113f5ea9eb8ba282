import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES, checkFiles, languageOfPath, languageOfTag } from "../../src/core/languages.js";
import { tempDir } from "../support/temp.js";

describe("language lookup", () => {
  it.each([
    ["python", "python"],
    ['python title="x.py"', "python"],
    ["py {linenos}", "python"],
    ["JS", "javascript"],
    ["ts", "typescript"],
    ["sh", "bash"],
    ["console", undefined],
    ["", undefined],
  ])("fence tag %j → %s", (tag, language) => expect(languageOfTag(tag)).toBe(language));

  it.each([
    ["src/a.py", "python"],
    ["A.MJS", "javascript"],
    ["x.ts", "typescript"],
    ["run.sh", "bash"],
    ["README.md", undefined],
  ])("path %s → %s", (path, language) => expect(languageOfPath(path)).toBe(language));
});

describe("checkFiles", () => {
  it("is the preset's own check for one file", () => {
    expect(checkFiles([{ language: "javascript", files: ["a.js"] }])).toEqual(LANGUAGES.javascript.check("a.js"));
    expect(checkFiles([{ language: "python", files: [] }])).toEqual([]);
  });

  // Run with the host's sh and python3/node/bash: the same tools the sandbox image has.
  function runCheck(files: Record<string, string>, groups: Parameters<typeof checkFiles>[0]) {
    const dir = tempDir("check");
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const [cmd, ...args] = checkFiles(groups);
    return spawnSync(cmd!, args, { cwd: dir, encoding: "utf8" });
  }

  it("checks every file of every group and passes names as parameters, never as script text", () => {
    const files = { "a.py": "x = 1\n", "b $(touch pwned).py": "y = 2\n", "c.js": "let z = 3;\n", "d.sh": "echo ok\n" };
    const groups = [
      { language: "python" as const, files: ["a.py", "b $(touch pwned).py"] },
      { language: "javascript" as const, files: ["c.js"] },
      { language: "bash" as const, files: ["d.sh"] },
    ];
    const r = runCheck(files, groups);
    expect(r.status, r.stderr + r.stdout).toBe(0);
    expect(checkFiles(groups)[2]).not.toContain("pwned");
  });

  it("stops at the first file that does not parse and exits non-zero with the parser's message", () => {
    const r = runCheck({ "ok.py": "x = 1\n", "bad.js": "let = ;\n", "later.sh": "if then\n" }, [
      { language: "python", files: ["ok.py"] },
      { language: "javascript", files: ["bad.js"] },
      { language: "bash", files: ["later.sh"] },
    ]);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain("bad.js");
    expect(r.stderr).not.toContain("later.sh");
  });
});
