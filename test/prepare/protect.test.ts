import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { applyPatch, parsePatch } from "../../src/prepare/patch.js";
import { compileProtect, findProtected, unprotectedChanges, type Content } from "../../src/prepare/protect.js";
import { parseProtect, type ProtectSetting } from "../../src/settings/protect-setting.js";

const DEFAULT = parseProtect(undefined);

/** The paths `setting` protects when the candidate makes `changes` to `base`. */
function protectedPaths(
  changes: Record<string, Content | null>,
  {
    base = {},
    setting = DEFAULT,
    tests = [],
  }: { base?: Record<string, Content>; setting?: ProtectSetting; tests?: string[] } = {},
): string[] {
  return findProtected(compileProtect(setting, tests), new Map(Object.entries(base)), new Map(Object.entries(changes)))
    .protected;
}

describe("the default's test files: changes and deletions of the base's, not additions", () => {
  const layouts = [
    "tests/test_x.py",
    "pkg/test_util.py",
    "pkg/util_test.py",
    "tests/data/expected.json",
    "test/helpers.js",
    "src/__tests__/x.js",
    "src/x.test.ts",
    "src/x.spec.js",
    "spec/x_spec.js",
    "lib/slug_test.mjs",
    "lib/slug-test.ts",
    "scripts/test-slug.cjs",
    "src/FooTest.php",
    "Tests/Unit/Foo.php",
    "test/x.bats",
    "scripts/test_run.sh",
    "scripts/run_test.sh",
  ];
  it.each(layouts)("%s: changed or deleted is protected, added runs", (path) => {
    const base = { [path]: "base\n" };
    expect(protectedPaths({ [path]: "weakened\n" }, { base })).toEqual([path]);
    expect(protectedPaths({ [path]: null }, { base })).toEqual([path]);
    expect(protectedPaths({ [path]: "new test\n" })).toEqual([]);
  });

  it("leaves the code under test alone", () => {
    const base = { "src/app.py": "a", "lib/x.js": "b", "src/Foo.php": "c", "run.sh": "d" };
    expect(
      protectedPaths({ "src/app.py": "A", "lib/x.js": "B", "src/Foo.php": "C", "run.sh": null }, { base }),
    ).toEqual([]);
  });

  it("sees no change in bytes the base already has", () => {
    expect(protectedPaths({ "tests/test_x.py": "same" }, { base: { "tests/test_x.py": "same" } })).toEqual([]);
    expect(protectedPaths({ "tests/test_x.py": Buffer.from("same") }, { base: { "tests/test_x.py": "same" } })).toEqual(
      [],
    );
  });
});

