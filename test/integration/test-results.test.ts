// Per-test verdicts on real test runners, through the bundled CLI as a user runs it: pytest (Debian's
// python3-pytest) and node --test write JUnit XML in the sandbox, the gate reads it back, compares a
// patch's tests with the unpatched base's, reruns a flaky test, and keeps to its bounds when the
// results file is hostile.
import { readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readTestResults } from "../../src/verdict/results/read.js";
import { junit as junitFormat } from "../../src/verdict/results/junit.js";
import { tempDir } from "../support/temp.js";
import { checkout, gate } from "./checkout.js";
import { NODE24_IMAGE, PYTHON_DEV_IMAGE, TEST_IMAGE } from "./support.js";

const REPOS = resolve(import.meta.dirname, "../fixtures/repos");

describe("pytest on a repository: what a patch fixed, what it broke, what failed on the base already", () => {
  // The base fails test_discounted (throughout) and test_remove; one patch fixes test_remove, the other
  // fixes it too and breaks test_total.
  const patches = ["fixes-remove", "fixes-remove-breaks-total"].map((n) =>
    join(REPOS, "inventory-patches", `${n}.patch`),
  );
  const flags = [
    "--image",
    PYTHON_DEV_IMAGE,
    "--setup",
    "python3 -m venv --system-site-packages .venv && .venv/bin/pip install -q --no-index --no-deps vendor/tinydep-1.0-py3-none-any.whl",
    "--command",
    ".venv/bin/python -m pytest -q -p no:cacheprovider --junitxml=reports/pytest.xml tests",
    "--test-results",
    "reports/*.xml",
  ];
  const ids = {
    remove: "tests.test_stock.StockTest::test_remove",
    discounted: "tests.test_pricing.PricingTest::test_discounted",
    total: "tests.test_pricing.PricingTest::test_total",
  };

  it("without compare, both fail: a test fails in each", async () => {
    const { results, leftImages } = await gate(checkout(join(REPOS, "inventory")), patches, flags);
    const fix = results.get("fixes-remove")!;
    expect(fix.status, fix.feedback).toBe("test_failed");
    expect(fix.tests?.counts).toEqual({ passed: 4, failed: 1, error: 0, skipped: 0 });
    expect(fix.feedback).toMatch(
      /1 of 5 tests failed\.\n\nFailing tests:\n1\. tests\.test_pricing\.PricingTest::test_discounted\n {3}AssertionError: 115\.0 != 85\.0/,
    );
    expect(results.get("fixes-remove-breaks-total")!.status).toBe("test_failed");
    expect(leftImages).toBe("");
  });

  it("with compare: base, the fix passes and the regression fails naming the test it broke", async () => {
    const repo = checkout(join(REPOS, "inventory"));
    const junit = join(repo, "..", "gate.xml");
    const { results, report, exitCode, leftImages } = await gate(repo, patches, [
      ...flags,
      "--compare",
      "base",
      "--junit",
      junit,
    ]);
    const fix = results.get("fixes-remove")!;
    expect(fix.status, fix.feedback).toBe("pass");
    expect(fix.compare).toEqual({
      fail_to_pass: [ids.remove],
      pass_to_pass: expect.arrayContaining([ids.total]),
      pass_to_fail: [],
      fail_to_fail: [ids.discounted],
      new_failing: [],
      new_passing: [],
    });
    const regress = results.get("fixes-remove-breaks-total")!;
    expect(regress.status).toBe("test_failed");
    expect(regress.compare?.pass_to_fail).toEqual([ids.total]);
    expect(regress.compare?.fail_to_pass).toEqual([ids.remove]);
    expect(regress.feedback).toContain(
      `Failing tests:\n1. ${ids.total}\n   AssertionError: 0.31000000000000005 != 0.3`,
    );
    expect(regress.feedback).toContain(`Already failing on the base, not counted against the code: ${ids.discounted}`);
    // The base ran once for the run, and is in the report.
    expect(report.base).toMatchObject({
      status: "test_failed",
      exit_code: 1,
      tests: { counts: { passed: 3, failed: 2 } },
    });
    expect(exitCode).toBe(1);
    // The gate's own JUnit nests each candidate's test cases in a suite named after it.
    const xml = readFileSync(junit, "utf8");
    expect(xml).toMatch(/<testsuite name="[^"]*fixes-remove-breaks-total\.patch" tests="5" failures="2"/);
    expect(readTestResults([{ path: "gate.xml", data: Buffer.from(xml) }], junitFormat).tests.counts).toEqual({
      // Each candidate's own testcase (one passed, one failed), then their cases: 4 and 1, 3 and 2.
      passed: 8,
      failed: 4,
      error: 0,
      skipped: 0,
    });
    expect(leftImages).toBe("");
  }, 300_000); // a base run and two patches; at load 20 they took over 120 s
});

