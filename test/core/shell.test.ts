import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { isPlainWord, shellQuote, shellWord } from "../../src/core/shell.js";

describe("shellWord, shellQuote: one word for sh -c, read back as the text itself", () => {
  it("quotes a word only when the shell would read it otherwise", () => {
    expect(shellWord("tests/test_a.py")).toBe("tests/test_a.py");
    expect(shellWord("it's")).toBe(`'it'\\''s'`);
    expect(shellWord("")).toBe("''");
    expect(isPlainWord("")).toBe(false);
    expect(isPlainWord("a b")).toBe(false);
  });

  it("shellQuote quotes every word, a plain one too", () => {
    expect(shellQuote("python3")).toBe("'python3'");
    expect(shellQuote("it's")).toBe(`'it'\\''s'`);
  });

  it("a real sh reads each back as exactly its text, running nothing", () => {
    const words = ["plain", "", "with space", "semi;colon", "$(echo PWNED)", "`echo PWNED`", "it's", 'q"q', "*", "-n"];
    for (const quote of [shellWord, shellQuote]) {
      const script = `for a in ${words.map(quote).join(" ")}; do printf '%s\\n' "$a"; done`;
      expect(execFileSync("sh", ["-c", script], { encoding: "utf8" }).split("\n").slice(0, -1)).toEqual(words);
    }
  });
});
