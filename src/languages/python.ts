// Python: python3 in the official slim image, checked by compile(), tested by pytest or unittest.
import { RUN_PREFIX, VERDICT_ENV, VERDICT_PREFIX } from "../core/verdict-channel.js";
import { COMMON_CODE_LINES, positive, type CheckReading, type LanguageSpec, type Shadowing } from "./language.js";
import { PYTHON_STDLIB_MODULES } from "./python-modules.js";
import { tomlSections } from "./toml.js";

// compile() parses and builds bytecode but runs nothing; the JSON verdict gives the classifier exact
// positions. It goes on the nonce-marked verdict channel (driver.ts), since compile()'s warnings echo
// candidate lines into the same stream; warnings are off anyway. `-I`: the work dir is not on the import
// path, so a candidate's `json.py` cannot run inside the checker, and no PYTHON* variable applies. `-S`
// and json imported only for a verdict: the check runs for every candidate, and importing site and json
// was half its cost (≈ 15 of 33 ms in the bench's image); compile() needs neither.
const CHECK = [
  "import sys",
  "p = sys.argv[1]",
  "def verdict(info):",
  "    import json, os",
  // A JSON string literal is a Python one too.
  `    sys.stderr.write(${JSON.stringify(VERDICT_PREFIX)} + os.environ.get('${VERDICT_ENV}', '') + '\\n' + json.dumps(info) + '\\n')`,
  "    sys.exit(1)",
  "try:",
  "    compile(open(p, 'rb').read(), p, 'exec')",
  "except SyntaxError as e:",
  "    verdict({'message': e.msg, 'file': e.filename, 'line': e.lineno, 'column': e.offset})",
  "except (ValueError, RecursionError, MemoryError) as e:",
  "    verdict({'message': type(e).__name__ + ': ' + str(e), 'file': p})",
].join("\n");

// CHECK kept warm for a run (LanguageSpec.checkServer): the same compile() of the same bytes, at the same
// depth (module level, so the compiler's recursion limit leaves it the same room), in an interpreter started
// as CHECK's is. It answers `1` only where CHECK would exit 0; anything compile() raises is a `0`, and the
// engine then runs CHECK itself, so every verdict and message stays CHECK's. Nothing of a source is run, and
// nothing of one is kept for the next: compile() leaves no state behind.
const CHECK_SERVER = [
  "import sys",
  "src, out = sys.stdin.buffer, sys.stdout",
  "while True:",
  "    size = src.readline()",
  "    if not size:",
  "        break",
  "    source = src.read(int(size))",
  "    try:",
  "        compile(source, 'candidate', 'exec')",
  "        parses = '1'",
  "    except BaseException:",
  "        parses = '0'",
  "    out.write(parses + '\\n')",
  "    out.flush()",
].join("\n");

