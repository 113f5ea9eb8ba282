// Python's end guard, run by the real interpreter as the driver puts it: the sitecustomize.py first on
// PYTHONPATH. Each case is a test program and the candidate's file it imports; the guard must turn an exit 0
// that came before the tests' end into 1, and leave every honest program's status and output as they were.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PYTHON_GUARD_FILE, pythonEndGuard } from "../../src/languages/python-guard.js";
import { tempDir } from "../support/temp.js";

const EARLY = "sandbox-gate: the tests did not run to their end";

/** Runs `argv` in a fresh work dir holding `files`, guarded, the candidate having written `code`. */
function guarded(files: Record<string, string>, argv: string[], code = ["solution.py"], python = "python3") {
  const dir = tempDir("python-end");
  const work = join(dir, "work");
  const guard = join(dir, "guard");
  mkdirSync(work);
  mkdirSync(guard);
  for (const [path, text] of Object.entries(files)) writeFileSync(join(work, path), text);
  writeFileSync(join(guard, PYTHON_GUARD_FILE), pythonEndGuard(work, code));
  const run = spawnSync(python, argv, {
    cwd: work,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: dir, PYTHONPATH: guard, PYTHONDONTWRITEBYTECODE: "1" },
  });
  return { status: run.status, signal: run.signal, stdout: run.stdout, stderr: run.stderr };
}

const SOLUTION_EXITS = "import sys\ndef f(x):\n    if x == 3:\n        sys.exit(0)\n    return x * 2\n";
const SCRIPT = "from solution import f\nassert f(1) == 2\nassert f(3) == 7\nprint('end')\n";

