import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  DEFAULTS,
  RESULTS_FORMATS,
  fitConcurrency,
  readSettings,
  type InputName,
} from "../../src/settings/settings.js";
import { inputError } from "../support/input-error.js";

const ctx = { defaultWorkdir: "/repo", defaultToken: "tok", cpuCount: 4, machineBytes: 16 * 1024 ** 3 };
const read = (inputs: Partial<Record<InputName, string>>) => readSettings((name) => inputs[name] ?? "", ctx);

describe("readSettings", () => {
  it("gives the documented defaults", () => {
    const s = read({});
    expect(s).toMatchObject({
      source: { kind: "comments", authors: ["*[bot]"], workdir: "/repo", maxCandidates: 20 },
      run: { language: "auto", pull: "missing", patchFuzz: false },
      limits: {
        timeoutMs: 10_000,
        memoryBytes: 256 * 1024 ** 2,
        cpus: 1,
        pidsLimit: 64,
        maxOutputBytes: 65_536,
        workdirBytes: 64 * 1024 ** 2,
        runtime: "",
      },
      mode: { concurrency: 4 },
      reports: { comment: true },
      token: "tok",
    });
    expect([...s.reports.failOn].sort()).toEqual([
      "no_code",
      "oom",
      "patch_failed",
      "protected",
      "sandbox_error",
      "syntax_error",
      "test_failed",
      "timeout",
    ]);
  });

  it.each<[Partial<Record<InputName, string>>, string]>([
    [{ protect: "none, tests/**" }, "protect"],
    [{ protect: "../outside/**" }, "protect"],
    [{ memory: "256q" }, "memory"],
    [{ timeout: "-1" }, "timeout"],
    [{ language: "cobol" }, "language"],
    [{ pull: "sometimes" }, "pull"],
    [{ "fail-on": "pass,bogus" }, "fail-on"],
    [{ source: "files" }, "files"],
    [{ concurrency: "0" }, "concurrency"],
    [{ "pids-limit": "2.5" }, "pids-limit"],
    [{ comment: "yes" }, "comment"],
    [{ "patch-fuzz": "maybe" }, "patch-fuzz"],
    [{ target: "../escape.py" }, "target"],
    [{ target: "/etc/passwd" }, "target"],
    [{ target: "sub\\..\\x.py" }, "target"],
    [{ memory: "4m" }, "memory"],
    [{ isolation: "container" }, "isolation"],
    [{ engine: "lxc" }, "engine"],
    [{ shard: "0/4" }, "shard"],
    [{ shard: "5/4" }, "shard"],
    [{ shard: "1/0" }, "shard"],
    [{ shard: "half" }, "shard"],
    [{ shard: "1/2", merge: "shards/*.json" }, "shard"],
    [{ resume: "night.json", merge: "shards/*.json" }, "resume"],
    [{ resume: "night.json", shard: "1/2" }, "resume"],
    [{ resume: "night.json", "post-report": "r.json" }, "resume"],
    [{ isolation: "namespace", engine: "podman" }, "isolation"],
    [{ isolation: "namespace", runtime: "runsc" }, "isolation"],
  ])("%j → one error naming %s", (inputs, name) => {
    const error = inputError(() => read(inputs));
    expect(error.input).toBe(name);
    expect(error.message.split("\n")).toHaveLength(1);
  });

  it("reads protect: default (or empty) keeps the built-in rules, none turns it off, globs and !globs are kept", () => {
    expect(read({ protect: "default" }).run.protect).toEqual({ defaults: true, globs: [], except: [] });
    // Empty is the default, as for every input (GitHub gives a workflow's empty input its default too).
    expect(read({ protect: "" }).run.protect).toEqual({ defaults: true, globs: [], except: [] });
    expect(read({ protect: "none" }).run.protect).toEqual({ defaults: false, globs: [], except: [] });
    expect(read({ protect: "default, Makefile\n!setup.cfg" }).run.protect).toEqual({
      defaults: true,
      globs: ["Makefile"],
      except: ["setup.cfg"],
    });
  });

  it("reads wall-timeout: the clock's default when empty, a duration no shorter than timeout when set", () => {
    expect(read({}).limits.wallTimeoutMs).toBeUndefined();
    expect(read({ timeout: "3s", "wall-timeout": "90s" }).limits.wallTimeoutMs).toBe(90_000);
    const error = inputError(() => read({ timeout: "10s", "wall-timeout": "5s" }));
    expect(error.input).toBe("wall-timeout");
    expect(error.message).toContain("shorter than timeout");
  });

  it("reads results-format: junit by default, a known format by name, an unknown one refused with the known ones", () => {
    expect(read({}).run.resultsFormat).toBe("junit");
    expect(read({ "results-format": "JUnit" }).run.resultsFormat).toBe("junit");
    const error = inputError(() => read({ "results-format": "tap" }));
    expect(error.input).toBe("results-format");
    expect(error.message).toBe(`Input 'results-format': 'tap' is not one of ${RESULTS_FORMATS.join(", ")}`);
    expect(RESULTS_FORMATS).toContain("junit");
  });

  it("refuses tests without a command, whose default would run the candidate's file and never the tests", () => {
    const error = inputError(() => read({ tests: "tests/test_x.py" }));
    expect(error.message).toMatch(/^Input 'command': is required when 'tests' is set/);
    expect(read({ tests: "tests/test_x.py", command: "python3 -m pytest -q" }).source.tests).toEqual([
      "tests/test_x.py",
    ]);
    // A job that judges nothing runs no command.
    expect(read({ tests: "tests/test_x.py", merge: "shard-*.json" }).reports.merge).toEqual(["shard-*.json"]);
  });

  it("reads lists and choices", () => {
    const s = read({
      authors: "agent-*[bot], me",
      tests: "tests/**\n!tests/slow/**",
      command: "python3 -m pytest -q",
      "fail-on": "timeout",
      language: "Python",
    });
    expect(s.source.authors).toEqual(["agent-*[bot]", "me"]);
    expect(s.source.tests).toEqual(["tests/**", "!tests/slow/**"]);
    expect([...s.reports.failOn]).toEqual(["timeout"]);
    expect(s.run.language).toBe("python");
    expect(read({ "patch-fuzz": "True" }).run.patchFuzz).toBe(true);
  });

  it("reads swe-bench-report and resume as paths, empty by default", () => {
    expect(read({}).reports).toMatchObject({ sweBenchReport: "", resume: "" });
    expect(read({ "swe-bench-report": "out/swe", resume: "night.json" }).reports).toMatchObject({
      sweBenchReport: "out/swe",
      resume: "night.json",
    });
  });

  it("reads the evaluation inputs: isolation, shard, baseline, merge", () => {
    expect(read({})).toMatchObject({ mode: { isolation: "candidate" }, reports: { baseline: "", merge: [] } });
    expect(read({}).source.shard).toBeUndefined();
    const s = read({ isolation: "Run", shard: " 2 / 4 ", baseline: "nightly/last.json" });
    expect(s).toMatchObject({
      mode: { isolation: "run" },
      source: { shard: { index: 2, count: 4 } },
      reports: { baseline: "nightly/last.json" },
    });
    expect(read({ merge: "shards/*.json\nextra.json" }).reports.merge).toEqual(["shards/*.json", "extra.json"]);
    expect(read({ shard: "1/1" }).source.shard).toEqual({ index: 1, count: 1 });
    expect(read({ isolation: "namespace" }).mode.isolation).toBe("namespace");
  });

  it("refuses isolation: namespace where it would be weaker or cannot apply, saying what to use instead", () => {
    expect(inputError(() => read({ isolation: "namespace", engine: "podman" })).message).toBe(
      "Input 'isolation': 'namespace' needs engine: docker (it runs each candidate in a bwrap sandbox from a config docker made); use isolation: candidate with podman",
    );
    expect(inputError(() => read({ isolation: "namespace", runtime: "runsc" })).message).toMatch(
      /^Input 'isolation': 'namespace' runs each candidate in a bwrap sandbox, so runtime 'runsc' cannot apply/,
    );
  });

  it("reads the engine: docker unless podman is asked for", () => {
    expect(read({}).mode.engine).toBe("docker");
    expect(read({ engine: "Podman" }).mode.engine).toBe("podman");
  });
});