// The check and the run in one interpreter, for a command that is `python3 FILE` (the replies' preset): what
// CHECK does, then the run marker, then FILE run as `python3 FILE` runs it, in the same `__main__`. Saves an
// interpreter's start a candidate (≈ 25-40 CPU-ms on a host with page-table isolation). The interpreter starts
// as the run's would, without -I or -S (site and the environment's variables as for `python3 FILE`);
// `-c`'s empty path entry is dropped first, so nothing of the work dir is imported before the file parses,
// and the nonce leaves the environment before the run marker. What `python3 FILE` sets up is set up as it
// would be: sys.argv, sys.path[0] (the file's directory, links resolved), `__file__` (absolute),
// `__loader__`, `__cached__`, and no name of ours left in `__main__`. Warnings compile() gives (a
// SyntaxWarning) are held and issued after the run marker, where `python3 FILE` prints them into the
// candidate's stderr; an uncaught exception's traceback leaves out the launcher's frame. What stays
// different: sys.orig_argv and /proc/self/cmdline show `-c`, two frames of ours are below the file's on
// the stack, and an uncaught KeyboardInterrupt's traceback shows them.
const CHECK_AND_RUN = [
  "def _sandbox_gate():",
  // sys is built in, os loaded by the interpreter's start (site) and the importer frozen: none is looked
  // up on the path. What else we import comes from the standard library's directory alone: `warnings` is
  // not always loaded at start (Debian's python3 in a bare environment does not load it), and the work dir
  // may be on the path twice (`-c`'s entry, an image's PYTHONPATH): a candidate's warnings.py or json.py
  // found there would run here, with the nonce in the environment.
  "    import sys, os, _frozen_importlib_external as bootstrap",
  "    if sys.path[:1] == ['']:",
  "        del sys.path[0]",
  "    std = os.path.dirname(os.__file__)",
  "    def stdlib(name):",
  "        path = sys.path",
  "        sys.path = [std, os.path.join(std, 'lib-dynload')]",
  "        try:",
  "            return __import__(name)",
  "        finally:",
  "            sys.path = path",
  "    warnings = stdlib('warnings')",
  `    nonce = os.environ.pop('${VERDICT_ENV}', '')`,
  "    p = sys.argv[1]",
  "    def verdict(info):",
  "        json = stdlib('json')",
  `        sys.stderr.write(${JSON.stringify(VERDICT_PREFIX)} + nonce + '\\n' + json.dumps(info) + '\\n')`,
  "        sys.exit(1)",
  "    path = os.path.abspath(p)",
  "    try:",
  "        with warnings.catch_warnings(record=True) as held:",
  "            warnings.simplefilter('always')",
  "            code = compile(open(p, 'rb').read(), path, 'exec', dont_inherit=True)",
  "    except SyntaxError as e:",
  "        verdict({'message': e.msg, 'file': p, 'line': e.lineno, 'column': e.offset})",
  "    except (ValueError, RecursionError, MemoryError) as e:",
  "        verdict({'message': type(e).__name__ + ': ' + str(e), 'file': p})",
  `    sys.stderr.write(${JSON.stringify(RUN_PREFIX)} + nonce + '\\n')`,
  "    sys.stderr.flush()",
  "    del nonce",
  "    for w in held:",
  "        warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)",
  "    main = sys.modules['__main__'].__dict__",
  // compile() called from here keeps its warnings' registry in these globals: `python3 FILE` has none.
  "    del main['_sandbox_gate']",
  "    main.pop('__warningregistry__', None)",
  "    main.update(__file__=path, __cached__=None, __loader__=bootstrap.SourceFileLoader('__main__', path))",
  "    del sys.argv[0]",
  "    sys.path.insert(0, os.path.dirname(os.path.realpath(p)))",
  "    try:",
  "        exec(code, main)",
  "    except (SystemExit, KeyboardInterrupt):",
  "        raise",
  "    except BaseException as e:",
  "        e.__traceback__ = e.__traceback__.tb_next",
  "        sys.excepthook(type(e), e, e.__traceback__)",
  "        raise SystemExit(1)",
  "_sandbox_gate()",
].join("\n");

/** `python3 FILE` or `python FILE`, with FILE as the check names it: the commands CHECK_AND_RUN can take over. */
function checkAndRun(file: string, command: string): string[] | undefined {
  const words = command.trim().split(/\s+/);
  const plain = /^[\w./-]+$/.test(file);
  if (!plain || words.length !== 2 || words[1] !== file || !["python3", "python"].includes(words[0]!)) return undefined;
  return [words[0]!, "-c", CHECK_AND_RUN, file];
}

// The check script writes its verdict, {message, file, line, column}, on the nonce-marked channel
// (driver.ts): never read from the output, where compile()'s warnings would echo candidate lines that can
// look like a verdict.
function readCheck(_output: string, verdict: string | undefined): CheckReading {
  if (verdict === undefined) return undefined;
  try {
    const info: unknown = JSON.parse(verdict);
    if (typeof info !== "object" || info === null) return undefined;
    const { message, file, line: lineNo, column } = info as Record<string, unknown>;
    if (typeof message !== "string") return undefined;
    return {
      message,
      file: typeof file === "string" ? file : undefined,
      line: positive(lineNo),
      column: positive(column),
    };
  } catch {
    return undefined;
  }
}