describe("node --test's junit reporter on a Node package", () => {
  // The base fails the circle's area and, throughout, a test of what is not written yet.
  const repo = () =>
    checkout(join(REPOS, "shapes"), {
      "test/volume.test.js": [
        'import assert from "node:assert/strict";',
        'import { test } from "node:test";',
        "",
        "// Not written yet: fails on the base and after every patch here.",
        'test("the volume of a cylinder", async () => assert.equal(typeof (await import("../lib/area.js")).cylinder, "function"));',
        "",
      ].join("\n"),
    });
  const breaks = [
    "--- a/lib/area.js",
    "+++ b/lib/area.js",
    "@@ -1,8 +1,7 @@",
    " export function circle(r) {",
    "-  // Bug: the diameter, not the radius, squared.",
    "-  return Math.PI * (2 * r) ** 2;",
    "+  return Math.PI * r ** 2;",
    " }",
    " ",
    " export function rectangle(w, h) {",
    "-  return w * h;",
    "+  return w + h;",
    " }",
    "",
  ].join("\n");
  const id = (file: string, name: string) => `test/${file}.test.js::test::${name}`;

  it("with compare: base, blames the patch for the rectangle only", async () => {
    const workdir = repo();
    const regress = join(workdir, "..", "breaks.patch");
    writeFileSync(regress, breaks);
    const { results } = await gate(
      workdir,
      [join(REPOS, "shapes-patches", "fix.patch"), regress],
      [
        "--image",
        NODE24_IMAGE,
        "--command",
        "node --test --test-reporter=spec --test-reporter-destination=stdout --test-reporter=junit --test-reporter-destination=junit.xml",
        "--test-results",
        "junit.xml",
        "--compare",
        "base",
      ],
    );
    const fix = results.get("fix")!;
    expect(fix.status, fix.feedback).toBe("pass");
    expect(fix.compare).toMatchObject({
      fail_to_pass: [id("area", "the area of a circle")],
      fail_to_fail: [id("volume", "the volume of a cylinder")],
      pass_to_fail: [],
    });
    expect(fix.tests?.cases.find((c) => c.status === "failed")).toMatchObject({ file: "test/volume.test.js" });
    const broke = results.get("breaks")!;
    expect(broke.status).toBe("test_failed");
    expect(broke.compare?.pass_to_fail).toEqual([id("area", "the area of a rectangle")]);
    expect(broke.feedback).toContain(`Failing tests:\n1. ${id("area", "the area of a rectangle")}`);
  });
});