describe("the default's always-protected files: added, changed or deleted", () => {
  const always = [
    "conftest.py",
    "src/deep/conftest.py",
    "sitecustomize.py",
    "lib/usercustomize.py",
    "site-packages/evil.pth",
    "sitecustomize/__init__.py",
    ".local/lib/python3.11/site-packages/usercustomize/__init__.py",
    "evil.dist-info/entry_points.txt",
    "EVIL.Dist-Info/entry_points.txt",
    "evil.dist-info",
    "src/evil.egg-info/entry_points.txt",
    "site-packages/evil.egg-link",
    "site-packages/__editable___evil_finder.py",
    "tests/__init__.py",
    "pkg/test/__init__.py",
    "__init__.py",
    "pluggy/__init__.py",
    "iniconfig.py",
    ".yarnrc.yml",
    ".yarn/releases/yarn-4.cjs",
    ".pnp.cjs",
    ".nycrc.json",
    "bunfig.toml",
    "vendor/autoload.php",
    "vendor/composer/autoload_files.php",
    "tests/__pycache__/test_x.cpython-311-pytest-7.2.1.pyc",
    "shop/__pycache__/discount.cpython-311.pyc",
    "shop/__pycache__",
    "shop/discount.pyc",
    "legacy.pyo",
    "pytest.py",
    "unittest/__init__.py",
    "node_modules/jest/bin/jest.js",
    ".venv/bin/python",
    "vendor/bin/phpunit",
    "pytest.ini",
    ".pytest.ini",
    "tox.ini",
    "setup.cfg",
    ".coveragerc",
    "jest.config.js",
    "jest.setup.ts",
    "vitest.config.mts",
    "vite.config.ts",
    ".mocharc.yml",
    "karma.conf.js",
    "babel.config.json",
    ".npmrc",
    "phpunit.xml.dist",
    "tests/Pest.php",
    "test/setup_suite.bash",
    ".github/workflows/ci.yml",
  ];
  it.each(always)("%s", (path) => {
    const base = { [path]: "base\n" };
    expect(protectedPaths({ [path]: "new\n" })).toEqual([path]);
    expect(protectedPaths({ [path]: "changed\n" }, { base })).toEqual([path]);
    expect(protectedPaths({ [path]: null }, { base })).toEqual([path]);
  });

  it("matches case-sensitively, as the sandbox's file system and the runners do", () => {
    expect(protectedPaths({ "Conftest.py": "x", "PYTEST.INI": "x" })).toEqual([]);
  });

  it("leaves a package's own __init__.py and metadata-like names that are not directories' suffixes alone", () => {
    expect(
      protectedPaths({ "shop/__init__.py": "x", "docs/dist-info.md": "x", "src/tests_helper/__init__.py": "x" }),
    ).toEqual([]);
  });

  it("protects compiled code under the user's own globs too, but not with protection off", () => {
    const forged = { "contract/__pycache__/rules.cpython-311.pyc": "forged" };
    expect(protectedPaths(forged, { setting: parseProtect(["contract/*.py"]) })).toEqual(Object.keys(forged));
    expect(protectedPaths(forged, { setting: parseProtect([]) })).toEqual([]);
    expect(protectedPaths(forged, { setting: parseProtect(["default", "!**/__pycache__/**"]) })).toEqual([]);
  });

  it("protects only the root's .github", () => {
    expect(protectedPaths({ "docs/.github/x.yml": "x" })).toEqual([]);
  });
});

describe("shadowing: a new module named as the standard library's or the runner's, where it is found first", () => {
  const shadows = [
    // The work dir, on the path under `python -m pytest`, `python -m unittest` and a script run from it.
    "decimal.py",
    "unittest/__init__.py",
    "typing.py",
    "_pytest/__init__.py",
    "pluggy.py",
    "py.py",
    "packaging/__init__.py",
    "pytest_evil.py",
    "json.cpython-311-x86_64-linux-gnu.so",
    "inspect.abi3.so",
    "fractions.so",
    // A directory that is no package: pytest's prepend puts it first for its tests, a script's is its own.
    "tests/decimal.py",
    "tests/unit/random/__init__.py",
    "src/typing.py",
  ];
  it.each(shadows)("%s: added is protected", (path) => {
    expect(protectedPaths({ [path]: "x = 1\n" })).toEqual([path]);
  });

  it("says which name it takes", () => {
    const [file] = findProtected(compileProtect(DEFAULT), new Map(), new Map([["tests/decimal.py", "x"]])).files;
    expect(file).toMatchObject({ change: "added", restore: null });
    expect(file!.what).toContain("`decimal`");
  });

  it("leaves a package's modules alone: they are the package's own (`pkg.types`)", () => {
    const base = { "pkg/__init__.py": "", "tests/__init__.py": "" };
    expect(
      protectedPaths({ "pkg/types.py": "x", "pkg/json/__init__.py": "x", "tests/decimal.py": "x" }, { base }),
    ).toEqual([]);
    // A package the candidate makes, with its own __init__.py, is one too.
    expect(protectedPaths({ "lib/__init__.py": "", "lib/string.py": "x" })).toEqual([]);
  });

  it("judges the directory in the tree that runs: an __init__.py deleted, or one that protect keeps out, makes no package", () => {
    const base = { "pkg/__init__.py": "", "tests/test_x.py": "" };
    expect(protectedPaths({ "pkg/__init__.py": null, "pkg/types.py": "x" }, { base })).toEqual(["pkg/types.py"]);
    // tests/__init__.py is protected (it runs before the tests): the sandbox lacks it, so tests/ is no package.
    expect(protectedPaths({ "tests/__init__.py": "", "tests/decimal.py": "x" }, { base })).toEqual([
      "tests/__init__.py",
      "tests/decimal.py",
    ]);
  });

  it("leaves the base's own modules of such names to the candidate, and names the library does not hold", () => {
    const base = { "types.py": "A = 1\n", "lib/typing.py": "" };
    expect(protectedPaths({ "types.py": "A = 2\n", "lib/typing.py": null }, { base })).toEqual([]);
    expect(
      protectedPaths({ "solution.py": "x", "helpers.py": "x", "tests/helpers.py": "x", "docs/conf.py": "x" }),
    ).toEqual([]);
    // Not a module's file form: `import decimal` never finds these.
    expect(protectedPaths({ "decimal.txt": "x", "decimal.bak.py": "x", "decimal/data.json": "x" })).toEqual([]);
  });

  it("is the default's: off with protection off or with the user's globs alone, and `!` leaves a file out", () => {
    expect(protectedPaths({ "decimal.py": "x" }, { setting: parseProtect([]) })).toEqual([]);
    expect(protectedPaths({ "decimal.py": "x" }, { setting: parseProtect(["src/**"]) })).toEqual([]);
    expect(protectedPaths({ "decimal.py": "x" }, { setting: parseProtect(["default", "!decimal.py"]) })).toEqual([]);
  });
});

