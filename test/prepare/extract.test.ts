import { describe, expect, it } from "vitest";
import type { Language } from "../../src/languages/registry.js";
import { extractCode, findPatchBlocks, looksLikeCode, type Extraction } from "../../src/prepare/extract.js";

const md = (...lines: string[]): string => lines.join("\n");
const fence = (tag: string, ...body: string[]): string => md("```" + tag, ...body, "```");

const SQUARE = md("def square(n):", "    return n * n");
const SQUARE_CODE = `${SQUARE}\n`;

interface Case {
  name: string;
  reply: string;
  language?: Language | "auto";
  expected: Partial<Extract<Extraction, { kind: "code" }>>;
}

const codeCases: Case[] = [
  {
    name: "prose around one python fence",
    reply: md("Here is the function you asked for:", "", fence("python", SQUARE), "", "It squares its argument."),
    expected: {
      code: SQUARE_CODE,
      language: "python",
      block: { index: 0, tag: "python", startLine: 3 },
      firstLine: 4,
      candidates: 1,
    },
  },
  {
    name: "a bare fence and nothing else",
    reply: md("```", "from math import floor", "", "", "def half(n):", "    return floor(n / 2)", "", "```"),
    expected: {
      code: "from math import floor\n\n\ndef half(n):\n    return floor(n / 2)\n",
      language: "python",
      block: { index: 0, tag: "", startLine: 1 },
    },
  },
  {
    name: "code followed by a bare block of printed output",
    reply: md("The code:", fence("python", SQUARE, "", "print(square(3))"), "Prints:", fence("", "9")),
    expected: {
      code: `${SQUARE}\n\nprint(square(3))\n`,
      block: { index: 0, tag: "python", startLine: 2 },
      candidates: 2,
    },
  },
  {
    name: "code followed by a shorter usage example",
    reply: md("Solution:", fence("python", SQUARE), "Try it:", fence("python", "print(square(4))")),
    expected: { code: SQUARE_CODE, block: { index: 0, tag: "python", startLine: 2 }, candidates: 2 },
  },
  {
    name: "a longer corrected second block",
    reply: md(
      "First try:",
      fence("python", "def fact(n):", "    return n * fact(n - 1)"),
      "That never stops; here is the corrected version:",
      fence("python", "def fact(n):", "    return 1 if n <= 1 else n * fact(n - 1)"),
    ),
    expected: {
      code: "def fact(n):\n    return 1 if n <= 1 else n * fact(n - 1)\n",
      block: { index: 1, tag: "python", startLine: 7 },
    },
  },
  {
    name: "two blocks of the same length: the later correction",
    reply: md("Wrong:", fence("python", "x = a[i+1]"), "Fixed:", fence("python", "x = a[i-1]")),
    expected: { code: "x = a[i-1]\n", block: { index: 1, tag: "python", startLine: 6 } },
  },
  {
    name: "a longer block in another language is skipped",
    reply: md(
      "Python:",
      fence("python", "print(1)"),
      "And the same in JavaScript:",
      fence("javascript", "console.log(1); // a much longer line"),
    ),
    expected: { code: "print(1)\n", block: { index: 0, tag: "python", startLine: 2 } },
  },
  {
    name: "the javascript block when javascript is asked for",
    language: "javascript",
    reply: md("Python:", fence("python", "print(1)"), "JavaScript:", fence("js", "console.log(1);")),
    expected: { code: "console.log(1);\n", language: "javascript", block: { index: 1, tag: "js", startLine: 6 } },
  },
  {
    name: "a tilde fence",
    reply: md("~~~python", SQUARE, "~~~"),
    expected: { code: SQUARE_CODE, block: { index: 0, tag: "python", startLine: 1 } },
  },
  {
    name: "a four-backtick fence holding a three-backtick fence",
    reply: md("Docstring with markdown:", "````python", 'HELP = """', "```", "example", "```", '"""', "````", "done"),
    expected: { code: 'HELP = """\n```\nexample\n```\n"""\n', firstLine: 3 },
  },
  {
    name: "a tilde fence holding backtick lines",
    reply: md("~~~", 'S = """', "```", '"""', "~~~"),
    expected: { code: 'S = """\n```\n"""\n' },
  },
  {
    name: "a closing fence longer than the opening one",
    reply: md("```python", "x = 1", "``````", "trailing prose"),
    expected: { code: "x = 1\n" },
  },
  {
    name: "a closing fence of the other character does not close",
    reply: md("```python", "x = 1", "~~~", "y = 2", "```"),
    expected: { code: "x = 1\n~~~\ny = 2\n" },
  },
  {
    name: "an indented fence loses that indentation from its lines",
    reply: md("1. Write the function:", "", "  ```python", "  def one():", "      return 1", " x = 2", "  ```"),
    expected: { code: "def one():\n    return 1\nx = 2\n", block: { index: 0, tag: "python", startLine: 3 } },
  },
  {
    name: "CRLF line ends",
    reply: "Here:\r\n```python\r\nx = 1\r\nprint(x)\r\n```\r\n",
    expected: { code: "x = 1\nprint(x)\n", firstLine: 3 },
  },
  {
    name: "lone CR line ends",
    reply: "Here:\r```python\rx = 1\r```\r",
    expected: { code: "x = 1\n", firstLine: 3 },
  },
  {
    name: "an info string with attributes",
    reply: md('```python title="solution.py"', "x = 1", "```"),
    expected: { code: "x = 1\n", language: "python", block: { index: 0, tag: "python", startLine: 1 } },
  },
  {
    name: "an info string with braces",
    reply: md("```py {linenos}", "x = 1", "```"),
    expected: { code: "x = 1\n", block: { index: 0, tag: "py", startLine: 1 } },
  },
  {
    name: "top-level prints and a main guard are kept",
    reply: md(
      "Done:",
      fence("python", SQUARE, "", "print(square(2))  # 4", "", 'if __name__ == "__main__":', "    print(square(5))"),
    ),
    expected: { code: `${SQUARE}\n\nprint(square(2))  # 4\n\nif __name__ == "__main__":\n    print(square(5))\n` },
  },
  {
    name: "no fence: the whole reply is the code",
    reply: md("", "", "import sys", "", "print(sys.argv)", "   ", ""),
    expected: { code: "import sys\n\nprint(sys.argv)\n", language: "python", block: null, candidates: 0, firstLine: 3 },
  },
  {
    name: "an unclosed final fence runs to the end",
    reply: md("Here you go:", "```python", SQUARE, ""),
    expected: { code: SQUARE_CODE, block: { index: 0, tag: "python", startLine: 2 } },
  },
  {
    name: "a diff fence is left for the patch feature",
    reply: md(
      "Change:",
      fence("diff", "--- a/x.py", "+++ b/x.py", "@@ -1 +1 @@", "-x = 1", "+x = 2 and a longer line"),
      "Result:",
      fence("python", "x = 2"),
    ),
    expected: { code: "x = 2\n", block: { index: 1, tag: "python", startLine: 10 }, candidates: 1 },
  },
  {
    name: "output-tagged blocks are skipped even when longer",
    reply: md(
      fence("python", "print(1)"),
      fence("text", "1 and a long explanation of it"),
      fence("output", "1 and more words"),
    ),
    expected: { code: "print(1)\n", candidates: 1 },
  },
  {
    name: "a console session is output, not a bash script",
    language: "bash",
    reply: md(
      "Run:",
      fence("console", "$ bash hello.sh", "hello, world and more"),
      "Script:",
      fence("bash", 'echo "hello"'),
    ),
    expected: { code: 'echo "hello"\n', language: "bash", block: { index: 1, tag: "bash", startLine: 7 } },
  },
  {
    name: "a line of inline code is not a fence",
    reply: md("Call ```square(2)``` to try it.", fence("python", "y = 3")),
    expected: { code: "y = 3\n", block: { index: 0, tag: "python", startLine: 2 } },
  },
  {
    name: "four spaces of indentation is not a fence",
    reply: md("Example:", "", "    ```python", "    x = 1", "    ```"),
    expected: { block: null, candidates: 0 },
  },
  {
    name: "auto: the language of the fence tag",
    language: "auto",
    reply: md("In TypeScript:", fence("ts", "const n: number = 1;")),
    expected: { code: "const n: number = 1;\n", language: "typescript" },
  },
  {
    name: "auto: a bare fence leaves the language to the caller",
    language: "auto",
    reply: fence("", "x = 1"),
    expected: { code: "x = 1\n", language: null },
  },
  {
    name: "auto: the longest tagged block decides, not a leading install snippet",
    language: "auto",
    reply: md(
      "Install:",
      fence("bash", "pip install numpy"),
      "Then:",
      fence("python", "import numpy as np", "print(np.zeros(3))"),
    ),
    expected: { code: "import numpy as np\nprint(np.zeros(3))\n", language: "python" },
  },
  {
    name: "auto: a bare output block beside a tagged one",
    language: "auto",
    reply: md(fence("python", SQUARE), fence("", "16")),
    expected: { code: SQUARE_CODE, language: "python", candidates: 2 },
  },
  {
    name: "auto: no fence and code-like text",
    language: "auto",
    reply: "const x = 1;\nconsole.log(x);\n",
    expected: { code: "const x = 1;\nconsole.log(x);\n", language: null, block: null },
  },
];

