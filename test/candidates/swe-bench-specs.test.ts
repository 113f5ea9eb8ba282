// SWE-bench's test command and parser per repository and version: the table against SWE-bench's own eval
// scripts (real instances), the test directives as its harness reads a test_patch, and the quoting that
// keeps a test_patch's file names from becoming shell or options: proved by running the commands in sh.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  SWE_BENCH_PARSERS,
  SWE_BENCH_REPOS,
  evalScriptCommand,
  parserOfLogParser,
  parserOfRepo,
  specCommand,
  testDirectives,
} from "../../src/candidates/swe-bench-specs.js";
import { tempDir } from "../support/temp.js";

const REAL = readFileSync(join(import.meta.dirname, "../fixtures/swe-bench/instances.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Record<string, string>);

/** A test_patch that touches these files (a header and one hunk each). */
const touching = (...paths: string[]) =>
  paths.map((p) => `diff --git a/${p} b/${p}\n--- a/${p}\n+++ b/${p}\n@@ -1 +1 @@\n-a\n+b\n`).join("");

function command(repo: string, version: string, testPatch: string): string {
  const built = specCommand(repo, version, testPatch);
  if (!built.ok) throw new Error(JSON.stringify(built));
  return built.command;
}

describe("the table", () => {
  it("knows SWE-bench Lite's twelve repositories and the parser SWE-bench reads each with", () => {
    expect(
      Object.fromEntries(
        [
          "astropy/astropy",
          "django/django",
          "matplotlib/matplotlib",
          "mwaskom/seaborn",
          "pallets/flask",
          "psf/requests",
          "pydata/xarray",
          "pylint-dev/pylint",
          "pytest-dev/pytest",
          "scikit-learn/scikit-learn",
          "sphinx-doc/sphinx",
          "sympy/sympy",
        ].map((repo) => [repo, parserOfRepo(repo)]),
      ),
    ).toEqual({
      "astropy/astropy": "astropy",
      "django/django": "django",
      "matplotlib/matplotlib": "matplotlib",
      "mwaskom/seaborn": "seaborn",
      "pallets/flask": "flask",
      "psf/requests": "requests",
      "pydata/xarray": "xarray",
      "pylint-dev/pylint": "pylint",
      "pytest-dev/pytest": "pytest",
      "scikit-learn/scikit-learn": "scikit",
      "sphinx-doc/sphinx": "sphinx",
      "sympy/sympy": "sympy",
    });
    // SWE-bench full's other Python repositories too.
    for (const repo of [
      "marshmallow-code/marshmallow",
      "pvlib/pvlib-python",
      "pydicom/pydicom",
      "pylint-dev/astroid",
      "pyvista/pyvista",
      "sqlfluff/sqlfluff",
    ])
      expect(SWE_BENCH_REPOS).toContain(repo);
    for (const repo of SWE_BENCH_REPOS) expect(SWE_BENCH_PARSERS).toContain(parserOfRepo(repo));
    expect(parserOfRepo("acme/calc")).toBeUndefined();
    expect(parserOfRepo("constructor")).toBeUndefined();
  });

  it.each([
    ["psf/requests", "2.3", "pytest -rA tests/test_x.py"],
    ["mwaskom/seaborn", "0.12", "pytest --no-header -rA tests/test_x.py"],
    ["astropy/astropy", "1.3", "pytest -rA -vv -o console_output_style=classic --tb=no tests/test_x.py"],
    ["astropy/astropy", "v5.3", "pytest -rA tests/test_x.py"],
    ["sphinx-doc/sphinx", "7.2", "tox --current-env -epy39 -v -- tests/test_x.py"],
    ["django/django", "4.2", "./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1 test_x"],
    [
      "django/django",
      "1.9",
      "export LANG=en_US.UTF-8; export LC_ALL=en_US.UTF-8; export PYTHONIOENCODING=utf8; export LANGUAGE=en_US:en; ./tests/runtests.py --verbosity 2 test_x",
    ],
    ["django/django", "1.5", "./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1 test_x"],
  ])("%s %s runs as SWE-bench's spec says", (repo, version, expected) => {
    expect(command(repo, version, touching("tests/test_x.py"))).toBe(expected);
  });

  it("says what it lacks: a repository it does not know, a version it has no spec for", () => {
    expect(specCommand("acme/calc", "1.0", touching("t.py"))).toEqual({
      ok: false,
      miss: { repo: "acme/calc", version: "1.0" },
    });
    expect(specCommand("psf/requests", "9.9", touching("t.py"))).toEqual({
      ok: false,
      miss: { repo: "psf/requests", version: "9.9" },
    });
    expect(specCommand("toString", "1.0", touching("t.py"))).toMatchObject({ ok: false });
  });

  it("builds, for each real instance, the command its SWE-bench 5.0 eval_script runs, exports and all", () => {
    for (const instance of REAL) {
      const fromScript = evalScriptCommand(instance.eval_script!);
      if (!fromScript.ok) throw new Error(fromScript.problem);
      // The script's conda activation is what the table cannot know: the rest is the same text.
      expect(fromScript.command.replace(/^export PATH=[^;]*; /, ""), instance.instance_id).toBe(
        command(instance.repo!, instance.version!, instance.test_patch!),
      );
    }
  });
});

describe("testDirectives: the test files of a test_patch, as SWE-bench's harness reads its headers", () => {
  it("takes each header's b-side path and drops files that are no tests", () => {
    const patch = touching("tests/test_a.py", "tests/data/x.json", "tests/b.txt", "tests/dir/test_c.py", "d/table.csv");
    expect(testDirectives("psf/requests", patch)).toEqual(["tests/test_a.py", "tests/dir/test_c.py"]);
    // SWE-bench's list has "csv" without its dot: any name ending so is dropped.
    expect(testDirectives("psf/requests", touching("tests/test_xcsv"))).toEqual([]);
  });

  it("turns Django's paths into module labels", () => {
    expect(
      testDirectives("django/django", touching("tests/auth_tests/test_validators.py", "tests/x/__init__.py")),
    ).toEqual(["auth_tests.test_validators", "x.__init__"]);
  });

  it("reads a header wherever it stands on a line, as SWE-bench's unanchored pattern does; a quoted one names nothing", () => {
    const patch = `${touching("t/test_a.py")}+    "diff --git a/q b/r/test_fixture.py"\n`;
    expect(testDirectives("pallets/flask", patch)).toEqual(["t/test_a.py", 'r/test_fixture.py"']);
    expect(testDirectives("pallets/flask", 'diff --git "a/t/tab\\there.py" "b/t/tab\\there.py"\n')).toEqual([]);
    // Greedy: the path after the last " b/", so a path holding one is cut where SWE-bench cuts it.
    expect(testDirectives("pallets/flask", "diff --git a/x b/y.py b/x b/y.py\n")).toEqual(["y.py"]);
  });
});

describe("a test_patch's file names cannot change the command", () => {
  const EVIL = [
    "tests/with space.py",
    "tests/semi;touch PWNED1.py",
    "tests/$(touch PWNED2).py",
    "tests/`touch PWNED3`.py",
    'tests/quote\'d "q".py',
    "tests/glob*.py",
    "tests/a|b&c>d.py",
    "-p evil.py",
    "--help.py",
  ];

  it("hands pytest each path as one argument, none of them an option, and runs nothing else", () => {
    const dir = tempDir("swe-quote");
    // A stand-in `pytest` on PATH that prints the arguments it was given, one a line.
    mkdirSync(join(dir, "bin"));
    writeFileSync(join(dir, "bin", "pytest"), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n');
    chmodSync(join(dir, "bin", "pytest"), 0o755);
    const built = command("psf/requests", "2.3", touching(...EVIL));
    const out = execFileSync("sh", ["-c", built], {
      cwd: dir,
      env: { PATH: `${join(dir, "bin")}:/usr/bin:/bin` },
      encoding: "utf8",
    });
    expect(out.split("\n").slice(0, -1)).toEqual([
      "-rA",
      ...EVIL.slice(0, -2),
      // A path that starts with `-` is given as the same file under ./, never as an option.
      "./-p evil.py",
      "./--help.py",
    ]);
    for (const pwned of ["PWNED1.py", "PWNED2", "PWNED3"]) expect(existsSync(join(dir, pwned)), pwned).toBe(false);
  });

  it("hands Django's runner its labels after --, when one starts with -, and runs nothing else", () => {
    const dir = tempDir("swe-quote-django");
    mkdirSync(join(dir, "tests"));
    writeFileSync(join(dir, "tests", "runtests.py"), '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\n');
    chmodSync(join(dir, "tests", "runtests.py"), 0o755);
    const built = command("django/django", "4.0", touching("tests/$(touch PWNED)/t.py", "tests/-k.py"));
    const out = execFileSync("sh", ["-c", built], { cwd: dir, encoding: "utf8" });
    expect(out.split("\n").slice(0, -1)).toEqual([
      "--verbosity",
      "2",
      "--settings=test_sqlite",
      "--parallel",
      "1",
      "--",
      "$(touch PWNED).t",
      "-k",
    ]);
    expect(existsSync(join(dir, "PWNED"))).toBe(false);
  });

  it("refuses a test file name with a control character (no header git writes unquoted has one)", () => {
    expect(specCommand("psf/requests", "2.3", touching("tests/a\u0000b.py"))).toEqual({
      ok: false,
      problem: 'test_patch names a test file with a control character: "tests/a\\u0000b.py"',
    });
    expect(specCommand("psf/requests", "2.3", "diff --git a/t.py b/t.py\r\n")).toMatchObject({ ok: false });
  });
});

describe("evalScriptCommand: what is taken from SWE-bench 5.0's eval_script", () => {
  const script = (...lines: string[]) => ["#!/bin/bash", "set -uxo pipefail", ...lines].join("\n");

  it("takes the conda environment as PATH, the exports once each, and the lines between the markers", () => {
    expect(
      evalScriptCommand(
        script(
          "source /opt/conda/bin/activate",
          "conda activate env1",
          "cd /testbed",
          "export LANG=C.UTF-8",
          "export LANG=C.UTF-8",
          "python -m pip install -e .",
          "git checkout abc tests/t.py",
          "git apply -v - <<'EOF_1'",
          "diff --git a/tests/t.py b/tests/t.py",
          "EOF_1",
          ": '>>>>> Start Test Output'",
          "pytest -rA tests/t.py",
          "SWEBENCH_TEST_EXIT_CODE=$?",
          ": '>>>>> End Test Output'",
          "git checkout abc tests/t.py",
        ),
      ),
    ).toEqual({
      ok: true,
      command: "export PATH=/opt/conda/envs/env1/bin:$PATH; export LANG=C.UTF-8; pytest -rA tests/t.py",
    });
  });

  it("takes conda's base environment as its root's bin, and no PATH without an activation", () => {
    const run = [": '>>>>> Start Test Output'", "make test", ": '>>>>> End Test Output'"];
    expect(evalScriptCommand(script(". /c/bin/activate", "conda activate base", ...run))).toEqual({
      ok: true,
      command: "export PATH=/c/bin:$PATH; make test",
    });
    expect(evalScriptCommand(script(...run))).toEqual({ ok: true, command: "make test" });
    // A root the shell would read otherwise is not spliced into PATH.
    expect(evalScriptCommand(script("source /o p/bin/activate", "conda activate x;y", ...run))).toEqual({
      ok: true,
      command: "make test",
    });
  });

  it("refuses a script without the markers, or with nothing between them", () => {
    expect(evalScriptCommand(script("pytest"))).toMatchObject({ ok: false });
    expect(evalScriptCommand(script(": '>>>>> Start Test Output'", "pytest"))).toMatchObject({ ok: false });
    expect(
      evalScriptCommand(script(": '>>>>> End Test Output'", ": '>>>>> Start Test Output'", "pytest")),
    ).toMatchObject({
      ok: false,
    });
  });
});

describe("parserOfLogParser", () => {
  it("maps SWE-bench's PARSER_REGISTRY names of every Python parser to ours, and refuses the rest", () => {
    for (const name of SWE_BENCH_PARSERS) expect(parserOfLogParser(`parse_log_${name.replace(/-/g, "_")}`)).toBe(name);
    expect(parserOfLogParser("pytest-v2")).toBe("pytest-v2");
    expect(parserOfLogParser("parse_log_jest")).toBeUndefined();
    expect(parserOfLogParser("parse_log_")).toBeUndefined();
  });
});