describe("files the base's runner configuration names to load before the tests", () => {
  const what = (changes: Record<string, Content | null>, base: Record<string, Content>) =>
    findProtected(compileProtect(DEFAULT), new Map(Object.entries(base)), new Map(Object.entries(changes))).files.map(
      (f) => [f.path, f.change, f.what],
    );
  const LOADED = "a file the test runner's configuration loads before the tests";

  it("PHPUnit's bootstrap, printer, listener and extension files, and the ini's prepended files", () => {
    const base = {
      "phpunit.xml.dist": [
        '<phpunit bootstrap="./bootstrap.php" printerFile="src/Printer.php">',
        '  <listeners><listener class="L" file="support/Listener.php"/></listeners>',
        "  <extensions><extension class='E' file='support/Ext.php'/></extensions>",
        '  <php><ini value="lib/prepend.php" name="auto_prepend_file"/><ini name="memory_limit" value="lib/not.php"/></php>',
        "</phpunit>",
      ].join("\n"),
      "bootstrap.php": "<?php require 'vendor/autoload.php';\n",
      "src/Printer.php": "<?php\n",
    };
    expect(
      what(
        {
          "bootstrap.php": "<?php // nothing\n",
          "src/Printer.php": null,
          "support/Listener.php": "<?php\n",
          "support/Ext.php": "<?php\n",
          "lib/prepend.php": "<?php\n",
          "lib/not.php": "<?php\n",
          "src/Money.php": "<?php\n",
        },
        base,
      ),
    ).toEqual([
      ["bootstrap.php", "changed", LOADED],
      ["lib/prepend.php", "added", LOADED],
      ["src/Printer.php", "deleted", LOADED],
      ["support/Ext.php", "added", LOADED],
      ["support/Listener.php", "added", LOADED],
    ]);
  });

  it("only from the root's configuration, the base's version, and never a path out of the tree", () => {
    const names = '<phpunit bootstrap="boot.php"/>';
    expect(what({ "boot.php": "x" }, { "sub/phpunit.xml": names })).toEqual([]);
    // The candidate's own phpunit.xml is protected itself; what it names is not what runs.
    expect(what({ "phpunit.xml": names, "boot.php": "x" }, {})).toEqual([["phpunit.xml", "added", expect.any(String)]]);
    expect(
      what(
        { "etc/boot.php": "x", "boot.php": "x" },
        { "phpunit.xml": '<phpunit bootstrap="/etc/boot.php" file="../boot.php"/>' },
      ),
    ).toEqual([]);
    // A path that climbs and comes back names the file it reaches; one that ends at the root names none.
    expect(
      what(
        { "boot.php": "x", "lib/x.php": "x" },
        { "phpunit.xml": '<phpunit bootstrap="lib/../boot.php" file="lib/.."/>' },
      ),
    ).toEqual([["boot.php", "added", LOADED]]);
  });

  it("pytest's -p plugins in its options, and a root or tests/ conftest's pytest_plugins", () => {
    expect(
      what(
        { "myplugin.py": "x", "helpers/__init__.py": "x", "helpers/plug.py": "x", "cacheprovider.py": "x" },
        { "pytest.ini": "[pytest]\naddopts = -p myplugin -p no:cacheprovider -phelpers.plug\n" },
      ).map(([path]) => path),
    ).toEqual(["helpers/__init__.py", "helpers/plug.py", "myplugin.py"]);
    expect(
      what(
        { "fixtures/db.py": "x" },
        { "pyproject.toml": '[tool.pytest.ini_options]\naddopts = ["-p", "fixtures.db"]\n' },
      ).map(([path]) => path),
    ).toEqual(["fixtures/db.py"]);
    expect(
      what(
        { "fixtures/db.py": "x", "tests/fixtures/db.py": "x", "fixtures/other.py": "x" },
        { "tests/conftest.py": 'pytest_plugins = [\n    "fixtures.db",\n]\n', "tests/fixtures/db.py": "old" },
      ).map(([path, change]) => [path, change]),
    ).toEqual([
      ["fixtures/db.py", "added"],
      ["tests/fixtures/db.py", "changed"],
    ]);
  });

  it("is the default's: not under the user's globs alone", () => {
    expect(
      protectedPaths(
        { "bootstrap.php": "x" },
        { base: { "phpunit.xml": '<phpunit bootstrap="bootstrap.php"/>' }, setting: parseProtect(["src/**"]) },
      ),
    ).toEqual([]);
  });
});

