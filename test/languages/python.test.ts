// Python's share of the language rules that other rooms ask of it: the names its files are imported by.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RUN_PREFIX, VERDICT_ENV, VERDICT_PREFIX } from "../../src/core/verdict-channel.js";
import { python, pythonModuleNames } from "../../src/languages/python.js";
import { tempDir } from "../support/temp.js";

describe("pythonModuleNames", () => {
  it("names a file from every directory above it, and a package by its __init__.py", () => {
    expect([...pythonModuleNames(["tests/unit/check.py", "pkg/__init__.py", "root.py"])].sort()).toEqual([
      "check",
      "pkg",
      "root",
      "tests.unit.check",
      "unit.check",
    ]);
  });

  it("leaves out what no import reaches: other files, names that are not identifiers", () => {
    expect(pythonModuleNames(["README.md", "my-tests/check.py", "tests/2fast.py", "lib.pyc"])).toEqual(new Set());
  });
});

describe("checkAndRun: the check and the run in one interpreter", () => {
  const checkAndRun = python.checkAndRun!;

  it("takes over `python3 FILE` and `python FILE` for the checked file, and no other command", () => {
    expect(checkAndRun("solution.py", "python3 solution.py")?.slice(0, 2)).toEqual(["python3", "-c"]);
    expect(checkAndRun("solution.py", " python  solution.py ")?.slice(0, 2)).toEqual(["python", "-c"]);
    expect(checkAndRun("src/main.py", "python3 src/main.py")?.at(-1)).toBe("src/main.py");
    for (const [file, command] of [
      ["solution.py", "python3 -u solution.py"],
      ["solution.py", "python3 other.py"],
      ["solution.py", "python3 solution.py arg"],
      ["solution.py", "cat a > b && python3 solution.py"],
      ["solution.py", "python3.12 solution.py"],
      ["a b.py", "python3 a b.py"],
      ["$(x).py", "python3 $(x).py"],
    ])
      expect(checkAndRun(file!, command!), command).toBeUndefined();
  });

  // Run with the host's python3, as the image's runs it: each program as `python3 FILE` and through the
  // launcher, in a directory of its own, compared byte for byte but for the run marker, which comes first.
  const NONCE = "0123abcd";
  const MARKER = `${RUN_PREFIX}${NONCE}\n`;
  function both(source: string, extra: Record<string, string> = {}, env: NodeJS.ProcessEnv = { ...process.env }) {
    const dir = tempDir("check-and-run");
    writeFileSync(join(dir, "prog.py"), source);
    for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
    // The driver gives the nonce to the checker alone, never to the command.
    const plain = spawnSync("python3", ["prog.py"], { cwd: dir, encoding: "utf8", env });
    const [cmd, ...args] = checkAndRun("prog.py", "python3 prog.py")!;
    const fused = spawnSync(cmd!, args, { cwd: dir, encoding: "utf8", env: { ...env, [VERDICT_ENV]: NONCE } });
    return { plain, fused };
  }

  const PROGRAMS: Record<string, string> = {
    "what `python3 FILE` sets up":
      "import sys, os\nprint(sys.argv, sys.path[0] == os.getcwd(), __file__, __name__, __spec__, __package__)\n" +
      "print(type(__loader__).__name__, __cached__, __doc__, sorted(globals()))",
    "an uncaught exception's traceback": "def f(x):\n    return 1 / x\n\ndef g():\n    return f(0)\n\ng()",
    "sys.exit with a message": "import sys\nprint('x')\nsys.exit('bad thing')",
    "sys.exit with a code": "raise SystemExit(4)",
    "a chained exception, a thread and atexit":
      "import atexit, threading\natexit.register(lambda: print('atexit'))\n" +
      "threading.Thread(target=lambda: print('thread')).start()\n" +
      "try:\n    raise KeyError('k')\nexcept KeyError as e:\n    raise ValueError('v') from e",
    "pickling a class of __main__, and __main__ itself":
      "import pickle, __main__\nclass A: pass\nprint(pickle.loads(pickle.dumps(A())).__class__ is A, __main__.A is A)",
    "a sibling module and the source of a function":
      "import sibling, inspect\ndef h():\n    return 1\nprint(sibling.X, inspect.getsource(h))",
    "its own excepthook":
      "import sys\nsys.excepthook = lambda t, v, tb: print('hook', t.__name__)\nraise RuntimeError('r')",
    "warnings of the compiler and of the code":
      "import warnings\nx = '\\d'\nwarnings.warn('w', UserWarning)\nprint(x, 1 is 1)",
    "no nonce in its environment": "import os\nprint(os.environ.get('" + VERDICT_ENV + "'))",
  };

  it.each(Object.entries(PROGRAMS))("runs the file as `python3 FILE` does: %s", (_, source) => {
    const { plain, fused } = both(source, { "sibling.py": "X = 5\n" });
    expect(fused.stderr.startsWith(MARKER), fused.stderr).toBe(true);
    expect({ stdout: fused.stdout, stderr: fused.stderr.slice(MARKER.length), status: fused.status }).toEqual({
      stdout: plain.stdout,
      stderr: plain.stderr,
      status: plain.status,
    });
  });

  it("runs nothing of a file that does not parse, and gives the verdict on the nonce's channel", () => {
    const { fused } = both("print('RAN')\n\ndef add(a, b:\n    return a + b\n");
    expect(fused.status).toBe(1);
    expect(fused.stdout).toBe("");
    const verdict = `{"message": "'(' was never closed", "file": "prog.py", "line": 3, "column": 8}`;
    expect(fused.stderr).toBe(`${VERDICT_PREFIX}${NONCE}\n${verdict}\n`);
  });

  // The host's environment, and the sandbox's (a bare one: HOME outside the tree, no user site), in which
  // the interpreter's start loads no `warnings` of its own, so the first import of it looks in the work dir.
  it.each([
    ["the host's environment", { ...process.env }],
    // The image's PATH (docker's default): Debian's python3, as the test image has it, not a pyenv shim.
    [
      "a sandbox's environment",
      { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", HOME: "/tmp", PYTHONNOUSERSITE: "1" },
    ],
    // An image whose environment puts the work dir on the path: it stays there for the run, as for `python3 FILE`.
    [
      "a PYTHONPATH naming the work dir",
      { PATH: "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin", HOME: "/tmp", PYTHONPATH: "." },
    ],
  ])("imports nothing of the work dir before the file parses (%s)", (_case, env) => {
    const hijack = "import sys\nsys.stdout.write('HIJACKED')\n";
    const modules = {
      "json.py": hijack,
      "warnings.py": hijack,
      "os.py": hijack,
      "_frozen_importlib_external.py": hijack,
    };
    for (const source of ["def broken(:\n", "print('ran')\n"]) {
      const { fused } = both(source, modules, env);
      expect(fused.stdout + fused.stderr).not.toContain("HIJACKED");
    }
    expect(both("def broken(:\n", modules, env).fused.stderr).toContain(`${VERDICT_PREFIX}${NONCE}\n{"message": `);
  });
});

describe("checkServer: the check kept warm", () => {
  // Each source through the server, all in one interpreter, and through CHECK, one interpreter each, with
  // the host's python3: the server says `1` exactly where CHECK exits 0.
  const sources: Array<[string, string | Buffer]> = [
    ["plain", "x = 1\n"],
    ["long", "x = 1\n".repeat(2000)],
    ["unicode", "é = 'ü'\nprint(é)\n"],
    ["async", "async def f():\n    await g()\n"],
    ["side effects are not run", "import os\nopen('/tmp/sandbox-gate-warm-check-ran', 'w')\n"],
    ["syntax error", "def f(:\n    pass\n"],
    ["null byte", "x = 1\x00\n"],
    ["nesting", `x = ${"(".repeat(300)}1${")".repeat(300)}\n`],
    ["deep expression", `x = ${"-".repeat(100_000)}1\n`],
    ["indentation", "if True:\n\tx = 1\n        y = 2\n"],
    ["unknown coding", "# -*- coding: bogus -*-\nx = 1\n"],
    ["invalid utf-8", Buffer.from([0x78, 0x20, 0x3d, 0x20, 0x27, 0xff, 0xfe, 0x27, 0x0a])],
    ["future braces", "from __future__ import braces\n"],
    ["return outside", "return 1\n"],
    ["break outside", "x = 1\nbreak\n"],
    ["nonlocal at module level", "nonlocal x\n"],
    ["after a failure, plain again", "y = 2\n"],
  ];

  it("answers `1` exactly where the check passes, and runs nothing", () => {
    const dir = tempDir("check-server");
    const [cmd, ...args] = python.checkServer!;
    const framed = Buffer.concat(
      sources.flatMap(([, source]) => {
        const bytes = Buffer.from(source);
        return [Buffer.from(`${bytes.length}\n`), bytes];
      }),
    );
    const server = spawnSync(cmd!, args, { cwd: dir, input: framed, encoding: "utf8" });
    expect(server.status, server.stderr).toBe(0);
    const answers = server.stdout.split("\n").slice(0, -1);
    const checked = sources.map(([, source]) => {
      writeFileSync(join(dir, "solution.py"), source);
      const [c, ...a] = python.check("solution.py");
      return spawnSync(c!, a, { cwd: dir, encoding: "utf8" }).status === 0 ? "1" : "0";
    });
    expect(Object.fromEntries(sources.map(([name], i) => [name, answers[i]]))).toEqual(
      Object.fromEntries(sources.map(([name], i) => [name, checked[i]])),
    );
    expect(answers.filter((a) => a === "1")).toHaveLength(6);
    expect(spawnSync("test", ["-e", "/tmp/sandbox-gate-warm-check-ran"]).status).toBe(1);
  });
});
