// SWE-bench-format records → dataset lines: instances as SWE-bench ships them (the Hugging Face export's
// FAIL_TO_PASS/PASS_TO_PASS are JSON strings, other copies hold lists), predictions as the harness takes
// them (`instance_id`, `model_name_or_path`, `model_patch`; JSONL, a JSON array, or `all_preds`' object).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  SweBenchImport,
  arrayRecords,
  groupPredictions,
  lineRecord,
  predictionRecords,
  type Prediction,
  type SourcedRecord,
  type SweBenchLine,
} from "../../src/candidates/swe-bench.js";
import { jsonLine } from "../../src/core/json-lines.js";

const GOLD = [
  "diff --git a/src/flask/cli.py b/src/flask/cli.py",
  "--- a/src/flask/cli.py",
  "+++ b/src/flask/cli.py",
  "@@ -1012,7 +1012,8 @@ def routes_command(sort: str, all_methods: bool) -> None:",
  "     rules = list(current_app.url_map.iter_rules())",
  "+    host_matching = current_app.url_map.host_matching",
  "",
].join("\n");
const TEST_PATCH = [
  "diff --git a/tests/test_cli.py b/tests/test_cli.py",
  "--- a/tests/test_cli.py",
  "+++ b/tests/test_cli.py",
  "@@ -433,6 +433,14 @@ def test_subdomain(self, runner):",
  "+    def test_host(self, runner):",
  "+        app = Flask(__name__, host_matching=True)",
  "",
].join("\n");

/** An instance as the Hugging Face export ships it: the test lists are JSON strings. */
function instance(id = "pallets__flask-5063", more: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    repo: "pallets/flask",
    instance_id: id,
    base_commit: "182ce3dd15dfa3537391c3efaf9c3ff407d134d4",
    patch: GOLD,
    test_patch: TEST_PATCH,
    problem_statement: "Flask routes to return domain/sub-domains information",
    hints_text: "",
    created_at: "2023-04-14T16:36:54Z",
    version: "2.3",
    FAIL_TO_PASS: JSON.stringify([
      "tests/test_cli.py::TestRoutes::test_subdomain",
      "tests/test_cli.py::TestRoutes::test_host",
    ]),
    PASS_TO_PASS: JSON.stringify([
      "tests/test_cli.py::test_cli_name",
      "tests/test_cli.py::test_find_best_app[app0-value]",
      "tests/test_cli.py::TestLoadDotenv::test_path[a::b/c.py]",
    ]),
    environment_setup_commit: "182ce3dd15dfa3537391c3efaf9c3ff407d134d4",
    ...more,
  };
}

const at = (value: unknown, where = "instances.jsonl:1"): SourcedRecord => ({ value, where });