describe("the `tests` input's files", () => {
  it("are protected like the base's test files when the default applies", () => {
    const base = { "checks/verify.py": "v" };
    expect(protectedPaths({ "checks/verify.py": "w" }, { base, tests: ["checks/*.py"] })).toEqual(["checks/verify.py"]);
    expect(protectedPaths({ "checks/new.py": "n" }, { base, tests: ["checks/*.py"] })).toEqual([]);
  });

  it("are not when the user's globs replace the default", () => {
    const base = { "checks/verify.py": "v" };
    const setting = parseProtect(["other/**"]);
    expect(protectedPaths({ "checks/verify.py": "w" }, { base, setting, tests: ["checks/*.py"] })).toEqual([]);
  });
});

describe("the user's globs", () => {
  it.each<[string, string[], Record<string, Content | null>, Record<string, Content>, string[]]>([
    [
      "replace the default",
      ["data/**"],
      { "data/a.csv": "x", "tests/test_x.py": "y" },
      { "tests/test_x.py": "t" },
      ["data/a.csv"],
    ],
    ["protect additions too", ["data/**"], { "data/new.csv": "x" }, {}, ["data/new.csv"]],
    [
      "extend the default with `default`",
      ["default", "data/**"],
      { "data/a.csv": "x", "tests/test_x.py": "y", "src/app.py": "z" },
      { "tests/test_x.py": "t", "src/app.py": "a" },
      ["data/a.csv", "tests/test_x.py"],
    ],
    [
      "leave a file of the default out with `!`",
      ["default", "!setup.cfg", "!tests/fixtures/**"],
      { "setup.cfg": "x", "tests/fixtures/a.json": "y", "tests/test_x.py": "z" },
      { "setup.cfg": "s", "tests/fixtures/a.json": "f", "tests/test_x.py": "t" },
      ["tests/test_x.py"],
    ],
    [
      "anchor at the root, as `tests` does",
      ["conftest.py"],
      { "sub/conftest.py": "x", "conftest.py": "y" },
      {},
      ["conftest.py"],
    ],
    [
      "leave a file of the user's globs out with `!`",
      ["data/**", "!data/scratch/**"],
      { "data/a.csv": "x", "data/scratch/b.csv": "y" },
      {},
      ["data/a.csv"],
    ],
    ["read `./` as the root", ["./Makefile"], { Makefile: "x" }, {}, ["Makefile"]],
    ["turn everything off when empty", [], { "conftest.py": "x", ".github/x.yml": "y" }, {}, []],
  ])("%s", (_, items, changes, base, expected) => {
    expect(protectedPaths(changes, { base, setting: parseProtect(items) })).toEqual(expected);
  });
});

