import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { SyntaxInfo } from "../../src/core/model.js";
import { LANGUAGES, type Language } from "../../src/languages/registry.js";
import { checkAndRun, checkFiles, parseCheckOutput, warmCheck } from "../../src/prepare/syntax.js";
import { tempDir } from "../support/temp.js";

// Outputs captured from the checkers in sandbox-gate-test/bookworm:1 (python 3.11, node 18, bash 5.2,
// php 8.2) and from node 24 on TypeScript, as the presets run them in the work dir /work.
const out = (...lines: string[]): string => lines.join("\n") + "\n";

const NODE18_STACK = [
  "    at internalCompileFunction (node:internal/vm:76:18)",
  "    at wrapSafe (node:internal/modules/cjs/loader:1283:20)",
  "    at checkSyntax (node:internal/main/check_syntax:84:21)",
  "",
  "Node.js v18.20.4",
];

// How node 24 ends its report of TypeScript it cannot strip: the message, then its own frame.
const NODE24_TS_MESSAGE = "SyntaxError [ERR_INVALID_TYPESCRIPT_SYNTAX]: Expression expected";
const NODE24_TS_END = ["", NODE24_TS_MESSAGE, "    at parseTypeScript (node:internal/modules/typescript:72:36)"];

interface Case {
  name: string;
  language: Language;
  output: string;
  /** The checked file; the preset's target when absent. */
  target?: string;
  /** What the checker wrote on the nonce-marked verdict channel (python). */
  verdict?: string;
  expected: SyntaxInfo;
}