describe("test results the command did not write, or wrote to harm the gate", () => {
  const reply = (name: string, python: string): string => {
    const path = join(tempDir("results-replies"), `${name}.md`);
    writeFileSync(path, `\`\`\`python\n${python}\n\`\`\`\n`);
    return path;
  };
  const flags = ["--image", TEST_IMAGE, "--language", "python", "--test-results", "*.xml"];

  it("fails a command that exits 0 before writing results: no test ran", async () => {
    const { results } = await gate(tempDir("results-cwd"), [reply("early", "print('done early')")], flags);
    const early = results.get("early")!;
    expect(early.status).toBe("test_failed");
    expect(early.exit_code).toBe(0);
    expect(early.feedback).toMatch(/^The tests did not pass: no test ran: the command wrote no file matching \*\.xml/);
  });

  it("notes a billion laughs, a 100 MB file and a file that is not XML, reads the good one, and stays bounded", async () => {
    const hostile = [
      "laughs = '<?xml version=\"1.0\"?><!DOCTYPE l [<!ENTITY l0 \"ha\">' + ''.join(",
      "    '<!ENTITY l%d \"%s\">' % (i, '&l%d;' % (i - 1) * 10) for i in range(1, 10)) + ']><testsuite><testcase name=\"&l9;\"/></testsuite>'",
      "open('laughs.xml', 'w').write(laughs)",
      "open('junk.xml', 'w').write('PK\\x03\\x04 not xml at all')",
      // Last in the tar (its files go sorted), so the cut falls inside it.
      "with open('zz-huge.xml', 'w') as f:",
      "    f.write('<testsuite>' + '<testcase name=\"x\"/>' * 5_000_000)",
      "open('good.xml', 'w').write('<testsuite><testcase classname=\"t\" name=\"ok\"/></testsuite>')",
    ].join("\n");
    const peak = join(tempDir("results-rss"), "peak");
    const { results } = await gate(
      tempDir("results-cwd"),
      [reply("hostile", hostile)],
      [...flags, "--tmpfs-size", "256m", "--memory", "512m", "--timeout", "30s"],
      ["/usr/bin/time", "-f", "%M", "-o", peak],
    );
    const result = results.get("hostile")!;
    expect(result.status, result.feedback).toBe("pass");
    expect(result.tests?.cases.map((c) => c.id)).toContain("t::ok");
    const notes = result.notes!.join("\n");
    expect(notes).toMatch(/laughs\.xml: not readable as JUnit XML/);
    expect(notes).toMatch(/junk\.xml: not readable as JUnit XML/);
    // 100 MB sent: the gate keeps 16 MiB of it, so the file is cut, never held whole.
    expect(notes).toMatch(/cut at 16 MiB/);
    expect(notes).toMatch(/cut inside "zz-huge\.xml"/);
    // The gate's peak resident memory, in KiB: holding the 100 MB file, or expanding the entities, would
    // pass 250 MiB; the gate alone sits near 110 MiB.
    expect(Number(readFileSync(peak, "utf8").trim().split("\n").at(-1))).toBeLessThan(250 * 1024);
  });

  it("reruns a test that fails on the first attempt: pass, flaky; test_failed when fail-on names flaky", async () => {
    const flaky = [
      "import os",
      "attempt = int(os.environ['SANDBOX_GATE_ATTEMPT'])",
      "status = '<failure message=\"first attempt\"/>' if attempt == 1 else ''",
      "open('r.xml', 'w').write('<testsuite><testcase classname=\"t\" name=\"sometimes\">%s</testcase></testsuite>' % status)",
      "raise SystemExit(1 if attempt == 1 else 0)",
    ].join("\n");
    const candidate = reply("flaky", flaky);
    const lenient = (await gate(tempDir("results-cwd"), [candidate], [...flags, "--reruns", "1"])).results.get(
      "flaky",
    )!;
    expect(lenient).toMatchObject({ status: "pass", flaky: true });
    expect(lenient.attempts?.map((a) => a.status)).toEqual(["test_failed", "pass"]);
    expect(lenient.tests?.cases).toEqual([expect.objectContaining({ id: "t::sometimes", flaky: true })]);
    const strict = await gate(
      tempDir("results-cwd"),
      [candidate],
      [...flags, "--reruns", "1", "--fail-on", "test_failed,flaky"],
    );
    expect(strict.results.get("flaky")).toMatchObject({ status: "test_failed", flaky: true });
    expect(strict.exitCode).toBe(1);
  });
});