describe("pyproject.toml: only the test runners' tables", () => {
  const BASE = [
    "[project]",
    'name = "x"',
    'version = "1.0"',
    "",
    "[tool.pytest.ini_options]",
    'testpaths = ["tests"]',
    "",
    "[tool.black]",
    "line-length = 100",
    "",
  ].join("\n");
  const edit = (from: string, to: string) => BASE.replace(from, to);

  it.each<[string, boolean, string | null]>([
    ["a version bump", false, edit('version = "1.0"', 'version = "1.1"')],
    ["a dependency added", false, edit('version = "1.0"', 'version = "1.0"\ndependencies = ["attrs"]')],
    ["another tool's table", false, edit("line-length = 100", "line-length = 88")],
    ["a comment or a blank line", false, edit("[tool.black]", "# formatting\n\n[tool.black]")],
    ["addopts added", true, edit('testpaths = ["tests"]', 'testpaths = ["tests"]\naddopts = "-k \'not slow\'"')],
    ["testpaths changed", true, edit('testpaths = ["tests"]', 'testpaths = ["nothing"]')],
    ["the table removed", true, edit('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n', "")],
    ["the file deleted", true, null],
    [
      "a dotted key from another table",
      true,
      edit("line-length = 100", 'line-length = 100\n[tool]\npytest.ini_options.addopts = "-x"'),
    ],
    ["a spaced, quoted header", true, edit("[tool.black]", '[ tool . "pytest" ]\naddopts = "-x"\n[tool.black]')],
    ["an escaped key", true, edit("[tool.black]", '[tool."\\u0070ytest".ini_options]\naddopts = "-x"\n[tool.black]')],
    ["a native [tool.pytest] table", true, edit("[tool.black]", '[tool.pytest]\naddopts = ["-x"]\n[tool.black]')],
    ["coverage's threshold", true, edit("[tool.black]", "[tool.coverage.report]\nfail_under = 0\n[tool.black]")],
  ])("%s: protected %s", (_, expected, next) => {
    const path = "pyproject.toml";
    expect(protectedPaths({ [path]: next }, { base: { [path]: BASE } })).toEqual(expected ? [path] : []);
  });

  it("is protected when added with a pytest table, not without", () => {
    expect(protectedPaths({ "pyproject.toml": '[tool.pytest.ini_options]\naddopts = "-x"\n' })).toEqual([
      "pyproject.toml",
    ]);
    expect(protectedPaths({ "pyproject.toml": '[project]\nname = "x"\n' })).toEqual([]);
  });
});