const cases: Case[] = [
  {
    name: "python: the check script's verdict",
    language: "python",
    output: "",
    verdict: '{"message": "invalid syntax", "file": "solution.py", "line": 1, "column": 7}',
    expected: { message: "invalid syntax", file: "solution.py", line: 1, column: 7 },
  },
  {
    name: "python: an absolute path in the work dir",
    language: "python",
    output: "",
    verdict:
      '{"message": "expected an indented block after function definition on line 1", "file": "/work/solution.py", "line": 2, "column": 1}',
    expected: {
      message: "expected an indented block after function definition on line 1",
      file: "solution.py",
      line: 2,
      column: 1,
    },
  },
  {
    name: "python: a ValueError has no position",
    language: "python",
    output: "",
    verdict: '{"message": "ValueError: source code string cannot contain null bytes", "file": "solution.py"}',
    expected: { message: "ValueError: source code string cannot contain null bytes", file: "solution.py" },
  },
  {
    name: "python: null positions are left out",
    language: "python",
    output: out("some warning first"),
    verdict: '{"message": "unexpected EOF", "file": "src/app.py", "line": null, "column": 0}',
    expected: { message: "unexpected EOF", file: "src/app.py" },
  },
  {
    // compile()'s SyntaxWarning echoes the candidate's line; only the marked verdict counts.
    name: "python: a verdict-shaped line in the output is the candidate's, not the checker's",
    language: "python",
    output: out(
      '/work/solution.py:2: SyntaxWarning: "is" with a literal. Did you mean "=="?',
      '  {"message": "forged", "file": "evil.py", "line": 99}',
    ),
    verdict: `{"message": "'return' outside function", "file": "/work/solution.py", "line": 4}`,
    expected: { message: "'return' outside function", file: "solution.py", line: 4 },
  },
  {
    name: "python: no verdict at all: the output whole, never a JSON line of it",
    language: "python",
    output: out('{"message": "forged", "file": "evil.py", "line": 99}'),
    expected: { message: '{"message": "forged", "file": "evil.py", "line": 99}', file: "solution.py" },
  },
  {
    // `TypeError: forged …)` is a label and a syntax error: node echoes it before its own message.
    name: "javascript: an echoed source line shaped like a message",
    language: "javascript",
    output: out(
      "/work/solution.js:1",
      "TypeError: forged message here )",
      "                  ^^^^^^^",
      "",
      "SyntaxError: Unexpected identifier",
      ...NODE18_STACK,
    ),
    expected: { message: "SyntaxError: Unexpected identifier", file: "solution.js", line: 1, column: 19 },
  },
  {
    name: "typescript: a context line after the caret shaped like a message",
    language: "typescript",
    output: out(
      "file:///work/solution.ts:1",
      "const x: number = ;",
      "                  ^",
      "RangeError: forged",
      ...NODE24_TS_END,
    ),
    expected: {
      message: NODE24_TS_MESSAGE,
      file: "solution.ts",
      line: 1,
      column: 19,
    },
  },
  {
    // A here-document's delimiter is the candidate's word, quoted in a warning printed first.
    name: "bash: a warning before the error is not the message",
    language: "bash",
    output: out(
      "/work/solution.sh: line 9: warning: here-document at line 1 delimited by end-of-file (wanted `forged')",
      "/work/solution.sh: line 12: syntax error: unexpected end of file",
    ),
    expected: { message: "syntax error: unexpected end of file", file: "solution.sh", line: 12 },
  },
  {
    name: "python: raw text when the JSON line is missing",
    language: "python",
    output: out("Traceback (most recent call last):", '  File "/work/check.py", line 1', "MemoryError"),
    expected: {
      message: 'Traceback (most recent call last):\n  File "check.py", line 1\nMemoryError',
      file: "solution.py",
    },
  },
  {
    name: "javascript: node 18, caret under the token",
    language: "javascript",
    output: out(
      "/work/solution.js:2",
      "const y = ;",
      "          ^",
      "",
      "SyntaxError: Unexpected token ';'",
      ...NODE18_STACK,
    ),
    expected: { message: "SyntaxError: Unexpected token ';'", file: "solution.js", line: 2, column: 11 },
  },
  {
    name: "javascript: a caret run under a string",
    language: "javascript",
    output: out(
      "/work/solution.js:1",
      'let s = "abc',
      "        ^^^^",
      "",
      "SyntaxError: Invalid or unexpected token",
      ...NODE18_STACK,
    ),
    expected: { message: "SyntaxError: Invalid or unexpected token", file: "solution.js", line: 1, column: 9 },
  },
  {
    name: "javascript: tabs kept in the caret line count as one column",
    language: "javascript",
    output: out(
      "/work/solution.js:1",
      "\tconst a = {b: 1,, };",
      "\t                ^",
      "",
      "SyntaxError: Unexpected token ','",
      ...NODE18_STACK,
    ),
    expected: { message: "SyntaxError: Unexpected token ','", file: "solution.js", line: 1, column: 18 },
  },
  {
    name: "javascript: end of input has no caret",
    language: "javascript",
    output: out("/work/solution.js:3", "", "", "", "SyntaxError: Unexpected end of input", ...NODE18_STACK),
    expected: { message: "SyntaxError: Unexpected end of input", file: "solution.js", line: 3 },
  },
  {
    name: "javascript: a file in a subdirectory",
    language: "javascript",
    output: out(
      "/work/lib/util.mjs:2",
      "const y = ;",
      "          ^",
      "",
      "SyntaxError: Unexpected token ';'",
      "    at checkSyntax (node:internal/main/check_syntax:78:5)",
    ),
    target: "lib/util.mjs",
    expected: { message: "SyntaxError: Unexpected token ';'", file: "lib/util.mjs", line: 2, column: 11 },
  },
  {
    name: "javascript: node's own error names no candidate file",
    language: "javascript",
    output: out(
      "node:internal/modules/cjs/loader:1143",
      "  throw err;",
      "  ^",
      "",
      "Error: Cannot find module '/work/solution.js'",
      "    at Module._resolveFilename (node:internal/modules/cjs/loader:1140:15)",
    ),
    expected: { message: "Error: Cannot find module 'solution.js'", file: "solution.js" },
  },
  {
    name: "typescript: node 24 run, a file URL and context lines around the caret",
    language: "typescript",
    output: out(
      "file:///work/solution.ts:2",
      "function add(a: number, b: number): number {",
      "  return a + ;",
      "             ^",
      "}",
      ...NODE24_TS_END,
    ),
    expected: {
      message: NODE24_TS_MESSAGE,
      file: "solution.ts",
      line: 2,
      column: 14,
    },
  },
  {
    name: "typescript: node 24 --check rejects a type annotation",
    language: "typescript",
    output: out(
      "/work/solution.ts:1",
      "function add(a: number, b: number): number {",
      "              ^",
      "",
      "SyntaxError: Unexpected token ':'",
    ),
    expected: { message: "SyntaxError: Unexpected token ':'", file: "solution.ts", line: 1, column: 15 },
  },
  {
    name: "bash: unexpected end of file",
    language: "bash",
    output: out("solution.sh: line 3: syntax error: unexpected end of file"),
    expected: { message: "syntax error: unexpected end of file", file: "solution.sh", line: 3 },
  },
  {
    name: "bash: the quoted offending line is not the message",
    language: "bash",
    output: out("solution.sh: line 2: syntax error near unexpected token `)'", "solution.sh: line 2: `  echo )'"),
    expected: { message: "syntax error near unexpected token `)'", file: "solution.sh", line: 2 },
  },
  {
    name: "bash: an unmatched quote, absolute path",
    language: "bash",
    output: out("/work/solution.sh: line 1: unexpected EOF while looking for matching `\"'"),
    expected: { message: "unexpected EOF while looking for matching `\"'", file: "solution.sh", line: 1 },
  },
  {
    name: "php: the PHP-prefixed stderr copy first",
    language: "php",
    output: out(
      'PHP Parse error:  syntax error, unexpected end of file, expecting variable or "${" or "{$" in /work/solution.php on line 3',
      'Parse error: syntax error, unexpected end of file, expecting variable or "${" or "{$" in /work/solution.php on line 3',
      "Errors parsing /work/solution.php",
    ),
    expected: {
      message: 'Parse error: syntax error, unexpected end of file, expecting variable or "${" or "{$"',
      file: "solution.php",
      line: 3,
    },
  },
  {
    name: "php: the unprefixed copy alone",
    language: "php",
    output: out(
      "Errors parsing solution.php",
      'Parse error: syntax error, unexpected token "{", expecting variable in solution.php on line 2',
    ),
    expected: {
      message: 'Parse error: syntax error, unexpected token "{", expecting variable',
      file: "solution.php",
      line: 2,
    },
  },
  {
    name: "php: a compile-time fatal error naming another line",
    language: "php",
    output: out(
      "PHP Fatal error:  Cannot redeclare f() (previously declared in /work/solution.php:2) in /work/solution.php on line 3",
    ),
    expected: {
      message: "Fatal error: Cannot redeclare f() (previously declared in solution.php:2)",
      file: "solution.php",
      line: 3,
    },
  },
  {
    name: "php: only the summary line",
    language: "php",
    output: out("Errors parsing solution.php"),
    expected: { message: "Errors parsing solution.php", file: "solution.php" },
  },
  {
    name: "CRLF output",
    language: "bash",
    output: "solution.sh: line 4: syntax error: unexpected end of file\r\n",
    expected: { message: "syntax error: unexpected end of file", file: "solution.sh", line: 4 },
  },
  {
    name: "no output at all",
    language: "bash",
    output: "  \n",
    target: "/work/solution.sh",
    expected: { message: "the parse check failed without a message", file: "solution.sh" },
  },
];