describe("fitConcurrency", () => {
  it("keeps concurrency × memory within three quarters of the machine", () => {
    expect(fitConcurrency(16, 1024 ** 3, 8 * 1024 ** 3)).toBe(6);
    expect(fitConcurrency(2, 256 * 1024 ** 2, 8 * 1024 ** 3)).toBe(2);
    expect(fitConcurrency(4, 64 * 1024 ** 3, 8 * 1024 ** 3)).toBe(1);
  });
});

describe("action.yml", () => {
  it("declares every input with the default the settings layer uses", () => {
    const yml = readFileSync(new URL("../../action.yml", import.meta.url), "utf8");
    const declared = new Map<string, string>();
    const block = yml.slice(yml.indexOf("\ninputs:"), yml.indexOf("\noutputs:"));
    for (const m of block.matchAll(/^ {2}([a-z-]+):\n(?: {4}description: .*\n)? {4}default: (.*)$/gm)) {
      declared.set(m[1]!, m[2]!.replace(/^"(.*)"$/, "$1"));
    }
    for (const [name, value] of Object.entries(DEFAULTS)) {
      if (name === "github-token") expect(declared.get(name)).toBe("${{ github.token }}");
      else if (name === "matrix") expect(declared.get(name)).toBe("${{ toJSON(matrix) }}");
      else expect([name, declared.get(name)]).toEqual([name, value]);
    }
    expect([...declared.keys()].sort()).toEqual(Object.keys(DEFAULTS).sort());
  });
});
