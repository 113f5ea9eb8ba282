// SWE-bench's test command and log parser for each repository and version, as its harness runs an
// instance: the repository's runner (with the environment variables it sets for that version) on the
// test files that the instance's test_patch touches. Pure data and the rules that read it; written here
// from reading, not copied:
// - SWE-bench/SWE-bench at tag v4.1.0 (commit 726c5461e2ef52d83cf1ea2107870a8bb3328d57):
//   swebench/harness/constants/python.py (MAP_REPO_VERSION_TO_SPECS_PY: each version's `test_cmd` and
//   `eval_commands`), swebench/harness/test_spec/python.py (get_test_directives, make_eval_script_list_py)
//   and swebench/harness/constants/__init__.py (NON_TEST_EXTS);
// - the same repository at 5.0.2 (commit 7a21e05772954cc81471ae19d56f436cecf43c54):
//   swebench/harness/log_parsers/__init__.py (PARSER_REGISTRY's names, `parse_log_…`) and
//   swebench/harness/log_parsers/python.py (MAP_REPO_TO_PARSER_PY);
// - checked against the `eval_script` that SWE-bench 5.0 ships on every instance of SWE-bench Lite (test
//   and dev) and Verified (data/*.parquet at commit 9fa561428aeef6406f534c8370c670f9ce51c630): of their
//   730 distinct instances, 729 get here the very command between the script's output markers, exports
//   and all; astropy__astropy-8872's script exports one variable more, of its own (an instance's
//   eval_script, when it has one, is what the importer takes: evalScriptCommand).
// Only the Python repositories of SWE-bench (full, Lite, Verified) are here; SWE-bench's own "humaneval"
// and dbt-core (no test command) are not.
import { isPlainWord, shellWord } from "../core/shell.js";
import { RESULTS_FORMATS, type ResultsFormat } from "../settings/settings.js";

/**
 * The log parsers of SWE-bench's Python repositories: its `parse_log_<name>`, underscores as hyphens. They
 * are the results formats (settings' RESULTS_FORMATS, which lists them once, for the line's schema and the
 * parsers' registry) but JUnit, which is ours.
 */
export type SweBenchParser = Exclude<ResultsFormat, "junit">;
export const SWE_BENCH_PARSERS: readonly SweBenchParser[] = RESULTS_FORMATS.filter(
  (format): format is SweBenchParser => format !== "junit",
);

// The runners, one string each (SWE-bench's TEST_* constants that its specs use).
const PYTEST = "pytest -rA";
const PYTEST_ASTROPY_OLD = "pytest -rA -vv -o console_output_style=classic --tb=no";
const PYTEST_SEABORN = "pytest --no-header -rA";
const DJANGO = "./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1";
const DJANGO_SERIAL = "./tests/runtests.py --verbosity 2";
const SPHINX = "tox --current-env -epy39 -v --";
const SYMPY = "PYTHONWARNINGS='ignore::UserWarning,ignore::SyntaxWarning' bin/test -C --verbose";

// Django's `eval_commands` by version: its older test suites need a UTF-8 locale. The `locale-gen` that
// 3.0–3.2 also run writes the image's /etc: the environment image's job, not the test command's.
const DJANGO_OLD_ENV = ["LANG=en_US.UTF-8", "LC_ALL=en_US.UTF-8", "PYTHONIOENCODING=utf8", "LANGUAGE=en_US:en"];
const DJANGO_3_ENV = ["LANG=en_US.UTF-8", "LANGUAGE=en_US:en", "LC_ALL=en_US.UTF-8"];

/** Some versions of a repository that share a runner (and exported variables). */
interface VersionGroup {
  versions: readonly string[];
  run: string;
  env?: readonly string[];
}

interface RepoSpec {
  parser: SweBenchParser;
  /** Django names its tests by module label, not by path. */
  directives: "paths" | "django-labels";
  groups: readonly VersionGroup[];
}

const range = (text: string) => text.split(" ");
const pytestRepo = (parser: SweBenchParser, versions: string, run = PYTEST): RepoSpec => ({
  parser,
  directives: "paths",
  groups: [{ versions: range(versions), run }],
});

