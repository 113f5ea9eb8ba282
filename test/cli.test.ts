// The bundled CLI's contract for bad usage and bad input: exit 2, one line naming the culprit, nothing run.
import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";

const CLI = resolve(import.meta.dirname, "../dist/cli.js");
const REPLY = resolve(import.meta.dirname, "../examples/replies/pass.md");

function cli(...args: string[]) {
  // A docker that does not exist: if anything tried to run, the outcome would show it.
  return spawnSync(process.execPath, [CLI, ...args], {
    encoding: "utf8",
    env: { ...process.env, PATH: "/nonexistent" },
  });
}

describe("sandbox-gate run: bad input", () => {
  it.each([
    [["--memory", "256q"], "Input 'memory': '256q' is not a size"],
    [["--timeout=-1"], "Input 'timeout': '-1' is not a positive duration"],
    [["--language", "cobol"], "Input 'language': 'cobol' is not one of auto"],
    [["--tests", "no/such/test_*.py"], "Input 'tests': 'no/such/test_*.py' matches no file"],
    [["--fail-on", "pass,nope"], "Input 'fail-on': 'nope' is not one of"],
  ])("%j → exit 2 and one line naming the input", (flags, message) => {
    const r = cli("run", ...flags, REPLY);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(message);
  });

  it("names a FILE that does not exist", () => {
    const r = cli("run", "missing-reply.md");
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("sandbox-gate: Input 'FILE': 'missing-reply.md' is not a readable file");
  });

  it.each([[["frobnicate"]], [["run"]], [["run", "--no-such-flag", "x", REPLY]]])(
    "%j is bad usage: exit 2 with the usage text",
    (args) => {
      const r = cli(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^sandbox-gate: .+\n/);
    },
  );

  it("prints its usage on --help and exits 0", () => {
    const r = cli("--help");
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: sandbox-gate run/);
  });
});