describe("extractCode: code found", () => {
  it.each(codeCases)("$name", ({ reply, language, expected }) => {
    const result = extractCode(reply, language ?? "python");
    expect(result.kind).toBe("code");
    expect(result).toMatchObject(expected);
    expect(result.reason).not.toBe("");
  });
});

const noneCases: { name: string; reply: string; language?: Language | "auto"; reason: RegExp }[] = [
  { name: "an empty reply", reply: "", reason: /empty reply/ },
  { name: "whitespace only", reply: " \n\t\r\n  ", reason: /empty reply/ },
  {
    name: "pure prose",
    reply: md(
      "I cannot help with that request.",
      "",
      "If you want, I can explain the algorithm instead: it sorts the list first.",
    ),
    reason: /prose/,
  },
  {
    name: "prose with code-ish words",
    reply: md(
      "To fix it, return the sum rather than printing it.",
      "Set the total equal to zero first; for each item, add it.",
    ),
    reason: /prose/,
  },
  { name: "pure prose, auto", language: "auto", reply: "Sorry, I don't know.", reason: /prose/ },
  {
    name: "only a block in another language",
    reply: md("In Java:", fence("java", "class A {}")),
    reason: /no python block.*java/,
  },
  { name: "only an empty block", reply: md("```python", "", "   ", "```"), reason: /empty python/ },
  { name: "only a diff", reply: fence("diff", "--- a/f.py", "+++ b/f.py"), reason: /diff/ },
  {
    name: "only a bare fence holding a unified diff",
    reply: fence("", "diff --git a/f.py b/f.py", "--- a/f.py", "+++ b/f.py"),
    reason: /diff/,
  },
  { name: "only output blocks", reply: md(fence("output", "42"), fence("console", "$ ls")), reason: /output, console/ },
  {
    name: "auto: only blocks of unknown languages",
    language: "auto",
    reply: fence("json", '{"a": 1}'),
    reason: /no code block.*json/,
  },
];