describe("package.json: only the test scripts and the runners' keys", () => {
  const BASE = JSON.stringify(
    {
      name: "x",
      version: "1.0.0",
      scripts: { build: "tsc", test: "npm run unit", unit: "node --test", lint: "eslint ." },
      dependencies: { a: "1" },
      jest: { testEnvironment: "node" },
    },
    null,
    2,
  );
  interface Package {
    version: string;
    scripts?: Record<string, string>;
    dependencies: Record<string, string>;
    jest: Record<string, unknown>;
    mocha?: unknown;
    imports?: unknown;
  }
  const edit = (change: (pkg: Package & { scripts: Record<string, string> }) => void) => {
    const pkg = JSON.parse(BASE) as Package & { scripts: Record<string, string> };
    change(pkg);
    return JSON.stringify(pkg, null, 2);
  };

  it.each<[string, boolean, string | null]>([
    ["a version bump", false, edit((p) => (p.version = "1.1.0"))],
    ["a dependency", false, edit((p) => (p.dependencies.b = "2"))],
    ["another script", false, edit((p) => (p.scripts.build = "tsc -b"))],
    ["the keys reordered", false, edit((p) => (p.jest = { ...p.jest }))],
    ["the test script", true, edit((p) => (p.scripts.test = "exit 0"))],
    ["a script the test script runs", true, edit((p) => (p.scripts.unit = "exit 0"))],
    ["a pretest script added", true, edit((p) => (p.scripts.pretest = "node hook.js"))],
    ["a test:* script", true, edit((p) => (p.scripts["test:unit"] = "true"))],
    ["jest's configuration", true, edit((p) => (p.jest.testMatch = []))],
    ["mocha's configuration added", true, edit((p) => (p.mocha = { require: "hook.js" }))],
    ["subpath imports a test resolves through", true, edit((p) => (p.imports = { "#helpers": "./fake.js" }))],
    ["the scripts removed", true, edit((p: Package) => delete p.scripts)],
    ["unparsable", true, "{ not json"],
    ["the file deleted", true, null],
  ])("%s: protected %s", (_, expected, next) => {
    const path = "package.json";
    expect(protectedPaths({ [path]: next }, { base: { [path]: BASE } })).toEqual(expected ? [path] : []);
  });

  it("lets an unparsable file pass when the base had no test scripts", () => {
    const base = { "package.json": '{"name": "x"}' };
    expect(protectedPaths({ "package.json": "{ broken" }, { base })).toEqual([]);
  });

  it("is protected when added with test scripts, not without", () => {
    expect(protectedPaths({ "web/package.json": '{"scripts": {"test": "exit 0"}}' })).toEqual(["web/package.json"]);
    expect(protectedPaths({ "web/package.json": '{"name": "web"}' })).toEqual([]);
  });
});

describe("composer.json: only its scripts and the files its autoloader includes", () => {
  const BASE = JSON.stringify({
    name: "acme/money",
    require: { php: ">=8.1" },
    autoload: { "psr-4": { "Money\\": "src/" }, files: ["src/helpers.php"] },
    scripts: { test: "phpunit" },
  });
  const edit = (change: (c: Record<string, Record<string, unknown>>) => void) => {
    const manifest = JSON.parse(BASE) as Record<string, Record<string, unknown>>;
    change(manifest);
    return JSON.stringify(manifest);
  };

  it.each<[string, boolean, string | null]>([
    ["a requirement", false, edit((c) => (c.require!.ext = "*"))],
    ["a psr-4 root", false, edit((c) => (c.autoload!["psr-4"] = { "Money\\": "lib/" }))],
    ["the test script", true, edit((c) => (c.scripts!.test = "true"))],
    ["an event script", true, edit((c) => (c.scripts!["post-autoload-dump"] = "php hook.php"))],
    ["a file the autoloader includes", true, edit((c) => (c.autoload!.files = ["src/helpers.php", "hook.php"]))],
    ["autoload-dev's files", true, edit((c) => (c["autoload-dev"] = { files: ["hook.php"] }))],
    ["unparsable", true, "{ not json"],
  ])("%s: protected %s", (_, expected, next) => {
    expect(protectedPaths({ "composer.json": next }, { base: { "composer.json": BASE } })).toEqual(
      expected ? ["composer.json"] : [],
    );
  });
});