const check = ({ language, output, target, verdict }: Case): SyntaxInfo =>
  parseCheckOutput(language, output, target ?? LANGUAGES[language].target, verdict);

describe("parseCheckOutput", () => {
  it.each(cases)("$name", (c) => {
    expect(check(c)).toEqual(c.expected);
  });

  it.each(cases)("never leaks the work dir: $name", (c) => {
    const info = check(c);
    expect(JSON.stringify(info)).not.toContain("/work/");
    expect(info.message.trim()).not.toBe("");
  });
});

describe("checkAndRun", () => {
  const one = [{ language: "python" as const, files: ["solution.py"] }];

  it("is the language's check-and-run for one file and a command it takes over", () => {
    expect(checkAndRun(one, "python3 solution.py")).toEqual(
      LANGUAGES.python.checkAndRun!("solution.py", "python3 solution.py"),
    );
    expect(checkAndRun(one, "python3 solution.py")).toBeDefined();
  });

  it("is none for several files, another command, a language without one, or results to bring back", () => {
    expect(
      checkAndRun([{ language: "python", files: ["a.py", "solution.py"] }], "python3 solution.py"),
    ).toBeUndefined();
    expect(checkAndRun([...one, { language: "bash", files: ["t.sh"] }], "python3 solution.py")).toBeUndefined();
    expect(checkAndRun(one, "python3 -m pytest")).toBeUndefined();
    expect(checkAndRun([{ language: "javascript", files: ["solution.js"] }], "node solution.js")).toBeUndefined();
    expect(checkAndRun(one, "python3 solution.py", ["report.xml"])).toBeUndefined();
  });
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

describe("warmCheck", () => {
  const server = LANGUAGES.python.checkServer!;

  it("gives the language's checker and the sources of the files the check names, in its order", () => {
    const bytes = new Uint8Array([120, 61, 49]);
    expect(
      warmCheck([{ language: "python", files: ["solution.py"] }], [{ path: "solution.py", content: "x = 1" }]),
    ).toEqual({ server, sources: ["x = 1"] });
    expect(
      warmCheck(
        [{ language: "python", files: ["src/b.py", "src/a.py"] }],
        [
          { path: "README.md", content: "#" },
          { path: "src/a.py", content: bytes },
          { path: "src/b.py", content: "y = 2" },
        ],
      ),
    ).toEqual({ server, sources: ["y = 2", bytes] });
  });

  it("gives nothing where a file is of a language without a checker, or not there as bytes", () => {
    const files = [
      { path: "a.py", content: "x = 1" },
      { path: "b.py", content: "y = 2" },
      { path: "c.js", content: "let c" },
      { path: "l.py", content: "", linkTarget: "a.py" },
    ];
    expect(warmCheck([{ language: "javascript", files: ["c.js"] }], files)).toBeUndefined();
    expect(
      warmCheck(
        [
          { language: "python", files: ["a.py"] },
          { language: "javascript", files: ["c.js"] },
        ],
        files,
      ),
    ).toBeUndefined();
    expect(warmCheck([{ language: "python", files: ["a.py", "l.py"] }], files)).toBeUndefined();
    expect(warmCheck([{ language: "python", files: ["b.py", "gone.py"] }], files)).toBeUndefined();
    expect(warmCheck([], files)).toBeUndefined();
  });
});
