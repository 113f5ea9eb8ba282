// --help from action.yml: one source for the action's inputs and the CLI's flags.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  TOP_HELP,
  importHelp,
  mergeHelp,
  parseActionInputs,
  plain,
  readActionInputs,
  runHelp,
  shownDefault,
  wrap,
} from "../../src/cli/help.js";
import { MERGE_FLAGS, RUN_FLAGS } from "../../src/cli/options.js";
import { DEFAULTS } from "../../src/settings/settings.js";

const ACTION_YML = readFileSync(resolve(import.meta.dirname, "../../action.yml"), "utf8");

describe("parseActionInputs", () => {
  it("reads every input of action.yml with its description and default as text", () => {
    const inputs = parseActionInputs(ACTION_YML);
    expect([...inputs.keys()].sort()).toEqual(Object.keys(DEFAULTS).sort());
    expect(inputs.get("timeout")).toEqual({ description: expect.stringMatching(/the time it had/), default: "10s" });
    expect(inputs.get("comment")!.default).toBe("true");
    expect(inputs.get("github-token")!.default).toBe("${{ github.token }}");
  });

  it("takes numbers and booleans as text, and a missing field as empty", () => {
    const yml = "inputs:\n  a:\n    description: x\n    default: 20\n  b:\n    default: true\n";
    expect(parseActionInputs(yml)).toEqual(
      new Map([
        ["a", { description: "x", default: "20" }],
        ["b", { description: "", default: "true" }],
      ]),
    );
    expect(parseActionInputs("name: x\n").size).toBe(0);
  });

  it("reads the checkout's action.yml when run from src", () => {
    expect(readActionInputs()).toEqual(parseActionInputs(ACTION_YML));
  });
});

describe("plain", () => {
  it("drops Markdown a terminal would show raw", () => {
    expect(plain("Use `fail-on`, **not** [the docs](https://x.test/d).\n  Twice.")).toBe(
      "Use fail-on, not the docs (https://x.test/d). Twice.",
    );
  });

  it("keeps a glob's ** whole, in a code span or not: it is no emphasis", () => {
    expect(plain("the config, .github/**; `default, more/**` adds")).toBe(
      "the config, .github/**; default, more/** adds",
    );
    expect(plain("`src/**/x` and **bold** and a/**/b")).toBe("src/**/x and bold and a/**/b");
    expect(plain("a `**not strong**` span")).toBe("a **not strong** span");
  });

  it("prints the protect default's globs intact in run --help", () => {
    const help = runHelp(parseActionInputs(ACTION_YML));
    expect(help).toContain(".github/**;");
    expect(help).toContain("more/**");
  });
});

describe("wrap", () => {
  it("breaks between words within the width, indenting each line, the last piece unbroken", () => {
    const lines = wrap("aaa bbb ccc ddd", "  ", 10, "[default: x y]");
    expect(lines).toEqual(["  aaa bbb", "  ccc ddd", "  [default: x y]"]);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(16);
  });

  it("gives a word longer than the width a line of its own", () => {
    expect(wrap("a averyveryverylongword b", "", 8)).toEqual(["a", "averyveryverylongword", "b"]);
  });
});

describe("runHelp and mergeHelp", () => {
  const inputs = parseActionInputs(ACTION_YML);

  it("lists each flag of the command once, with its default", () => {
    const help = runHelp(inputs);
    for (const name of RUN_FLAGS) {
      expect(help.split("\n").filter((line) => line === `  --${name} VALUE`)).toHaveLength(1);
      expect(help).toContain(`[default: ${shownDefault(name, inputs.get(name)!.default)}]`);
    }
    const merge = mergeHelp(inputs);
    expect(merge.split("\n").filter((line) => /^ {2}--[a-z-]+ VALUE$/.test(line))).toEqual(
      MERGE_FLAGS.map((name) => `  --${name} VALUE`),
    );
  });

  it("shows the CLI's own defaults where they differ from the action's", () => {
    expect(shownDefault("max-candidates", "20")).toBe("no limit (the action's is 20)");
    expect(shownDefault("workdir", "")).toBe("the current directory");
    expect(shownDefault("runtime", "")).toBe("unset");
    expect(shownDefault("timeout", "10s")).toBe("10s");
  });

  it("keeps to 80 columns but for a word (or a default) that cannot be broken", () => {
    for (const line of [...runHelp(inputs).split("\n"), ...TOP_HELP.split("\n"), ...importHelp().split("\n")])
      if (line.length > 80) expect(line.trim().replace(/^\[default: (\S+)\]$/, "$1"), line).not.toContain(" ");
  });

  it("fails loudly for a flag action.yml does not describe", () => {
    const partial = new Map(inputs);
    partial.delete("timeout");
    expect(() => runHelp(partial)).toThrow("action.yml declares no input 'timeout'");
  });

  it("says what each exit code means", () => {
    for (const help of [TOP_HELP, runHelp(inputs), mergeHelp(inputs)])
      expect(help).toMatch(/ {2}0 .*\n {2}1 .*\n {2}2 .*\n {2}3 {2}our side failed/);
    // import judges nothing: no exit 1.
    expect(importHelp()).toMatch(/Exit status:\n {2}0 .*\n {2}2 .*\n {5}.*\n {2}3 /);
  });
});