/** Real SWE-bench Lite instances as SWE-bench 5.0 ships them, trimmed (test/fixtures/swe-bench/README.md). */
const REAL = readFileSync(join(import.meta.dirname, "../fixtures/swe-bench/instances.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as Record<string, unknown>);
const real = (id: string) => ({ ...REAL.find((r) => r.instance_id === id)! });
/** The same instance as the Hugging Face export had it before SWE-bench 5.0: no image, eval_script, log_parser. */
function older(id: string): Record<string, unknown> {
  const record = real(id);
  for (const field of ["image", "eval_script", "log_parser", "eval_type"]) delete record[field];
  return record;
}
const prediction = (id: string, patch: string | null, where = "preds.jsonl:1"): SourcedRecord =>
  at({ instance_id: id, model_name_or_path: "acme-coder-7b", model_patch: patch }, where);

function predictions(...records: SourcedRecord[]): Map<string, Prediction[]> {
  const grouped = groupPredictions(records);
  if (!grouped.ok) throw new Error(grouped.problem);
  return grouped.value;
}

function lines(importer: SweBenchImport, record: SourcedRecord): SweBenchLine[] {
  const result = importer.add(record);
  if (!result.ok) throw new Error(result.problem);
  return result.value;
}

function problem(result: { ok: true } | { ok: false; problem: string }): string {
  if (result.ok) throw new Error("no problem");
  return result.problem;
}

describe("SweBenchImport without predictions", () => {
  it("makes one line per instance with its gold patch, SWE-bench's command, parser and test ids", () => {
    const [line, ...rest] = lines(new SweBenchImport(), at(instance()));
    expect(rest).toEqual([]);
    expect(line).toEqual({
      id: "pallets__flask-5063",
      task: "pallets__flask-5063",
      repo: "pallets/flask",
      base_commit: "182ce3dd15dfa3537391c3efaf9c3ff407d134d4",
      patch: GOLD,
      test_patch: TEST_PATCH,
      // Read by SWE-bench's flask parser, which writes pytest's node ids: kept as SWE-bench lists them.
      fail_to_pass: ["tests/test_cli.py::TestRoutes::test_subdomain", "tests/test_cli.py::TestRoutes::test_host"],
      pass_to_pass: [
        "tests/test_cli.py::test_cli_name",
        "tests/test_cli.py::test_find_best_app[app0-value]",
        "tests/test_cli.py::TestLoadDotenv::test_path[a::b/c.py]",
      ],
      command: "pytest -rA tests/test_cli.py",
      results_format: "flask",
      model: "gold",
    });
    expect(Object.keys(line!)).toEqual([
      "id",
      "task",
      "repo",
      "base_commit",
      "patch",
      "test_patch",
      "fail_to_pass",
      "pass_to_pass",
      "command",
      "results_format",
      "model",
    ]);
  });

  it("turns pytest's node ids into the report's for a repository SWE-bench's specs do not know, and gives it no command", () => {
    const importer = new SweBenchImport();
    const [line] = lines(importer, at(instance("acme__calc-1", { repo: "acme/calc", version: "1.4" })));
    expect(line).not.toHaveProperty("command");
    expect(line).not.toHaveProperty("results_format");
    expect(line!.repo).toBe("acme/calc");
    // Read from JUnit (the run's default), so the ids are the ones the report gives those tests.
    expect(line!.fail_to_pass).toEqual([
      "tests.test_cli.TestRoutes::test_subdomain",
      "tests.test_cli.TestRoutes::test_host",
    ]);
    expect(line!.pass_to_pass).toEqual([
      "tests.test_cli::test_cli_name",
      "tests.test_cli::test_find_best_app[app0-value]",
      "tests.test_cli.TestLoadDotenv::test_path[a::b/c.py]",
    ]);
    expect(importer.finish().withoutCommand).toEqual({ lines: 1, specs: ["acme/calc 1.4"] });
  });

  it("gives no command to a version of a known repository that the specs lack, and counts it by name", () => {
    const importer = new SweBenchImport();
    const [line] = lines(importer, at(instance("pallets__flask-9", { version: "9.9" })));
    expect(line).not.toHaveProperty("command");
    // The parser is the repository's whatever its version: the ids stay SWE-bench's.
    expect(line!.results_format).toBe("flask");
    expect(line!.fail_to_pass[0]).toBe("tests/test_cli.py::TestRoutes::test_subdomain");
    lines(importer, at(instance("x__y-1", { repo: undefined, version: undefined }), "instances.jsonl:2"));
    expect(importer.finish().withoutCommand).toEqual({
      lines: 2,
      specs: ["pallets/flask 9.9", "(no repo) (no version)"],
    });
  });

  it("reads the test lists as lists too, and keeps ids that are not pytest's", () => {
    const django = instance("django__django-11099", {
      repo: "django/django",
      version: "3.0",
      FAIL_TO_PASS: ["test_unicode_validator (auth_tests.test_validators.UsernameValidatorsTests)"],
      PASS_TO_PASS: [],
    });
    const [line] = lines(new SweBenchImport(), at(django));
    expect(line!.fail_to_pass).toEqual(["test_unicode_validator (auth_tests.test_validators.UsernameValidatorsTests)"]);
    expect(line!.pass_to_pass).toEqual([]);
  });

  it.each([
    [
      { base_commit: undefined },
      "base_commit must be the commit the task starts from (a non-empty string), not nothing",
    ],
    [{ base_commit: "" }, 'base_commit must be the commit the task starts from (a non-empty string), not ""'],
    [{ test_patch: null }, "test_patch must be the diff that adds the task's tests (a non-empty string), not null"],
    [{ patch: undefined }, "patch must be the gold diff, judged when no predictions are given (a non-empty string)"],
    [{ FAIL_TO_PASS: "tests/test_cli.py::test_x" }, 'FAIL_TO_PASS is a string that is not a JSON list: "tests/'],
    [{ PASS_TO_PASS: [1] }, "PASS_TO_PASS must be a list of test ids (or a JSON string of one), not [1]"],
    [{ PASS_TO_PASS: '{"a": 1}' }, "PASS_TO_PASS must be a list of test ids (or a JSON string of one), not"],
    [{ FAIL_TO_PASS: undefined }, "FAIL_TO_PASS must be a list of test ids (or a JSON string of one), not nothing"],
  ])("names the record and the instance for %j", (change, message) => {
    const result = new SweBenchImport().add(at(instance("pallets__flask-5063", change), "instances.jsonl:7"));
    expect(problem(result)).toContain(`instances.jsonl:7 (pallets__flask-5063): ${message}`);
  });

  it.each([
    ["not an object", [1, 2], "instances.json[3]: not a JSON object, but [1,2]"],
    [
      "no instance_id",
      { base_commit: "abc" },
      "instances.json[3]: instance_id must be a non-empty string, not nothing",
    ],
    ["a blank instance_id", { instance_id: " " }, 'instances.json[3]: instance_id must be a non-empty string, not " "'],
  ])("refuses a record that is %s", (_, value, message) => {
    expect(problem(new SweBenchImport().add(at(value, "instances.json[3]")))).toBe(message);
  });

  it("refuses an instance given twice, naming both places", () => {
    const importer = new SweBenchImport();
    lines(importer, at(instance(), "instances.jsonl:1"));
    expect(problem(importer.add(at(instance(), "instances.jsonl:9")))).toBe(
      'instances.jsonl:9: instance_id "pallets__flask-5063" again (first at instances.jsonl:1)',
    );
  });

  it("counts what it imported and names the repositories", () => {
    const importer = new SweBenchImport();
    lines(importer, at(instance("pallets__flask-1")));
    lines(importer, at(instance("pallets__flask-2")));
    lines(importer, at(instance("psf__requests-3", { repo: "psf/requests" })));
    expect(importer.finish()).toEqual({
      instances: 3,
      kept: 3,
      lines: 3,
      emptyPatches: 0,
      unpredicted: 0,
      repos: ["pallets/flask", "psf/requests"],
      otherRepo: { instances: 0, predictions: 0, repos: [] },
      unknownPredictions: { count: 0 },
      withoutCommand: { lines: 0, specs: [] },
    });
  });
});

describe("SweBenchImport with predictions", () => {
  it("makes one line per prediction; an instance with one keeps its id, one with several gets #1, #2", () => {
    const importer = new SweBenchImport(
      predictions(
        prediction("pallets__flask-1", "diff --git a/one b/one\n", "preds.jsonl:1"),
        prediction("pallets__flask-2", "diff --git a/a b/a\n", "preds.jsonl:2"),
        prediction("pallets__flask-2", "diff --git a/b b/b\n", "preds.jsonl:3"),
      ),
    );
    const one = lines(importer, at(instance("pallets__flask-1")));
    const two = lines(importer, at(instance("pallets__flask-2", { patch: undefined }), "instances.jsonl:2"));
    expect(one.map((l) => [l.id, l.task, l.patch])).toEqual([
      ["pallets__flask-1", "pallets__flask-1", "diff --git a/one b/one\n"],
    ]);
    expect(two.map((l) => [l.id, l.task, l.patch])).toEqual([
      ["pallets__flask-2#1", "pallets__flask-2", "diff --git a/a b/a\n"],
      ["pallets__flask-2#2", "pallets__flask-2", "diff --git a/b b/b\n"],
    ]);
    expect(Object.keys(two[0]!)).toEqual(Object.keys(one[0]!));
  });

  it("keeps a null or empty model_patch as patch '' (judged patch_failed, never resolved) and counts it", () => {
    const importer = new SweBenchImport(
      predictions(prediction("a__b-1", null, "preds.jsonl:1"), prediction("a__b-1", "", "preds.jsonl:2")),
    );
    expect(lines(importer, at(instance("a__b-1"))).map((l) => [l.id, l.patch])).toEqual([
      ["a__b-1#1", ""],
      ["a__b-1#2", ""],
    ]);
    expect(importer.finish()).toMatchObject({ lines: 2, emptyPatches: 2 });
  });

  it("leaves out an instance nobody predicted, checking no more of it than its instance_id", () => {
    const importer = new SweBenchImport(predictions(prediction("a__b-1", "diff\n")));
    expect(lines(importer, at(instance("a__b-2", { base_commit: undefined, FAIL_TO_PASS: 5 })))).toEqual([]);
    lines(importer, at(instance("a__b-1"), "instances.jsonl:2"));
    expect(importer.finish()).toMatchObject({ instances: 2, lines: 1, unpredicted: 1 });
  });

  it("counts and skips the predictions of instances the instances do not hold, naming the first", () => {
    const importer = new SweBenchImport(
      predictions(
        prediction("a__b-1", "diff\n", "preds.jsonl:1"),
        prediction("a__b-404", "diff\n", "preds.jsonl:2"),
        prediction("a__b-404", "diff\n", "preds.jsonl:3"),
        prediction("a__b-405", "diff\n", "preds.jsonl:4"),
      ),
    );
    expect(lines(importer, at(instance("a__b-1"))).map((l) => l.id)).toEqual(["a__b-1"]);
    expect(importer.finish()).toMatchObject({
      lines: 1,
      unknownPredictions: { count: 3, first: "preds.jsonl:2 (a__b-404)" },
    });
  });

  it("keeps each prediction's model_name_or_path as the line's model, and leaves it off when it names none", () => {
    const importer = new SweBenchImport(
      predictions(
        at({ instance_id: "a__b-1", model_name_or_path: "acme-coder-7b", model_patch: "d1" }, "p:1"),
        at({ instance_id: "a__b-1", model_patch: "d2" }, "p:2"),
      ),
    );
    const [first, second] = lines(importer, at(instance("a__b-1")));
    expect(first!.model).toBe("acme-coder-7b");
    expect(Object.keys(second!)).not.toContain("model");
  });

  it("keeps every line id unique, even against an instance_id that holds a #", () => {
    const importer = new SweBenchImport(
      predictions(prediction("a", "d1\n"), prediction("a", "d2\n"), prediction("a#1", "d3\n")),
    );
    lines(importer, at(instance("a")));
    expect(problem(importer.add(at(instance("a#1"), "instances.jsonl:2")))).toBe(
      'instances.jsonl:2 (a#1): the line id "a#1" is another line\'s already',
    );
  });
});

describe("groupPredictions", () => {
  it("groups by instance in file order", () => {
    const grouped = predictions(prediction("x", "1", "p:1"), prediction("y", "2", "p:2"), prediction("x", "3", "p:3"));
    expect([...grouped].map(([id, samples]) => [id, samples.map((s) => s.where)])).toEqual([
      ["x", ["p:1", "p:3"]],
      ["y", ["p:2"]],
    ]);
  });

  it.each([
    [
      { instance_id: "x", model_name_or_path: "m", patch: "diff" },
      'p:4 (x): no model_patch (the prediction\'s diff; null or "" is an empty patch)',
    ],
    [{ instance_id: "x", model_patch: 3 }, "p:4 (x): model_patch must be a diff (a string) or null, not 3"],
    [{ model_patch: "diff" }, "p:4: instance_id must be a non-empty string, not nothing"],
    ["diff", 'p:4: not a JSON object, but "diff"'],
  ])("refuses %j", (value, message) => {
    expect(problem(groupPredictions([at(value, "p:4")]))).toBe(message);
  });
});

describe("reading the files' text", () => {
  const preds = [
    { instance_id: "a__b-1", model_name_or_path: "m", model_patch: "d1" },
    { instance_id: "a__b-2", model_name_or_path: "m", model_patch: null },
  ];
  const read = (text: string) => {
    const records = predictionRecords(text, "preds");
    if (!records.ok) throw new Error(records.problem);
    return records.value;
  };

  it("takes predictions as JSONL, a JSON array, or an object keyed by instance_id, alike", () => {
    const jsonl = read(`${preds.map((p) => JSON.stringify(p)).join("\r\n")}\r\n\n`);
    const array = read(JSON.stringify(preds, null, 2));
    const keyed = read(
      JSON.stringify({ "a__b-1": preds[0], "a__b-2": { model_name_or_path: "m", model_patch: null } }, null, 2),
    );
    for (const records of [jsonl, array, keyed]) expect(records.map((r) => r.value)).toEqual(preds);
    expect(jsonl.map((r) => r.where)).toEqual(["preds:1", "preds:2"]);
    expect(array.map((r) => r.where)).toEqual(["preds[0]", "preds[1]"]);
    expect(keyed.map((r) => r.where)).toEqual(['preds["a__b-1"]', 'preds["a__b-2"]']);
  });

  it("reads a one-line JSONL file as one prediction, and skips a BOM", () => {
    expect(read(`\uFEFF${JSON.stringify(preds[0])}\n`).map((r) => r.value)).toEqual([preds[0]]);
  });

  it("refuses a keyed value that names another instance, and a JSONL line that is not JSON", () => {
    expect(problem(predictionRecords(JSON.stringify({ "a__b-1": preds[1] }), "preds.json"))).toBe(
      'preds.json["a__b-1"]: its instance_id is "a__b-2", not the key it is filed under',
    );
    expect(problem(predictionRecords(`${JSON.stringify(preds[0])}\n{"instance_id": \n`, "preds.jsonl"))).toMatch(
      /^preds\.jsonl:2: not valid JSON \(/,
    );
  });

  it("names a JSONL line by its number and an array's element by its index", () => {
    expect(lineRecord(jsonLine('{"instance_id": "x"}', "i.jsonl", 12))).toEqual({
      ok: true,
      value: { value: { instance_id: "x" }, where: "i.jsonl:12" },
    });
    expect(problem(lineRecord(jsonLine("{oops", "i.jsonl", 3)))).toMatch(/^i\.jsonl:3: not valid JSON \(/);
    expect(arrayRecords("[{}, 2]", "i.json")).toEqual({
      ok: true,
      value: [
        { value: {}, where: "i.json[0]" },
        { value: 2, where: "i.json[1]" },
      ],
    });
    expect(problem(arrayRecords('{"a": 1}', "i.json"))).toBe("i.json: not a JSON array of records");
    expect(problem(arrayRecords("[1,", "i.json"))).toMatch(/^i\.json: not valid JSON \(/);
  });
});

describe("real SWE-bench instances: each line runs as SWE-bench runs it", () => {
  it("gives an older instance SWE-bench's test command for its repository and version, and its parser", () => {
    const importer = new SweBenchImport();
    const byId = Object.fromEntries(
      ["psf__requests-1963", "django__django-11099", "sympy__sympy-20590"].map((id) => [
        id,
        lines(importer, at(older(id)))[0]!,
      ]),
    );
    expect(byId["psf__requests-1963"]).toMatchObject({
      repo: "psf/requests",
      command: "pytest -rA test_requests.py",
      results_format: "requests",
      fail_to_pass: [
        "test_requests.py::RequestsTestCase::test_DIGESTAUTH_QUOTES_QOP_VALUE",
        "test_requests.py::RequestsTestCase::test_DIGESTAUTH_WRONG_HTTP_401_GET",
        "test_requests.py::RequestsTestCase::test_DIGEST_AUTH_RETURNS_COOKIE",
        "test_requests.py::RequestsTestCase::test_DIGEST_HTTP_200_OK_GET",
      ],
    });
    // Django 3.0: its locale exports, its runner on the module label, ids as its runner prints them.
    expect(byId["django__django-11099"]).toMatchObject({
      repo: "django/django",
      command:
        "export LANG=en_US.UTF-8; export LANGUAGE=en_US:en; export LC_ALL=en_US.UTF-8; ./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1 auth_tests.test_validators",
      results_format: "django",
      fail_to_pass: [
        "test_ascii_validator (auth_tests.test_validators.UsernameValidatorsTests)",
        "test_unicode_validator (auth_tests.test_validators.UsernameValidatorsTests)",
        "test_help_text (auth_tests.test_validators.UserAttributeSimilarityValidatorTest)",
      ],
    });
    expect(byId["sympy__sympy-20590"]).toMatchObject({
      command:
        "PYTHONWARNINGS='ignore::UserWarning,ignore::SyntaxWarning' bin/test -C --verbose sympy/core/tests/test_basic.py",
      results_format: "sympy",
      fail_to_pass: ["test_immutable"],
    });
    for (const line of Object.values(byId)) expect(line).not.toHaveProperty("image");
    expect(importer.finish().withoutCommand.lines).toBe(0);
  });

  it("takes SWE-bench 5.0's image, log_parser and eval_script when the instance carries them", () => {
    const [requests] = lines(new SweBenchImport(), at(real("psf__requests-1963")));
    expect(requests).toMatchObject({
      image: "swebench/sweb.eval.x86_64.psf_1776_requests-1963:latest",
      results_format: "requests",
      // The script's conda environment, as PATH; then its test command. Its git checkout, git apply and
      // pip install are not taken: the gate applies the test_patch itself and checks nothing out.
      command: "export PATH=/opt/miniconda3/envs/testbed/bin:$PATH; pytest -rA test_requests.py",
    });
    const [django] = lines(new SweBenchImport(), at(real("django__django-11049")));
    expect(django!.command).toBe(
      "export PATH=/opt/miniconda3/envs/testbed/bin:$PATH; export LANG=en_US.UTF-8; export LANGUAGE=en_US:en; export LC_ALL=en_US.UTF-8; ./tests/runtests.py --verbosity 2 --settings=test_sqlite --parallel 1 model_fields.test_durationfield",
    );
    expect(Object.keys(django!)).toEqual([
      "id",
      "task",
      "repo",
      "base_commit",
      "patch",
      "test_patch",
      "fail_to_pass",
      "pass_to_pass",
      "command",
      "results_format",
      "image",
      "model",
    ]);
  });

  it("lets the instance's log_parser win over the repository's, and its eval_script over the table", () => {
    const record = {
      ...real("psf__requests-2317"),
      log_parser: "parse_log_pytest_v2",
      eval_script:
        "#!/bin/bash\n: '>>>>> Start Test Output'\npytest -rA -k redirect test_requests.py\n: '>>>>> End Test Output'\n",
    };
    const [line] = lines(new SweBenchImport(), at(record));
    expect(line).toMatchObject({ results_format: "pytest-v2", command: "pytest -rA -k redirect test_requests.py" });
  });

  it.each([
    [{ log_parser: "parse_log_jest" }, 'log_parser "parse_log_jest" is not one of SWE-bench\'s Python log parsers'],
    [{ log_parser: 3 }, "log_parser must be a SWE-bench log parser's name (a non-empty string) when given, not 3"],
    [{ image: "" }, 'image must be an image name (a non-empty string) when given, not ""'],
    [
      { eval_script: "#!/bin/bash\npytest -rA\n" },
      "eval_script has no test command between SWE-bench's output markers",
    ],
    [
      { eval_script: "#!/bin/bash\n: '>>>>> Start Test Output'\n\n: '>>>>> End Test Output'\n" },
      "eval_script has no test command between SWE-bench's output markers",
    ],
  ])("names the instance for %j", (change, message) => {
    const result = new SweBenchImport().add(at({ ...real("psf__requests-2317"), ...change }, "instances.jsonl:2"));
    expect(problem(result)).toContain(`instances.jsonl:2 (psf__requests-2317): ${message}`);
  });
});

describe("a prediction is the candidate's: nothing of it but its patch and model reaches the line", () => {
  it("ignores a prediction's own command, image, results_format, test_patch and test lists", () => {
    const importer = new SweBenchImport(
      predictions(
        at(
          {
            instance_id: "psf__requests-2317",
            model_name_or_path: "sly-7b",
            model_patch: "diff --git a/x b/x\n",
            command: "true",
            image: "evil/always-green",
            results_format: "junit",
            log_parser: "parse_log_jest",
            eval_script: ": '>>>>> Start Test Output'\ntrue\n: '>>>>> End Test Output'",
            test_patch: "",
            FAIL_TO_PASS: "[]",
            PASS_TO_PASS: "[]",
            version: "0.0",
            repo: "evil/evil",
          },
          "preds.jsonl:1",
        ),
      ),
    );
    const [line] = lines(importer, at(real("psf__requests-2317")));
    const instance = real("psf__requests-2317");
    expect(line).toMatchObject({
      repo: "psf/requests",
      patch: "diff --git a/x b/x\n",
      model: "sly-7b",
      test_patch: instance.test_patch,
      image: instance.image,
      results_format: "requests",
      command: "export PATH=/opt/miniconda3/envs/testbed/bin:$PATH; pytest -rA test_requests.py",
    });
    expect(line!.fail_to_pass).toEqual(JSON.parse(instance.FAIL_TO_PASS as string));
  });
});

describe("SweBenchImport with --repo", () => {
  it("keeps one repository's instances and the predictions of them, counting the others", () => {
    const importer = new SweBenchImport(
      predictions(
        prediction("psf__requests-1963", "d1", "p:1"),
        prediction("django__django-11099", "d2", "p:2"),
        prediction("django__django-11099", "d3", "p:3"),
        prediction("sympy__sympy-20590", "d4", "p:4"),
        prediction("astropy__astropy-12907", "d5", "p:5"),
      ),
      { repo: "psf/requests" },
    );
    const kept = REAL.flatMap((record, i) => lines(importer, at(record, `instances.jsonl:${i + 1}`)));
    expect(kept.map((l) => [l.id, l.repo, l.patch])).toEqual([["psf__requests-1963", "psf/requests", "d1"]]);
    expect(importer.finish()).toMatchObject({
      instances: 5,
      kept: 2,
      lines: 1,
      unpredicted: 1,
      repos: ["psf/requests"],
      otherRepo: { instances: 3, predictions: 3, repos: ["django/django", "sympy/sympy"] },
      unknownPredictions: { count: 1, first: "p:5 (astropy__astropy-12907)" },
    });
  });

  it("checks no more of another repository's instance than its instance_id and repo", () => {
    const importer = new SweBenchImport(undefined, { repo: "psf/requests" });
    expect(lines(importer, at({ ...real("sympy__sympy-20590"), test_patch: null, log_parser: "nope" }))).toEqual([]);
    expect(problem(importer.add(at(real("sympy__sympy-20590"), "instances.jsonl:2")))).toContain("again");
  });
});