describe("extractCode: nothing runnable", () => {
  it.each(noneCases)("$name", ({ reply, language, reason }) => {
    const result = extractCode(reply, language ?? "python");
    expect(result).toEqual({ kind: "none", reason: expect.stringMatching(reason) });
  });
});

describe("extractCode: the ranking the pipeline walks until a block parses", () => {
  const broken = "def f(:\n    return 1 and a longer body than the other\n";
  const short = "def f():\n    return 1\n";
  const reply = md(
    "First:",
    fence("python", broken.trimEnd()),
    "Second:",
    fence("python", short.trimEnd()),
    "Usage:",
    fence("python", "f()"),
  );

  it("chooses the longest block and keeps the others, longest first, as fallbacks", () => {
    const result = extractCode(reply, "python");
    expect(result).toMatchObject({
      kind: "code",
      code: broken,
      block: { index: 0 },
      candidates: 3,
      reason: "longest of 3 python blocks",
    });
    expect(result.kind === "code" && result.fallbacks).toEqual([
      { code: short, block: { index: 1, tag: "python", startLine: 7 }, firstLine: 8 },
      { code: "f()\n", block: { index: 2, tag: "python", startLine: 12 }, firstLine: 13 },
    ]);
  });

  it("ranks the later of two blocks of equal length first: replies correct themselves further down", () => {
    const result = extractCode(md(fence("python", "x = 1"), fence("python", "x = 2")), "python");
    expect(result).toMatchObject({
      kind: "code",
      code: "x = 2\n",
      fallbacks: [{ code: "x = 1\n", block: { index: 0 } }],
    });
  });

  it("has no fallback for a single block, the whole reply, or blocks of another language", () => {
    for (const text of [
      fence("python", "x = 1"),
      "x = 1",
      md(fence("python", "x = 1"), fence("javascript", "let y = 22;")),
    ]) {
      expect(extractCode(text, "python")).toMatchObject({ kind: "code", code: "x = 1\n", fallbacks: [] });
    }
  });

  it("ranks untagged blocks too when the language is unknown", () => {
    const result = extractCode(md(fence("", "x = 1"), fence("", "y = 22")), "auto");
    expect(result).toMatchObject({ kind: "code", code: "y = 22\n", language: null, fallbacks: [{ code: "x = 1\n" }] });
  });
});