const SPECS: Readonly<Record<string, RepoSpec>> = {
  "astropy/astropy": {
    parser: "astropy",
    directives: "paths",
    groups: [
      { versions: range("3.0 3.1 3.2 4.1 4.2 4.3 5.0 5.1 5.2 v5.3"), run: PYTEST },
      { versions: range("0.1 0.2 0.3 0.4 1.1 1.2 1.3"), run: PYTEST_ASTROPY_OLD },
    ],
  },
  "django/django": {
    parser: "django",
    directives: "django-labels",
    groups: [
      { versions: range("1.4 1.5 1.6"), run: DJANGO },
      { versions: range("1.7 1.8 1.10 1.11 2.0 2.1 2.2"), run: DJANGO, env: DJANGO_OLD_ENV },
      { versions: ["1.9"], run: DJANGO_SERIAL, env: DJANGO_OLD_ENV },
      { versions: range("3.0 3.1 3.2"), run: DJANGO, env: DJANGO_3_ENV },
      { versions: range("4.0 4.1 4.2 5.0 5.1 5.2"), run: DJANGO },
    ],
  },
  "matplotlib/matplotlib": pytestRepo(
    "matplotlib",
    "1.0 1.1 1.2 1.3 1.4 1.5 2.0 2.1 2.2 3.0 3.1 3.2 3.3 3.4 3.5 3.6 3.7 3.8 3.9",
  ),
  "marshmallow-code/marshmallow": pytestRepo(
    "marshmallow",
    "2.18 2.19 2.20 3.0 3.1 3.2 3.4 3.8 3.9 3.10 3.11 3.12 3.13 3.15 3.16 3.19",
  ),
  "mwaskom/seaborn": pytestRepo("seaborn", "0.11 0.12 0.13 0.14", PYTEST_SEABORN),
  "pallets/flask": pytestRepo("flask", "2.0 2.1 2.2 2.3 3.0 3.1"),
  "psf/requests": pytestRepo(
    "requests",
    "0.7 0.8 0.9 0.11 0.13 0.14 1.1 1.2 2.0 2.2 2.3 2.4 2.5 2.7 2.8 2.9 2.10 2.11 2.12 2.17 2.18 2.19 2.22 2.25 2.26 2.27 2.31 3.0",
  ),
  "pvlib/pvlib-python": pytestRepo("pvlib", "0.1 0.2 0.3 0.4 0.5 0.6 0.7 0.8 0.9"),
  "pydata/xarray": pytestRepo("xarray", "0.12 0.18 0.19 0.20 2022.03 2022.06 2022.09 2023.07 2024.05"),
  "pydicom/pydicom": pytestRepo("pydicom", "1.0 1.1 1.2 1.3 1.4 2.0 2.1 2.2 2.3 2.4 3.0"),
  "pylint-dev/astroid": pytestRepo("astroid", "2.5 2.6 2.7 2.8 2.9 2.10 2.12 2.13 2.14 2.15 2.16 3.0"),
  "pylint-dev/pylint": pytestRepo("pylint", "2.8 2.9 2.10 2.11 2.13 2.14 2.15 2.16 2.17 3.0 3.1 3.2 3.3 4.0"),
  "pytest-dev/pytest": pytestRepo(
    "pytest",
    "4.4 4.5 4.6 5.0 5.1 5.2 5.3 5.4 6.0 6.2 6.3 7.0 7.1 7.2 7.4 8.0 8.1 8.2 8.3 8.4",
  ),
  "pyvista/pyvista": pytestRepo(
    "pyvista",
    "0.20 0.21 0.22 0.23 0.24 0.25 0.26 0.27 0.28 0.29 0.30 0.31 0.32 0.33 0.34 0.35 0.36 0.37 0.38 0.39 0.40 0.41 0.42 0.43",
  ),
  "scikit-learn/scikit-learn": pytestRepo("scikit", "0.20 0.21 0.22 1.3 1.4 1.5 1.6"),
  "sphinx-doc/sphinx": pytestRepo(
    "sphinx",
    "1.5 1.6 1.7 1.8 2.0 2.1 2.2 2.3 2.4 3.0 3.1 3.2 3.3 3.4 3.5 4.0 4.1 4.2 4.3 4.4 4.5 5.0 5.1 5.2 5.3 6.0 6.2 7.0 7.1 7.2 7.3 7.4 8.0 8.1",
    SPHINX,
  ),
  "sqlfluff/sqlfluff": pytestRepo(
    "sqlfluff",
    "0.4 0.5 0.6 0.8 0.9 0.10 0.11 0.12 0.13 1.0 1.1 1.2 1.3 1.4 2.0 2.1 2.2",
  ),
  "sympy/sympy": pytestRepo("sympy", "0.7 1.0 1.1 1.2 1.4 1.5 1.6 1.7 1.8 1.9 1.10 1.11 1.12 1.13 1.14", SYMPY),
};