describe("the end guard", () => {
  it("fails a script that the candidate's sys.exit(0) ended before its asserts, naming the line", () => {
    const run = guarded({ "solution.py": SOLUTION_EXITS, "test.py": SCRIPT }, ["test.py"]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`${EARLY}: sys.exit(0) called at solution.py:4 (in f), code the tests call`);
  });

  it("names exit() and quit() too, and an exit through a library the candidate called", () => {
    for (const call of ["exit()", "quit(0)", "__import__('argparse').ArgumentParser().exit(0)"]) {
      const solution = `def f(x):\n    if x == 3:\n        ${call}\n    return x * 2\n`;
      const run = guarded({ "solution.py": solution, "test.py": SCRIPT }, ["test.py"]);
      expect(run.status, call).toBe(1);
      expect(run.stderr, call).toMatch(new RegExp(`${EARLY}: sys\\.exit\\((0|None)\\) called at solution\\.py:3`));
    }
  });

  it("fails a run that os._exit(0) ended, under unittest as under a script", () => {
    const solution = "import os\ndef f(x):\n    if x == 3:\n        os._exit(0)\n    return x * 2\n";
    const unit =
      "import unittest\nfrom solution import f\nclass T(unittest.TestCase):\n" +
      "    def test_a(self):\n        self.assertEqual(f(3), 7)\nif __name__ == '__main__':\n    unittest.main()\n";
    for (const [files, argv] of [
      [{ "solution.py": solution, "test.py": SCRIPT }, ["test.py"]],
      [{ "solution.py": solution, "test_t.py": unit }, ["-m", "unittest", "test_t"]],
      [{ "solution.py": solution, "test_t.py": unit }, ["test_t.py"]],
    ] as const) {
      const run = guarded(files, [...argv]);
      expect(run.status, argv.join(" ")).toBe(1);
      expect(run.stderr).toContain(`${EARLY}: it exited 0 without reaching its end`);
    }
  });

  it("cannot be forged by writing the end to every descriptor, nor by patching sys.exit", () => {
    const solution =
      "import os, sys\nsys.exit = lambda *a: None\ndef f(x):\n    if x == 3:\n" +
      "        for fd in range(3, 64):\n            try:\n                os.write(fd, b'E' * 64)\n" +
      "            except OSError:\n                pass\n        os._exit(0)\n    return x * 2\n";
    const run = guarded({ "solution.py": solution, "test.py": SCRIPT }, ["test.py"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(EARLY);
  });

  it("fails a concatenated program (prompt, candidate, test) on the candidate's own exit line", () => {
    const prompt = 'def g(x):\n    """>>> g(1)\n    2\n    """\n';
    const completion = "    import sys\n    if x == 5: sys.exit(0)\n    return 2 * x\n";
    const test = "def check(c):\n    assert c(1) == 2\n    assert c(5) == 3\ncheck(g)\n";
    const run = guarded({ "solution.py": completion, "program.py": prompt + completion + test }, ["program.py"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`${EARLY}: sys.exit(0) called at program.py:6 (in g)`);
  });

  it("leaves honest programs as they were: their status, their output, their own exits", () => {
    const honest = "def f(x):\n    return 7 if x == 3 else x * 2\n";
    const cases: [Record<string, string>, string[], number, string][] = [
      [{ "solution.py": honest, "test.py": SCRIPT }, ["test.py"], 0, "end\n"],
      // The tests' own runner ends the program from a function of its own, or at its top level.
      [
        { "solution.py": honest, "run.py": "import sys\ndef main():\n    print('m')\n    sys.exit(0)\nmain()\n" },
        ["run.py"],
        0,
        "m\n",
      ],
      [{ "solution.py": honest, "run.py": "import sys\nprint('m')\nsys.exit(3)\n" }, ["run.py"], 3, "m\n"],
      // A test that catches the candidate's exit, then goes on to its end.
      [
        {
          "solution.py": SOLUTION_EXITS,
          "t.py": "from solution import f\ntry:\n    f(3)\nexcept SystemExit:\n    pass\nprint('end')\n",
        },
        ["t.py"],
        0,
        "end\n",
      ],
      // The candidate's own program: its sys.exit(main()) under __main__ is its end.
      [
        {
          "solution.py":
            "import sys\ndef main():\n    print('s')\n    return 0\nif __name__ == '__main__':\n    sys.exit(main())\n",
        },
        ["solution.py"],
        0,
        "s\n",
      ],
      [{ "solution.py": honest }, ["-c", "import solution; print(solution.f(3))"], 0, "7\n"],
      [{ "solution.py": honest, "t.py": "assert False\n" }, ["t.py"], 1, ""],
    ];
    for (const [files, argv, status, stdout] of cases) {
      const run = guarded(files, argv);
      expect({ argv: argv.join(" "), status: run.status, stdout: run.stdout }).toEqual({
        argv: argv.join(" "),
        status,
        stdout,
      });
      expect(run.stderr).not.toContain(EARLY);
    }
  });

  it("passes a unittest run whose test catches the candidate's sys.exit(0), and fails one that does not", () => {
    const unit = (body: string) =>
      `import unittest\nfrom solution import f\nclass T(unittest.TestCase):\n    def test_a(self):\n${body}\nunittest.main()\n`;
    const caught = guarded(
      {
        "solution.py": SOLUTION_EXITS,
        "test_t.py": unit("        with self.assertRaises(SystemExit):\n            f(3)"),
      },
      ["test_t.py"],
    );
    expect(caught.status).toBe(0);
    expect(caught.stderr).not.toContain(EARLY);
    const failed = guarded({ "solution.py": SOLUTION_EXITS, "test_t.py": unit("        f(3)") }, ["test_t.py"]);
    expect(failed.status).toBe(1);
  });

  it("ends as the program did when a signal ends it, and hands the program the signals it is sent", () => {
    const killed = guarded({ "solution.py": "", "t.py": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n" }, [
      "t.py",
    ]);
    expect(killed.signal).toBe("SIGKILL");
    // A SIGTERM to the watcher (the process the shell started) reaches the program, which handles it.
    const handled = guarded(
      {
        "solution.py": "",
        "t.py":
          "import os, signal, sys\nsignal.signal(signal.SIGTERM, lambda *a: (print('term'), sys.exit(0)))\n" +
          "os.kill(os.getppid(), signal.SIGTERM)\nsignal.pause()\n",
      },
      ["t.py"],
    );
    expect(handled).toMatchObject({ status: 0, stdout: "term\n" });
  });

  it("leaves the program's children unguarded, and its sys.path and PYTHONPATH without the guard", () => {
    const run = guarded(
      {
        "solution.py": "",
        "t.py":
          "import os, subprocess, sys\nprint(os.environ.get('PYTHONPATH'))\nprint(any(p.endswith('/guard') for p in sys.path))\n" +
          "print(subprocess.run([sys.executable, '-c', 'import os; os._exit(0)']).returncode)\n",
      },
      ["t.py"],
    );
    expect(run).toMatchObject({ status: 0, stdout: "None\nFalse\n0\n" });
  });
});