describe("findPatchBlocks", () => {
  const diff = md("--- a/app.py", "+++ b/app.py", "@@ -1 +1 @@", "-x = 1", "+x = 2");

  it.each([
    { name: "a diff fence", reply: md("Apply this:", fence("diff", diff), "Thanks."), patches: [`${diff}\n`] },
    {
      name: "a patch fence and a python fence",
      reply: md(fence("patch", diff), fence("python", "x = 2")),
      patches: [`${diff}\n`],
    },
    {
      name: "a bare fence holding a git diff",
      reply: fence("", `diff --git a/app.py b/app.py\n${diff}`),
      patches: [`diff --git a/app.py b/app.py\n${diff}\n`],
    },
    {
      name: "two diffs, CRLF",
      reply: md(fence("diff", diff), fence("udiff", diff)).replace(/\n/g, "\r\n"),
      patches: [`${diff}\n`, `${diff}\n`],
    },
    { name: "no diff", reply: fence("python", "x = 2"), patches: [] },
  ])("$name", ({ reply, patches }) => {
    expect(findPatchBlocks(reply)).toEqual(patches);
  });
});

describe("looksLikeCode", () => {
  it.each<[string, Language | null, boolean]>([
    ["def f(x):", "python", true],
    ["class Stack:", "python", true],
    ["from collections import deque", "python", true],
    ["import os, sys", "python", true],
    ["    for item in items:", "python", true],
    ["total += 1", "python", true],
    ["a, b = b, a", "python", true],
    ["main()", "python", true],
    ["if you want the fast version, use a set.", "python", false],
    ["For each item we add one.", "python", false],
    ["The result (see above) is 4.", "python", false],
    ["Import the module first.", "python", false],
    ["x == y holds here", "python", false],
    ["const add = (a, b) => a + b;", "javascript", true],
    ["function add(a, b) {", "javascript", true],
    ["interface Point { x: number }", "typescript", true],
    ["interface Point { x: number }", "javascript", false],
    ["#!/bin/bash", "bash", true],
    ["NAME=world", "bash", true],
    ["ls -la /tmp", "bash", true],
    ["for f in *.txt; do", "bash", true],
    ["Run the script twice.", "bash", false],
    ["<?php", "php", true],
    ["$total = 0;", "php", true],
    ["echo 'hi';", "php", true],
    ["Use echo to print it", "php", false],
    ["$total = 0;", null, true],
    ["Nothing to see here.", null, false],
  ])("%j as %s → %s", (text, language, expected) => {
    expect(looksLikeCode(text, language)).toBe(expected);
  });
});
