// The bundled CLI as a user meets it: help, version, output formats, quiet, colours, the exit codes and
// errors that name the flag. No docker on the PATH and no Engine API: prose replies are judged no_code
// without a sandbox, and a reply with code meets a missing engine, which is our side's failure.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import packageJson from "../package.json" with { type: "json" };
import { parseActionInputs } from "../src/cli/help.js";
import { CLI_INPUTS } from "../src/settings/entries.js";
import { expectValidReport } from "./support/report-schema.js";
import { tempDir } from "./support/temp.js";

const ROOT = resolve(import.meta.dirname, "..");
const CLI = resolve(ROOT, "dist/cli.js");
const REPLY = resolve(ROOT, "examples/replies/pass.md");
const PROSE = resolve(ROOT, "examples/replies/prose-only.md");
const ESC = "\u001b[";

function cli(args: string[], { env = {}, cwd = ROOT }: { env?: Record<string, string>; cwd?: string } = {}) {
  // A docker that does not exist: if anything tried to run, the outcome would show it.
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^(NO_COLOR|FORCE_COLOR)$/.test(key)),
  );
  return spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...clean, PATH: "/nonexistent", SANDBOX_GATE_ENGINE: "cli", ...env },
  });
}

describe("sandbox-gate run: bad input", () => {
  it.each([
    [["--memory", "256q"], "sandbox-gate: --memory: '256q' is not a size"],
    [["--timeout=-1"], "sandbox-gate: --timeout: '-1' is not a positive duration"],
    [["--language", "cobol"], "sandbox-gate: --language: 'cobol' is not one of auto"],
    [
      ["--tests", "no/such/test_*.py", "--command", "python3 -m pytest"],
      "sandbox-gate: --tests: 'no/such/test_*.py' matches no file",
    ],
    [["--tests", "examples/test_solution.py"], "sandbox-gate: --command: is required when 'tests' is set"],
    [["--fail-on", "pass,nope"], "sandbox-gate: --fail-on: 'nope' is not one of"],
    [["--pids-limit", "3"], "sandbox-gate: --pids-limit: '3' is not a whole number ≥ 8"],
    [["--format", "xml"], "sandbox-gate: --format: 'xml' is not one of table, json, jsonl"],
  ])("%j → exit 2 and one line naming the flag as typed", (flags, message) => {
    const r = cli(["run", ...flags, REPLY]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toContain(message);
  });

  it("names a FILE that does not exist", () => {
    const r = cli(["run", "missing-reply.md"]);
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe("sandbox-gate: FILE: 'missing-reply.md' is not a readable file or directory");
  });

  it.each([
    [["frobnicate"], "unknown command 'frobnicate': the commands are run, merge and import"],
    [["run"], "no FILE given"],
    [["run", "--no-such-flag", "x", REPLY], "unknown flag --no-such-flag"],
    [["run", "--timeout"], "--timeout needs a value"],
    [["run", "--quiet=yes", REPLY], "--quiet takes no value (got 'yes')"],
    [["run", "--source", "comments", REPLY], "--source is an input of the action only"],
    [["run", "--github-token", "t", REPLY], "--github-token is an input of the action only"],
    [["merge", "--timeout", "5s", "r.json"], "--timeout is not a flag of merge, which runs nothing"],
    [["run", "--report", "-", "--junit", "-", REPLY], "--report - and --junit - both ask for stdout"],
    [["run", "--report", "-", "--format", "jsonl", REPLY], "--report - prints on stdout, where --format jsonl"],
  ])("%j is bad usage: exit 2, the reason, the command's usage line", (args, reason) => {
    const r = cli(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    const [first, usage] = r.stderr.split("\n");
    expect(first!.startsWith(`sandbox-gate: ${reason}`), first).toBe(true);
    expect(usage).toMatch(/^usage: sandbox-gate (run|merge) /);
  });
});

describe("sandbox-gate --help and --version", () => {
  const inputs = parseActionInputs(readFileSync(resolve(ROOT, "action.yml"), "utf8"));

  it("prints the commands and the exit codes on --help, and exits 0", () => {
    const r = cli(["--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: sandbox-gate run \[FLAG\]\.\.\. FILE\.\.\.\n {7}sandbox-gate merge/);
    expect(r.stdout).toContain("  3  our side failed: a candidate ended sandbox_error");
  });

  it("lists every flag of run with its description and default from action.yml", () => {
    const r = cli(["run", "--help"]);
    expect(r.status, r.stderr).toBe(0);
    // One paragraph per flag: its line, then the indented description ending in its default.
    const entries = new Map(
      r.stdout
        .split(/\n(?= {2}--)/)
        .map((block) => [/^ {2}(--[\w-]+)/.exec(block)?.[1], block.replace(/\s+/g, " ")] as const),
    );
    for (const name of CLI_INPUTS) {
      const entry = entries.get(`--${name}`);
      expect(entry, `--${name}`).toBeDefined();
      const { default: value, description } = inputs.get(name)!;
      const shown = { "max-candidates": "no limit (the action's is 20)", workdir: "the current directory" }[
        name as string
      ];
      expect(entry).toContain(`[default: ${shown ?? (value === "" ? "unset" : value)}]`);
      expect(entry).toContain(description.replace(/`/g, "").split(" ").slice(0, 4).join(" "));
    }
    for (const own of ["--format", "--quiet", "--help"]) expect(entries.has(own), own).toBe(true);
    for (const actionOnly of ["--source", "--files", "--authors", "--comment", "--github-token", "--merge"])
      expect(entries.has(actionOnly), actionOnly).toBe(false);
    expect(r.stdout).toContain("NO_COLOR");
  });

  it("renders action.yml's Markdown plain", () => {
    expect(inputs.get("fail-on")!.description).toContain("`flaky`");
    expect(cli(["run", "--help"]).stdout).toMatch(/Statuses that fail the check; flaky also fails/);
  });

  it.each([[["run", "-h"]], [["help", "run"]], [["run", "--no-such-flag", "--help", REPLY]]])(
    "%j is the help of run, whatever else the line holds",
    (args) => {
      const r = cli(args);
      expect(r.status).toBe(0);
      expect(r.stdout).toBe(cli(["run", "--help"]).stdout);
    },
  );

  it("lists merge's flags, and no flag of run", () => {
    const r = cli(["merge", "--help"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^usage: sandbox-gate merge/);
    for (const flag of ["--report", "--junit", "--baseline", "--fail-on", "--workdir", "--format"])
      expect(r.stdout).toContain(`  ${flag}`);
    expect(r.stdout).not.toContain("  --timeout");
  });

  it("prints the package's version on --version", () => {
    const r = cli(["--version"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(`${packageJson.version}\n`);
  });
});

describe("sandbox-gate run: what goes where", () => {
  it("prints the table on stdout and the progress and decision on stderr by default", () => {
    const r = cli(["run", PROSE]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^id\s+status\s+exit\s+signal\s+time\n.*prose-only\.md\s+no_code/);
    expect(r.stderr).toMatch(/\[1\/1\] .*prose-only\.md: no_code/);
    expect(r.stderr.trim().split("\n").at(-1)).toBe("1 of 1 candidates failed the gate (1 no_code)");
  });

  it("prints the JSON report on stdout with --format json", () => {
    const r = cli(["run", "--format", "json", PROSE]);
    expect(r.status).toBe(1);
    const report = JSON.parse(r.stdout);
    expectValidReport(report);
    expect(report.results).toMatchObject([{ status: "no_code", feedback: expect.stringMatching(/No runnable code/) }]);
    expect(r.stderr).toContain("failed the gate");
  });

  it("prints one result per line with --format jsonl", () => {
    const r = cli(["run", "--format", "jsonl", PROSE, REPLY]);
    const lines = r.stdout.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines.map((line) => JSON.parse(line).status)).toEqual(["no_code", "sandbox_error"]);
  });

  it("takes --report - for stdout, never a file named -", () => {
    const dir = tempDir("cli-stdout");
    const r = cli(["run", "--report", "-", PROSE], { cwd: dir });
    expectValidReport(JSON.parse(r.stdout));
    expect(existsSync(join(dir, "-"))).toBe(false);
    const junit = cli(["run", "--junit", "-", PROSE], { cwd: dir });
    expect(junit.stdout).toMatch(/^<\?xml [^>]*\?>\n<testsuites/);
    expect(existsSync(join(dir, "-"))).toBe(false);
  });

  it("keeps the audit lines for --audit-log's file, off stderr, where the user stands (not in --workdir)", () => {
    const dir = tempDir("cli-audit");
    const base = tempDir("cli-audit-base");
    const r = cli(["run", "--audit-log", "audit.jsonl", "--workdir", base, PROSE], { cwd: dir });
    expect(r.stderr).not.toContain('{"event"');
    expect(existsSync(join(base, "audit.jsonl"))).toBe(false);
    const lines = readFileSync(join(dir, "audit.jsonl"), "utf8").trim().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toMatchObject([
      { event: "sandbox-gate.candidate", status: "no_code" },
    ]);
  });

  it("says nothing on stderr with --quiet but what is wrong", () => {
    const r = cli(["run", "--quiet", PROSE]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/prose-only\.md\s+no_code/);
    expect(r.stderr).toBe("");
    expect(cli(["run", "--quiet", "--timeout", "0", PROSE]).stderr).toContain("--timeout");
  });
});

describe("sandbox-gate run: colours", () => {
  it.each([
    [{}, false],
    [{ FORCE_COLOR: "1" }, true],
    [{ FORCE_COLOR: "0" }, false],
    [{ NO_COLOR: "1" }, false],
    [{ NO_COLOR: "1", FORCE_COLOR: "1" }, true],
  ])("%j on a pipe: coloured %s", (env, coloured) => {
    const r = cli(["run", PROSE], { env });
    expect(r.stdout.includes(`${ESC}31mno_code`)).toBe(coloured);
    expect(r.stderr.includes(ESC)).toBe(coloured);
    if (!coloured) expect(r.stdout).not.toContain("\u001b");
  });

  // `script` gives the CLI a real terminal, as a person's shell does.
  it.each([
    [{}, true],
    [{ NO_COLOR: "1" }, false],
    [{ TERM: "dumb" }, false],
  ])("%j on a terminal: coloured %s", (env, coloured) => {
    const command = `${process.execPath} ${CLI} run --quiet ${PROSE}`;
    const r = spawnSync("script", ["-qec", command, "/dev/null"], {
      encoding: "utf8",
      env: { ...process.env, PATH: `/nonexistent:/usr/bin:/bin`, TERM: "xterm", SANDBOX_GATE_ENGINE: "cli", ...env },
    });
    expect(r.stdout).toMatch(/prose-only\.md/);
    expect(r.stdout.includes(`${ESC}31mno_code`)).toBe(coloured);
  });
});

describe("sandbox-gate run: exit codes", () => {
  it("exits 0 when nothing fails the gate", () => {
    expect(cli(["run", "--fail-on", "sandbox_error", PROSE]).status).toBe(0);
  });

  it("exits 1 when a candidate fails it", () => {
    expect(cli(["run", PROSE]).status).toBe(1);
  });

  it("exits 3 when our side failed a candidate (no engine), whatever the others did, and says why", () => {
    const r = cli(["run", PROSE, REPLY]);
    expect(r.status).toBe(3);
    expect(r.stdout).toMatch(/pass\.md\s+sandbox_error/);
    expect(r.stderr.trim().split("\n").at(-1)).toMatch(
      /^sandbox-gate: our side failed, so 1 of 2 candidate\(s\) were not judged \(sandbox_error, exit 3\): \S/,
    );
  });

  it("says our side's cause once for every candidate it stopped, and rates only what was judged", () => {
    const dir = tempDir("cli-ours");
    const code = { reply: "```python\nprint('hi')\n```" };
    const lines = Array.from({ length: 30 }, (_, n) => ({ id: `c${n}`, ...(n < 3 ? { reply: "Only words." } : code) }));
    writeFileSync(join(dir, "set.jsonl"), lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    const r = cli(["run", "--language", "python", "set.jsonl"], { cwd: dir });
    expect(r.status).toBe(3);
    // In the table's rows, not the failures in short under it.
    const table = r.stdout.split("\n\nfailed the gate:\n")[0]!;
    expect(table.match(/sandbox_error/g)).toHaveLength(27);
    const said = r.stderr.split("\n").filter((line) => line.includes("our side failed, so"));
    expect(said).toEqual([
      expect.stringMatching(
        /^sandbox-gate: our side failed, so 27 of 30 candidate\(s\) were not judged \(sandbox_error, exit 3\): \S/,
      ),
    ]);
    expect(r.stderr).toContain("pass rate 0.0% (0 of 3 judged; 27 not judged, our side failed)");
    // A candidate our side failed took no time: no throughput is made of it.
    expect(r.stderr).toMatch(/progress: 30\/30 \(100%\), \d+\.\d\d candidates\/s, done; 3 not passing, 27 not judged/);
    // Quiet keeps it: it is why the exit code is 3.
    const quiet = cli(["run", "--quiet", "--language", "python", "set.jsonl"], { cwd: dir });
    expect(quiet.stderr.trim().split("\n")).toEqual([said[0]]);
  });

  it("says so when no candidate was judged at all, rather than a pass rate of 0.0%", () => {
    const r = cli(["run", REPLY]);
    expect(r.status).toBe(3);
    expect(r.stderr).toContain("pass rate: none, no candidate was judged (our side failed for all 1: sandbox_error)");
    expect(r.stderr).not.toContain("0.0%");
  });

  it("leaves a sandbox_error to the gate when fail-on does not count it", () => {
    expect(cli(["run", "--fail-on", "no_code", REPLY]).status).toBe(0);
    expect(cli(["run", "--fail-on", "no_code", PROSE, REPLY]).status).toBe(1);
  });
});

describe("sandbox-gate run: FILEs", () => {
  function dataset(dir: string, lines: number): string {
    const path = join(dir, "set.jsonl");
    const reply = "I would explain the idea in words rather than write the code for it.";
    writeFileSync(
      path,
      Array.from({ length: lines }, (_, n) => `${JSON.stringify({ id: `c${n}`, reply })}\n`).join(""),
    );
    return path;
  }

  it("runs every candidate of a dataset: no quota unless --max-candidates sets one", () => {
    const dir = tempDir("cli-quota");
    const all = JSON.parse(cli(["run", "--format", "json", dataset(dir, 25)]).stdout);
    expect(all.summary.total).toBe(25);
    expect(all.skipped).toEqual([]);
    const quota = JSON.parse(cli(["run", "--format", "json", "--max-candidates", "20", dataset(dir, 25)]).stdout);
    expect(quota.summary.total).toBe(20);
    expect(quota.skipped).toHaveLength(5);
  });

  it("takes a directory for its replies, patches and datasets, in path order, ids as typed", () => {
    const dir = tempDir("cli-dir");
    mkdirSync(join(dir, "replies/nested"), { recursive: true });
    writeFileSync(join(dir, "replies/b.md"), "Prose only, no code at all in this reply.\n");
    writeFileSync(join(dir, "replies/nested/a.txt"), "Still only prose: words, not code.\n");
    writeFileSync(join(dir, "replies/fix.patch"), "not a patch at all\n");
    writeFileSync(join(dir, "replies/set.jsonl"), `${JSON.stringify({ id: "line", reply: "Prose once more." })}\n`);
    writeFileSync(join(dir, "replies/test_helper.py"), "print('not a candidate')\n");
    const r = cli(["run", "--format", "json", "replies"], { cwd: dir });
    const report = JSON.parse(r.stdout);
    expect(report.results.map((x: { id: string }) => x.id)).toEqual([
      "replies/b.md",
      "replies/fix.patch",
      "replies/nested/a.txt",
      "line",
    ]);
    expect(report.results.map((x: { status: string }) => x.status)).toEqual([
      "no_code",
      "patch_failed",
      "no_code",
      "no_code",
    ]);
  });

  it("refuses a malformed dataset line as bad input before anything runs: exit 2 naming file:line", () => {
    const dir = tempDir("cli-bad-line");
    const good = JSON.stringify({ id: "a", reply: "Only words." });
    writeFileSync(join(dir, "set.jsonl"), `${good}\n${good.replace('"a"', '"b"')}\n{"id": "c", "reply": \n`);
    const r = cli(["run", "--report", "r.json", "set.jsonl"], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stderr).toMatch(/^sandbox-gate: FILE: set\.jsonl:3: not valid JSON \(.*\); nothing was run\n$/);
    expect(existsSync(join(dir, "r.json"))).toBe(false);
  });

  it("writes a relative --report where the user stands, never into the base tree (--workdir)", () => {
    const dir = tempDir("cli-report-cwd");
    const base = tempDir("cli-report-base");
    const r = cli(["run", "--report", "r.json", "--junit", "out/j.xml", "--workdir", base, PROSE], { cwd: dir });
    expect(r.status).toBe(1);
    expectValidReport(JSON.parse(readFileSync(join(dir, "r.json"), "utf8")));
    expect(existsSync(join(dir, "out/j.xml"))).toBe(true);
    expect(existsSync(join(base, "r.json"))).toBe(false);
    expect(existsSync(join(base, "out"))).toBe(false);
  });

  it("names a directory with nothing to judge", () => {
    const dir = tempDir("cli-empty");
    mkdirSync(join(dir, "empty"));
    writeFileSync(join(dir, "empty/notes.py"), "x = 1\n");
    const r = cli(["run", "empty"], { cwd: dir });
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe(
      "sandbox-gate: FILE: the directory 'empty' holds no reply, patch or dataset (.md, .txt, .patch, .diff, .jsonl)",
    );
  });
});
