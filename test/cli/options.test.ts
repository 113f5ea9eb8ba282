// The command line read into what to do, and the CLI's rules about it: flags per command, what stdout
// gets, the exit code. Pure functions, each rule on its own.
import { describe, expect, it } from "vitest";
import {
  CLI_DEFAULTS,
  EXIT,
  MERGE_FLAGS,
  RUN_FLAGS,
  UsageError,
  cliDefault,
  exitCodeOf,
  exitCodeOfError,
  outputPlan,
  parseCommandLine,
  pathsFrom,
  type Command,
} from "../../src/cli/options.js";
import type { Result, Status } from "../../src/core/model.js";
import { ACTION_ONLY } from "../../src/settings/entries.js";
import { InputError } from "../../src/core/errors.js";
import { DEFAULTS, readSettings } from "../../src/settings/settings.js";

function command(argv: string[]): Command {
  const invocation = parseCommandLine(argv);
  if (invocation.kind !== "command") throw new Error(`not a command: ${JSON.stringify(invocation)}`);
  return invocation.command;
}

function usageError(argv: string[]): UsageError {
  try {
    parseCommandLine(argv);
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
  throw new Error("no UsageError");
}

describe("parseCommandLine", () => {
  it("reads flags as `--name value` and `--name=value`, the rest as FILEs, everything after -- too", () => {
    expect(command(["run", "--timeout", "5s", "--memory=128m", "a.md", "--", "--odd.md", "-"])).toEqual({
      verb: "run",
      inputs: { timeout: "5s", memory: "128m" },
      paths: ["a.md", "--odd.md", "-"],
      quiet: false,
    });
  });

  it("keeps a value that starts with a dash, and an empty one", () => {
    expect(command(["run", "--command", "-x", "--runtime=", "a.md"]).inputs).toEqual({ command: "-x", runtime: "" });
  });

  it("takes --quiet and --format beside the inputs", () => {
    expect(command(["run", "--quiet", "--format", "jsonl", "a.md"])).toMatchObject({ quiet: true, format: "jsonl" });
    expect(command(["merge", "--format=json", "r.json"])).toMatchObject({ verb: "merge", format: "json" });
  });

  it("takes -q for --quiet, in every command", () => {
    expect(command(["run", "-q", "a.md"])).toMatchObject({ quiet: true, paths: ["a.md"] });
    expect(command(["merge", "r.json", "-q"])).toMatchObject({ quiet: true, paths: ["r.json"] });
    expect(parseCommandLine(["import", "swe-bench", "-q", "i.json"])).toMatchObject({ command: { quiet: true } });
    expect(() => parseCommandLine(["run", "-q=1", "a.md"])).toThrow("--quiet takes no value (got '1')");
  });

  it("adds a line for each --services given, where another flag given again is the last one's", () => {
    expect(command(["run", "--services", "a=x:1", "--services=b=y:2 -- --port 7", "f.md"]).inputs).toEqual({
      services: "a=x:1\nb=y:2 -- --port 7",
    });
    expect(command(["run", "--timeout", "1s", "--timeout", "2s", "f.md"]).inputs).toEqual({ timeout: "2s" });
  });

  it("answers --help and --version before anything else is read", () => {
    expect(parseCommandLine(["--help"])).toEqual({ kind: "help" });
    expect(parseCommandLine(["-h"])).toEqual({ kind: "help" });
    expect(parseCommandLine(["--version"])).toEqual({ kind: "version" });
    expect(parseCommandLine(["-V"])).toEqual({ kind: "version" });
    expect(parseCommandLine(["help"])).toEqual({ kind: "help" });
    expect(parseCommandLine(["help", "merge"])).toEqual({ kind: "help", verb: "merge" });
    expect(parseCommandLine(["help", "nope"])).toEqual({ kind: "help" });
    expect(parseCommandLine(["run", "--bogus", "-h"])).toEqual({ kind: "help", verb: "run" });
    expect(parseCommandLine(["merge", "--help"])).toEqual({ kind: "help", verb: "merge" });
  });

  it("takes a --help after -- for a FILE", () => {
    expect(command(["run", "--", "--help"]).paths).toEqual(["--help"]);
  });

  it.each([
    [[], "no command given: run, merge or import", undefined],
    [["judge"], "unknown command 'judge': the commands are run, merge and import", undefined],
    [["run"], "no FILE given", "run"],
    [["merge"], "no REPORT given", "merge"],
    [["run", "-t", "5s", "a.md"], "unknown flag -t", "run"],
    [["run", "--timeout"], "--timeout needs a value", "run"],
    [["run", "--quiet=1", "a.md"], "--quiet takes no value (got '1')", "run"],
    [["run", "--authors", "me", "a.md"], "--authors is an input of the action only; sandbox-gate run judges", "run"],
    [
      ["merge", "--memory", "1g", "r.json"],
      "--memory is not a flag of merge, which runs nothing; it takes --report",
      "merge",
    ],
  ])("%j → UsageError %j", (argv, message, verb) => {
    const error = usageError(argv);
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(error.verb).toBe(verb);
  });

  it("reads import's format, its one INSTANCES file and its own flags, in any order", () => {
    expect(parseCommandLine(["import", "swe-bench", "--out=o.jsonl", "i.json", "--predictions", "p.jsonl"])).toEqual({
      kind: "import",
      command: { format: "swe-bench", instances: "i.json", predictions: "p.jsonl", out: "o.jsonl", quiet: false },
    });
    expect(parseCommandLine(["import", "swe-bench", "i.jsonl.gz", "--repo=psf/requests"])).toEqual({
      kind: "import",
      command: { format: "swe-bench", instances: "i.jsonl.gz", repo: "psf/requests", quiet: false },
    });
    expect(parseCommandLine(["import", "swe-bench", "--quiet", "--", "--odd.jsonl"])).toEqual({
      kind: "import",
      command: { format: "swe-bench", instances: "--odd.jsonl", quiet: true },
    });
    expect(parseCommandLine(["help", "import"])).toEqual({ kind: "help", verb: "import" });
    expect(parseCommandLine(["import", "swe-bench", "--bogus", "--help"])).toEqual({ kind: "help", verb: "import" });
  });

  it.each([
    [["import"], "no format given: the formats are swe-bench"],
    [["import", "--out", "o", "i.json"], "no format given"],
    [["import", "sweb", "i.json"], "unknown format 'sweb': the formats are swe-bench"],
    [["import", "swe-bench", "--quiet=1", "i.json"], "--quiet takes no value (got '1')"],
    [
      ["import", "swe-bench", "-o", "x", "i.json"],
      "unknown flag -o: import takes --predictions, --repo, --out and --quiet",
    ],
    [
      ["import", "swe-bench", "--repo", "psf", "i.json"],
      "--repo takes OWNER/NAME (as SWE-bench's repo: psf/requests), not 'psf'",
    ],
    [["import", "swe-bench", "--repo", "a/b/c", "i.json"], "--repo takes OWNER/NAME"],
    [["import", "swe-bench", "i.json", "--repo"], "--repo needs a value"],
    [["import", "swe-bench", "--format", "json", "i.json"], "unknown flag --format"],
  ])("import %j → UsageError %j", (argv, message) => {
    const error = usageError(argv);
    expect(error.message.startsWith(message), error.message).toBe(true);
    expect(error.verb).toBe("import");
  });

  it("names --format in an InputError for a format it does not know", () => {
    expect(() => parseCommandLine(["run", "--format", "yaml", "a.md"])).toThrow(InputError);
    try {
      parseCommandLine(["run", "--format", "yaml", "a.md"]);
    } catch (error) {
      expect((error as InputError).in("cli").message).toBe("--format: 'yaml' is not one of table, json, jsonl");
    }
  });
});

describe("the flags of each command", () => {
  it("run takes every input but the action's own; merge only what shapes the report and the decision", () => {
    const inputs = Object.keys(DEFAULTS);
    expect([...RUN_FLAGS].sort()).toEqual(inputs.filter((n) => !(ACTION_ONLY as readonly string[]).includes(n)).sort());
    for (const flag of MERGE_FLAGS) expect(RUN_FLAGS).toContain(flag);
    for (const flag of ["source", "files", "github-token", "comment", "authors", "merge"])
      expect(RUN_FLAGS).not.toContain(flag);
  });

  it("has no quota by default, which readSettings takes as a number", () => {
    expect(cliDefault("max-candidates")).toBe(String(Number.MAX_SAFE_INTEGER));
    expect(cliDefault("timeout")).toBeUndefined();
    expect(CLI_DEFAULTS["max-candidates"]!.shown).toMatch(/no limit/);
    const settings = readSettings((name) => cliDefault(name) ?? "", { defaultWorkdir: process.cwd() });
    expect(settings.source.maxCandidates).toBe(Number.MAX_SAFE_INTEGER);
  });
});

describe("pathsFrom", () => {
  it("reads every path flag from where the user stands, never from --workdir", () => {
    const inputs = {
      report: "out/r.json",
      junit: "j.xml",
      "audit-log": "/abs/audit.jsonl",
      baseline: "../last.json",
      workdir: "repo",
      tests: "tests/*.py",
    };
    expect(pathsFrom("/home/me/work", inputs)).toEqual({
      report: "/home/me/work/out/r.json",
      junit: "/home/me/work/j.xml",
      "audit-log": "/abs/audit.jsonl",
      baseline: "/home/me/last.json",
      // The base tree and what resolves in it stay as given.
      workdir: "repo",
      tests: "tests/*.py",
    });
    expect(pathsFrom("/w", {})).toEqual({});
    // The base tree is where the user stands: both resolve alike, and errors name the paths as typed.
    expect(pathsFrom("/w", { report: "r.json", workdir: "." })).toEqual({ report: "r.json", workdir: "." });
    expect(pathsFrom("/w", { baseline: "../b.json" })).toEqual({ baseline: "../b.json" });
  });
});

describe("outputPlan", () => {
  const plan = (argv: string[]) => outputPlan(command(["run", ...argv, "a.md"]));

  it("prints the table by default and passes the report paths on", () => {
    expect(plan(["--report", "out.json", "--timeout", "3s"])).toEqual({
      stdout: "table",
      inputs: { report: "out.json", timeout: "3s" },
    });
  });

  it("takes --report - and --junit - for stdout, never as a path", () => {
    expect(plan(["--report", "-"])).toEqual({ stdout: "json", inputs: {} });
    expect(plan(["--junit", "-", "--report", "r.json"])).toEqual({ stdout: "junit", inputs: { report: "r.json" } });
    expect(plan(["--report", "-", "--format", "json"]).stdout).toBe("json");
  });

  it("refuses two things for stdout", () => {
    expect(() => plan(["--report", "-", "--junit", "-"])).toThrow(/both ask for stdout/);
    expect(() => plan(["--junit", "-", "--format", "table"])).toThrow(
      /--junit - prints on stdout, where --format table/,
    );
  });
});

describe("exit codes", () => {
  const result = (status: Status): Pick<Result, "status"> => ({ status });
  const outcome = (statuses: Status[], failed: boolean) =>
    ({ results: statuses.map(result), decision: { failed } }) as Parameters<typeof exitCodeOf>[0];
  const all = new Set<Status>(["no_code", "test_failed", "sandbox_error"]);

  it("is 0 when nothing fails, 1 when a candidate fails the gate", () => {
    expect(exitCodeOf(outcome(["pass"], false), all)).toBe(EXIT.passed);
    expect(exitCodeOf(outcome(["pass", "test_failed"], true), all)).toBe(EXIT.failed);
  });

  it("is 3 when our side failed, whatever the candidates did", () => {
    expect(exitCodeOf(outcome(["test_failed", "sandbox_error"], true), all)).toBe(EXIT.ours);
    expect(exitCodeOf(outcome(["pass", "sandbox_error"], true), all)).toBe(3);
  });

  it("leaves sandbox_error to the gate when fail-on does not count it", () => {
    const lenient = new Set<Status>(["test_failed"]);
    expect(exitCodeOf(outcome(["sandbox_error"], false), lenient)).toBe(0);
    expect(exitCodeOf(outcome(["sandbox_error", "test_failed"], true), lenient)).toBe(1);
  });

  it("is 2 for what the user can fix, 3 for anything else", () => {
    expect(exitCodeOfError(new UsageError("x"))).toBe(2);
    expect(exitCodeOfError(new InputError("timeout", "bad"))).toBe(2);
    expect(exitCodeOfError(new TypeError("undefined is not a function"))).toBe(3);
    expect(exitCodeOfError("a string thrown")).toBe(3);
  });
});