/** The repositories the table knows, for the docs and tests. */
export const SWE_BENCH_REPOS: readonly string[] = Object.keys(SPECS);

/** The parser SWE-bench reads a repository's test log with; undefined for a repository it does not know. */
export function parserOfRepo(repo: string): SweBenchParser | undefined {
  return Object.hasOwn(SPECS, repo) ? SPECS[repo]!.parser : undefined;
}

/**
 * An instance's `log_parser` (SWE-bench 5.0: PARSER_REGISTRY's `parse_log_pytest_v2`) → our name
 * (`pytest-v2`); our own names are taken too. Undefined for a parser that is not one of the Python ones.
 */
export function parserOfLogParser(name: string): SweBenchParser | undefined {
  const ours = name.replace(/^parse_log_/, "").replace(/_/g, "-");
  return (SWE_BENCH_PARSERS as readonly string[]).includes(ours) ? (ours as SweBenchParser) : undefined;
}

// Files whose names end so are no test to run (SWE-bench's NON_TEST_EXTS, its "csv" without a dot kept).
const NON_TEST_ENDINGS = [".json", ".png", "csv", ".txt", ".md", ".jpg", ".jpeg", ".pkl", ".yml", ".yaml", ".toml"];

// SWE-bench's reading of a diff's headers: on any line, `diff --git a/` and then the path after the last
// ` b/` (its pattern is greedy, and not anchored to the line's start). A header git quotes (a path with a
// tab, a quote, a newline) does not start with `diff --git a/`, so it names no test, for SWE-bench too.
const HEADER = /diff --git a\/[^\n]* b\/([^\n]*)/g;