const CODE_LINES = [
  /^\s*(async\s+)?def\s+\w+\s*\(/,
  /^\s*class\s+\w+\s*[(:]/,
  /^\s*import\s+[\w.]+(\s+as\s+\w+)?(\s*,\s*[\w.]+)*\s*$/,
  /^\s*from\s+[\w.]+\s+import\s+/,
  /^\s*(if|elif|else|for|while|with|try|except|finally)\b.*:\s*(#.*)?$/,
  /^\s*(return|raise|yield|assert|pass|break|continue)\b/,
  /^\s*@\w+/,
];

/**
 * A glob piece that matches `word` in any case: importlib.metadata lower-cases the names it finds on the
 * path, so `EVIL.DIST-INFO` is read as `evil.dist-info` is, while protect's globs are case-sensitive.
 */
function anyCase(word: string): string {
  return [...word]
    .map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toLowerCase()}${c.toUpperCase()}]`))
    .join("");
}

/**
 * Package metadata in any directory on the path (the work dir is on it under `python -m pytest`):
 * importlib.metadata lists it as an installed distribution, and pytest loads every `[pytest11]` entry
 * point of every distribution as a plugin. The directory itself too, which could be a symlink.
 */
const METADATA_DIRS = [anyCase(".dist-info"), anyCase(".egg-info")].flatMap((suffix) => [
  `**/*${suffix}`,
  `**/*${suffix}/**`,
]);

/** The tables of pyproject.toml that pytest, coverage and tox read, and pytest's plugin entry points. */
const PYPROJECT_TABLES = [
  ["tool", "pytest"],
  ["tool", "coverage"],
  ["tool", "tox"],
  ["project", "entry-points", "pytest11"],
];

/**
 * pytest's own modules and what it imports before any test (pytest 7 and 8's requirements; `py` is the shim
 * pytest ships, `attr` attrs's): a module of the name found first is what runs the tests.
 */
const RUNNER_MODULES = [
  "pytest",
  "_pytest",
  "py",
  "pluggy",
  "iniconfig",
  "packaging",
  "attr",
  "attrs",
  "exceptiongroup",
  "tomli",
  "colorama",
];

// The forms the path finder looks for, for a name (importlib.machinery's suffixes on Linux): an extension
// module with any ABI tag, source, sourceless bytecode; a package is a directory with `__init__` of one of them.
const SUFFIX = String.raw`(?:\.py|\.pyc|(?:\.[^./]+)?\.so)`;
const MODULE_FILE = new RegExp(String.raw`^(?:(.*)/)?([A-Za-z_]\w*)${SUFFIX}$`);
const PACKAGE_FILE = new RegExp(String.raw`^(?:(.*)/)?([A-Za-z_]\w*)/__init__${SUFFIX}$`);

const shadowing: Shadowing = {
  names: [...PYTHON_STDLIB_MODULES, ...RUNNER_MODULES],
  // pytest imports its installed plugins by module name (pytest_cov, pytest_xdist's xdist aside).
  prefixes: ["pytest_"],
  moduleOf(path) {
    const m = PACKAGE_FILE.exec(path) ?? MODULE_FILE.exec(path);
    return m ? { dir: m[1] ?? "", name: m[2]! } : undefined;
  },
  packageMarker: "__init__.py",
};

/** A dotted module name → the files importing it runs, from a directory on the path: its packages' too. */
function moduleFiles(name: string): string[] {
  const parts = name.split(".");
  const packages = parts.slice(0, -1).map((_, i) => `${parts.slice(0, i + 1).join("/")}/__init__.py`);
  return [...packages, `${parts.join("/")}.py`, `${parts.join("/")}/__init__.py`];
}

/**
 * The dotted names Python files (`paths`) are imported by, from any directory above them on the path:
 * `tests/check.py` is `tests.check` from the work dir and `check` from `tests/`, where pytest's prepend
 * and unittest's discovery put it first; a package's `__init__.py` is the package. The reverse of moduleFiles.
 */
export function pythonModuleNames(paths: readonly string[]): Set<string> {
  const names = new Set<string>();
  for (const path of paths) {
    const m = /^(.*?)(?:\/__init__)?\.py$/.exec(path);
    if (!m || m[1] === "") continue;
    const parts = m[1]!.split("/");
    if (!parts.every((part) => /^[A-Za-z_]\w*$/.test(part))) continue;
    for (let i = 0; i < parts.length; i++) names.add(parts.slice(i).join("."));
  }
  return names;
}

const MODULE_NAME = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;

/** The plugins a pytest configuration loads by `-p NAME` (`-pNAME`; not `-p no:NAME`) in its options, as files. */
function pytestOptionPlugins(text: string): string[] {
  const words = text.split(/[\s"',[\]=]+/);
  const names = words.flatMap((word, i) =>
    word === "-p" ? [words[i + 1] ?? ""] : word.startsWith("-p") ? [word.slice(2)] : [],
  );
  return names.filter((name) => MODULE_NAME.test(name)).flatMap(moduleFiles);
}

/** The plugins a conftest.py loads by `pytest_plugins = …` (a string, a list or a tuple of them), as files. */
function conftestPlugins(text: string): string[] {
  const value = /^pytest_plugins\s*=\s*(\[[^\]]*\]|\([^)]*\)|"[^"]*"|'[^']*')/m.exec(text)?.[1] ?? "";
  return [...value.matchAll(/["']([^"']*)["']/g)]
    .map((m) => m[1]!)
    .filter((name) => MODULE_NAME.test(name))
    .flatMap(moduleFiles);
}

// pytest reads its options from the first of these in the rootdir (the tree's root, as the command runs
// there), and imports plugins by module name from the path, where the work dir is under `python -m pytest`.
const PYTEST_CONFIGS = [
  "pytest.ini",
  ".pytest.ini",
  "pytest.toml",
  ".pytest.toml",
  "pyproject.toml",
  "tox.ini",
  "setup.cfg",
];
const CONFTESTS = ["conftest.py", "tests/conftest.py", "test/conftest.py"];

export const python: LanguageSpec<"python"> = {
  name: "python",
  fenceTags: ["python", "py", "python3", "py3"],
  extensions: [".py"],
  target: "solution.py",
  command: "python3 solution.py",
  image: "python:3.12-slim",
  check: (file) => ["python3", "-I", "-S", "-W", "ignore", "-c", CHECK, file],
  checkAndRun,
  checkServer: ["python3", "-I", "-S", "-W", "ignore", "-c", CHECK_SERVER],
  readCheck,
  codeLines: [...CODE_LINES, ...COMMON_CODE_LINES],
  protect: {
    tests: ["**/test_*.py", "**/*_test.py"],
    // A test package's __init__.py runs before its tests, as conftest does; pytest also imports every
    // __init__.py above it while the directories have one, so a new one at the root runs too.
    preloaded: ["**/conftest.py", "**/tests/__init__.py", "**/test/__init__.py", "__init__.py"],
    // Run at start-up, or found by the runner's plugin discovery: site's hooks (a module or a package of
    // the name), .pth files, editable installs' finders, package metadata with entry points.
    importHooks: [
      "**/sitecustomize.py",
      "**/sitecustomize/**",
      "**/usercustomize.py",
      "**/usercustomize/**",
      "**/*.pth",
      "**/__editable__*",
      "**/*.egg-link",
      ...METADATA_DIRS,
    ],
    runner: [
      "**/pytest.py",
      "**/pytest/__init__.py",
      "**/_pytest/**",
      "**/unittest.py",
      "**/unittest/__init__.py",
      "**/.venv/**",
      // pytest's own machinery, imported by it before any test.
      "**/pluggy.py",
      "**/pluggy/**",
      "**/iniconfig.py",
      "**/iniconfig/**",
    ],
    // The bytecode caches: the import system runs a cached file whose stamp matches the source's (the
    // sandbox gives every base file one fixed mtime, so a stamp is easy to forge) or one compiled
    // unchecked, and pytest its assertion-rewritten copy in __pycache__; a .pyc without its source runs too.
    compiled: ["**/__pycache__", "**/__pycache__/**", "**/*.pyc", "**/*.pyo"],
    config: [
      "**/pytest.ini",
      "**/.pytest.ini",
      "**/pytest.toml",
      "**/.pytest.toml",
      "**/tox.ini",
      "**/setup.cfg",
      "**/.coveragerc",
    ],
    sections: [
      {
        glob: "**/pyproject.toml",
        what: "the test runner's section of pyproject.toml",
        relevant: (text) => tomlSections(text, PYPROJECT_TABLES),
      },
    ],
    shadowing,
    // The base's own plugins, named by module: code that runs inside the runner, as conftest's does.
    loadedByConfig: [
      ...PYTEST_CONFIGS.map((config) => ({ config, named: pytestOptionPlugins })),
      ...CONFTESTS.map((config) => ({
        config,
        // Found from the tree's root (on the path under `python -m pytest`), or from the conftest's own
        // directory when pytest's prepend put it there: both.
        named: (text: string) =>
          conftestPlugins(text).flatMap((path) => [`${"../".repeat(config.split("/").length - 1)}${path}`, path]),
      })),
    ],
  },
};