describe("findProtected", () => {
  const base = { "tests/test_x.py": "assert f() == 2\n", "pytest.ini": "[pytest]\n", "src/x.py": "bug" };
  const changes = new Map<string, Content | null>([
    ["src/x.py", "fix"],
    ["tests/test_x.py", null],
    ["tests/test_new.py", "assert True\n"],
    ["conftest.py", "def pytest_runtest_makereport(): ...\n"],
    ["pytest.ini", '[pytest]\naddopts = -k "not test_x"\n'],
  ]);

  it("names each protected file sorted, with the change, the rule and what to restore", () => {
    const protection = findProtected(compileProtect(DEFAULT), new Map(Object.entries(base)), changes);
    expect(protection).toEqual({
      protected: ["conftest.py", "pytest.ini", "tests/test_x.py"],
      files: [
        { path: "conftest.py", change: "added", what: "a file the test runner loads before the tests", restore: null },
        { path: "pytest.ini", change: "changed", what: "the test runner's configuration", restore: "[pytest]\n" },
        { path: "tests/test_x.py", change: "deleted", what: "a test file the base has", restore: "assert f() == 2\n" },
      ],
    });
    // The candidate then runs with its fix and its new test, on the base's tests and configuration.
    expect([...unprotectedChanges(changes, protection)]).toEqual([
      ["src/x.py", "fix"],
      ["tests/test_new.py", "assert True\n"],
    ]);
  });

  it("protects nothing when off", () => {
    expect(findProtected(compileProtect(parseProtect([])), new Map(Object.entries(base)), changes)).toEqual({
      protected: [],
      files: [],
    });
  });

  it("takes bytes as well as text", () => {
    const bytes = new Map<string, Content>([
      ["pyproject.toml", Buffer.from('[tool.pytest.ini_options]\naddopts = "-q"\n')],
    ]);
    const next = new Map<string, Content | null>([
      ["pyproject.toml", Buffer.from('[tool.pytest.ini_options]\naddopts = "-x"\n')],
    ]);
    expect(findProtected(compileProtect(DEFAULT), bytes, next).protected).toEqual(["pyproject.toml"]);
  });
});

describe("the fixture repositories' patches (test/fixtures/repos/protect-*), applied in memory", () => {
  const REPOS = resolve(import.meta.dirname, "../fixtures/repos");
  /** Every file of a fixture repository, path → bytes. */
  function tree(repo: string): Map<string, Uint8Array> {
    const root = join(REPOS, repo);
    // Relative paths, as a checkout lists them; directories left out.
    const paths = readdirSync(root, { recursive: true, encoding: "utf8" }).filter((path) =>
      statSync(join(root, path)).isFile(),
    );
    return new Map(paths.map((path) => [path, readFileSync(join(root, path))]));
  }

  it.each<[string, string, string[]]>([
    ["protect-py", "weaken-test", ["tests/test_discount.py"]],
    ["protect-py", "delete-test", ["tests/test_discount.py"]],
    ["protect-py", "conftest-report", ["conftest.py"]],
    ["protect-py", "addopts", ["pytest.ini"]],
    ["protect-py", "sitecustomize", ["sitecustomize.py"]],
    ["protect-py", "fix", []],
    ["protect-py", "fix-with-test", []],
    ["protect-js", "edit-test", ["test/x.test.js"]],
    ["protect-js", "script-exit0", ["package.json"]],
    ["protect-js", "fix", []],
  ])("%s %s: protected %j", (repo, name, expected) => {
    const base = tree(repo);
    const applied = applyPatch(base, parsePatch(readFileSync(join(REPOS, `${repo}-patches`, `${name}.patch`))));
    if (!applied.ok) throw new Error(applied.reason);
    const protection = findProtected(compileProtect(DEFAULT), base, applied.files);
    expect(protection.protected).toEqual(expected);
    // What runs: the base's version of each protected file, and the rest of the candidate's changes.
    const kept = unprotectedChanges(applied.files, protection);
    expect([...kept.keys()].sort()).toEqual(applied.changed.filter((path) => !expected.includes(path)));
  });
});