/** The test files a test_patch touches, as SWE-bench's harness hands them to the runner. */
export function testDirectives(repo: string, testPatch: string): string[] {
  const paths = [...testPatch.matchAll(HEADER)]
    .map((match) => match[1]!)
    .filter((path) => !NON_TEST_ENDINGS.some((ending) => path.endsWith(ending)));
  if (SPECS[repo]?.directives !== "django-labels") return paths;
  // Django's runner takes module labels: tests/auth_tests/test_validators.py → auth_tests.test_validators.
  return paths.map((path) =>
    path
      .replace(/\.py$/, "")
      .replace(/^tests\//, "")
      .replace(/\//g, "."),
  );
}

/**
 * The directives as the runner's arguments, none of them able to become one of its options: a path
 * that starts with `-` is given as `./-…` (the same file); Django's labels, when one starts with `-`,
 * follow a `--` (its runner's argument parser ends options there).
 */
function directiveWords(kind: RepoSpec["directives"], directives: readonly string[]): string[] {
  if (kind === "django-labels")
    return [...(directives.some((d) => d.startsWith("-")) ? ["--"] : []), ...directives.map(shellWord)];
  return directives.map((d) => shellWord(d.startsWith("-") ? `./${d}` : d));
}

/** Why a table command cannot be had for an instance: the repository, or its version, is not in it. */
export type SpecMiss = { repo: string; version: string };

/**
 * SWE-bench's test command for an instance of `repo` at `version`: its exports, then its runner on the
 * test_patch's test files; or what the table lacks; or why the test_patch cannot give the command.
 */
export function specCommand(
  repo: string,
  version: string,
  testPatch: string,
): { ok: true; command: string } | { ok: false; miss: SpecMiss } | { ok: false; problem: string } {
  const spec = Object.hasOwn(SPECS, repo) ? SPECS[repo] : undefined;
  const group = spec?.groups.find((g) => g.versions.includes(version));
  if (!spec || !group) return { ok: false, miss: { repo, version } };
  const directives = testDirectives(repo, testPatch);
  // No file name git writes unquoted holds one, and no argument can hold a NUL: a test_patch made so.
  const odd = directives.find((d) => /[\u0000-\u001f\u007f]/.test(d));
  if (odd !== undefined)
    return { ok: false, problem: `test_patch names a test file with a control character: ${JSON.stringify(odd)}` };
  const words = directiveWords(spec.directives, directives);
  const run = [group.run, ...words].join(" ");
  return { ok: true, command: withExports(group.env ?? [], run) };
}

/** `export A=1; export B=2; RUN`: the form every imported command takes, from the table or an eval_script. */
export function withExports(assignments: readonly string[], run: string): string {
  return [...assignments.map((assignment) => `export ${assignment}`), run].join("; ");
}

// SWE-bench 5.0's eval scripts bracket the test command with these lines (swebench/harness/constants:
// START_TEST_OUTPUT, END_TEST_OUTPUT); `swebench dataset check` refuses a script without them.
const START_MARKER = ": '>>>>> Start Test Output'";
const END_MARKER = ": '>>>>> End Test Output'";
// The harness adds this line after the test command to keep its exit code; a script may carry it.
const EXIT_CODE_LINE = /^SWEBENCH_TEST_EXIT_CODE=\$\?$/;
const EXPORT_LINE = /^export ([A-Za-z_][A-Za-z0-9_]*=.*)$/;
const SOURCE_ACTIVATE = /^(?:source|\.) (\S+)\/bin\/activate$/;
const CONDA_ACTIVATE = /^conda activate (\S+)$/;

/**
 * The test command an instance's `eval_script` (SWE-bench 5.0) runs, in the form the table's take: the
 * conda environment it activates (as PATH: `sh` has no `source`, and an image without conda is left as
 * it is), the variables it exports, and the lines between its output markers. Nothing else of the
 * script is taken: the gate applies the test_patch itself, checks nothing out, installs nothing.
 */
export function evalScriptCommand(script: string): { ok: true; command: string } | { ok: false; problem: string } {
  const lines = script.split(/\r?\n/).map((line) => line.trim());
  const start = lines.indexOf(START_MARKER);
  const end = start === -1 ? -1 : lines.indexOf(END_MARKER, start + 1);
  const run = lines.slice(start + 1, end).filter((line) => line !== "" && !EXIT_CODE_LINE.test(line));
  if (start === -1 || end === -1 || run.length === 0)
    return {
      ok: false,
      problem: `eval_script has no test command between SWE-bench's output markers (${START_MARKER} … ${END_MARKER})`,
    };
  let condaRoot: string | undefined;
  let condaEnv: string | undefined;
  const exports: string[] = [];
  for (const line of lines.slice(0, start)) {
    const root = SOURCE_ACTIVATE.exec(line)?.[1];
    if (root !== undefined) condaRoot = root;
    const env = CONDA_ACTIVATE.exec(line)?.[1];
    if (env !== undefined) condaEnv = env;
    const assignment = EXPORT_LINE.exec(line)?.[1];
    if (assignment !== undefined && !exports.includes(assignment)) exports.push(assignment);
  }
  const path =
    condaRoot !== undefined && condaEnv !== undefined && isPlainWord(condaRoot) && isPlainWord(condaEnv)
      ? [`PATH=${condaRoot}/${condaEnv === "base" ? "" : `envs/${condaEnv}/`}bin:$PATH`]
      : [];
  return { ok: true, command: withExports([...path, ...exports], run.join("\n")) };
}
