// SWE-bench-format records → dataset lines: instances as SWE-bench ships them (the Hugging Face export's
// FAIL_TO_PASS/PASS_TO_PASS are JSON strings, other copies hold lists), predictions as the harness takes
// them (`instance_id`, `model_name_or_path`, `model_patch`; JSONL, a JSON array, or `all_preds`' object).
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
  it("makes one line per instance with its gold patch, and nothing else on it", () => {
    const [line, ...rest] = lines(new SweBenchImport(), at(instance()));
    expect(rest).toEqual([]);
    expect(line).toEqual({
      id: "pallets__flask-5063",
      task: "pallets__flask-5063",
      base_commit: "182ce3dd15dfa3537391c3efaf9c3ff407d134d4",
      patch: GOLD,
      test_patch: TEST_PATCH,
      fail_to_pass: ["tests.test_cli.TestRoutes::test_subdomain", "tests.test_cli.TestRoutes::test_host"],
      pass_to_pass: [
        "tests.test_cli::test_cli_name",
        "tests.test_cli::test_find_best_app[app0-value]",
        "tests.test_cli.TestLoadDotenv::test_path[a::b/c.py]",
      ],
    });
    expect(Object.keys(line!)).toEqual([
      "id",
      "task",
      "base_commit",
      "patch",
      "test_patch",
      "fail_to_pass",
      "pass_to_pass",
    ]);
  });

  it("reads the test lists as lists too, and keeps ids that are not pytest's", () => {
    const django = instance("django__django-11099", {
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
    const done = importer.finish();
    expect(done).toEqual({
      ok: true,
      value: { instances: 3, lines: 3, emptyPatches: 0, unpredicted: 0, repos: ["pallets/flask", "psf/requests"] },
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
    expect(importer.finish()).toMatchObject({ ok: true, value: { lines: 2, emptyPatches: 2 } });
  });

  it("leaves out an instance nobody predicted, checking no more of it than its instance_id", () => {
    const importer = new SweBenchImport(predictions(prediction("a__b-1", "diff\n")));
    expect(lines(importer, at(instance("a__b-2", { base_commit: undefined, FAIL_TO_PASS: 5 })))).toEqual([]);
    lines(importer, at(instance("a__b-1"), "instances.jsonl:2"));
    expect(importer.finish()).toMatchObject({ ok: true, value: { instances: 2, lines: 1, unpredicted: 1 } });
  });

  it("refuses a prediction of an instance the instances do not hold, naming where it stands", () => {
    const importer = new SweBenchImport(
      predictions(prediction("a__b-1", "diff\n", "preds.jsonl:1"), prediction("a__b-404", "diff\n", "preds.jsonl:2")),
    );
    lines(importer, at(instance("a__b-1")));
    expect(problem(importer.finish())).toBe('preds.jsonl:2: instance_id "a__b-404" is not among the instances');
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
    expect(lineRecord('{"instance_id": "x"}', "i.jsonl", 12)).toEqual({
      ok: true,
      value: { value: { instance_id: "x" }, where: "i.jsonl:12" },
    });
    expect(problem(lineRecord("{oops", "i.jsonl", 3))).toMatch(/^i\.jsonl:3: not valid JSON \(/);
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
