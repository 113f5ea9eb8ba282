import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { junit, readJunit } from "../../../src/verdict/results/junit.js";
import { readTestResults } from "../../../src/verdict/results/read.js";

const fixture = (name: string) => ({ path: name, data: readFileSync(new URL(`fixtures/${name}`, import.meta.url)) });

describe("junit, read through readTestResults", () => {
  // What pytest 7 (Debian's, xunit2) wrote for the inventory fixture repository's base tree.
  it("reads pytest's JUnit: the class and name as the id, the failure's message, its location from the trace", () => {
    const { tests, notes } = readTestResults([fixture("pytest.xml")], junit);
    expect(notes).toEqual([]);
    expect(tests.counts).toEqual({ passed: 3, failed: 2, error: 0, skipped: 0 });
    expect(tests.cases.map((c) => [c.id, c.status])).toEqual([
      ["tests.test_pricing.PricingTest::test_discounted", "failed"],
      ["tests.test_pricing.PricingTest::test_total", "passed"],
      ["tests.test_stock.StockTest::test_add_and_count", "passed"],
      ["tests.test_stock.StockTest::test_remove", "failed"],
      ["tests.test_stock.StockTest::test_remove_too_many", "passed"],
    ]);
    expect(tests.cases[0]).toMatchObject({
      message: "AssertionError: 115.0 != 85.0",
      file: "tests/test_pricing.py",
      line: 11,
      duration_ms: 1,
    });
    // A passing case has no message, and no location the XML did not give.
    expect(tests.cases[1]).toEqual({
      id: "tests.test_pricing.PricingTest::test_total",
      name: "test_total",
      classname: "tests.test_pricing.PricingTest",
      status: "passed",
      duration_ms: 0,
    });
  });

  // What node 24's `--test-reporter=junit` wrote for the shapes fixture repository's base tree.
  it("reads node --test's JUnit: the file in the id, made relative to the work dir", () => {
    const { tests } = readTestResults([fixture("node-test.xml")], junit);
    expect(tests.counts).toEqual({ passed: 3, failed: 1, error: 0, skipped: 0 });
    expect(tests.cases[1]).toMatchObject({
      id: "test/area.test.js::test::the area of a circle",
      file: "test/area.test.js",
      status: "failed",
      message: expect.stringMatching(/^The expression evaluated to a falsy value:/),
    });
  });

  it("reads nested suites, skips and errors, and the worse verdict of a case with two", () => {
    const xml = `<testsuites><testsuite name="a" file="spec/a_test.php"><testsuite name="inner">
      <testcase name="ok" classname="A"/><testcase name="later" classname="A"><skipped message="not yet"/></testcase>
      <testcase name="boom" classname="A"><failure message="1 != 2"/><error message="teardown crashed"/></testcase>
      <testcase name="cdata" classname="A"><error><![CDATA[Fatal: <oops>]]></error></testcase>
    </testsuite></testsuite></testsuites>`;
    const { tests } = readTestResults([{ path: "r.xml", data: Buffer.from(xml) }], junit);
    expect(tests.counts).toEqual({ passed: 1, failed: 0, error: 2, skipped: 1 });
    expect(tests.cases.map((c) => [c.id, c.status, c.message])).toEqual([
      ["spec/a_test.php::A::ok", "passed", undefined],
      ["spec/a_test.php::A::later", "skipped", "not yet"],
      ["spec/a_test.php::A::boom", "error", "1 != 2"],
      ["spec/a_test.php::A::cdata", "error", "Fatal: <oops>"],
    ]);
  });

  describe("hostile files: a note, never a crash, memory bounded", () => {
    it("does not expand a billion laughs", () => {
      const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i};`.repeat(10)}">`).join("");
      const xml = `<?xml version="1.0"?><!DOCTYPE t [<!ENTITY lol0 "lol">${laughs}]><testsuite><testcase name="x"><failure>&lol9;</failure></testcase></testsuite>`;
      const { tests, notes } = readTestResults([{ path: "laughs.xml", data: Buffer.from(xml) }], junit);
      expect(notes).toEqual([expect.stringMatching(/^laughs\.xml: not readable as JUnit XML \(undefined entity/)]);
      expect(tests.cases).toEqual([]);
    });

    it.each([
      ["not XML", "PASS: everything"],
      ["cut in half", '<testsuite><testcase name="a"/><testcase name="b"><failure message="x'],
      ["binary", "\u0000\u0001\u0002<testsuite>"],
    ])("says what it could not read: %s", (_, text) => {
      const { notes } = readTestResults([{ path: "bad.xml", data: Buffer.from(text) }], junit);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^bad\.xml: not readable as JUnit XML/);
    });

    it("keeps the cases read before the problem", () => {
      const { tests } = readTestResults(
        [{ path: "cut.xml", data: Buffer.from('<testsuite><testcase name="a"/><testcase name="b"><failure') }],
        junit,
      );
      expect(tests.cases.map((c) => c.id)).toEqual(["a"]);
    });
  });

  it("counts every case of a file but lists only the first `keep`, and says why it stopped", () => {
    const xml = `<testsuite>${'<testcase name="a"/>'.repeat(5)}<testcase name="b"><failure`;
    const { tests, problem } = junit.parse(Buffer.from(xml), 3);
    expect(tests.counts.passed).toBe(5);
    expect(tests.cases.map((c) => c.id)).toEqual(["a", "a", "a"]);
    expect(problem).toBe("unclosed tag: testcase");
  });

  it("gives a case the file of its nearest testsuite that names one, and the outer one's again once the inner closes", () => {
    const xml = `<testsuite file="a.py"><testsuite><testsuite file="b.py"><testsuite file="">
      <testcase name="in"/></testsuite></testsuite><testcase name="mid"/></testsuite><testcase name="out" file="c.py"/></testsuite>`;
    const { tests } = junit.parse(Buffer.from(xml), 10);
    expect(tests.cases.map((c) => c.id)).toEqual(["b.py::in", "a.py::mid", "c.py::out"]);
  });

  // The work, counted rather than timed: every read of the open testsuites' stack. A case looking up
  // the nesting for its file made the reading quadratic (depth × cases: 21 s for a hostile 1.5 MB file).
  it("reads the testsuites' stack a bounded number of times per tag, however deep the nesting (linear, not depth × cases)", () => {
    const reads = (depth: number): number => {
      let count = 0;
      const stack = new Proxy<Array<string | undefined>>([], {
        get(target, key, receiver) {
          count++;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const xml = `<testsuites>${"<testsuite>".repeat(depth)}${'<testcase name="t"/>'.repeat(1000)}${"</testsuite>".repeat(depth)}</testsuites>`;
      const { tests, problem } = readJunit(xml, 10, stack);
      expect(problem).toBeUndefined();
      expect(tests.counts.passed).toBe(1000);
      return count;
    };
    const [shallow, deep] = [reads(2000), reads(4000)];
    // 2000 more levels cost a few reads each to enter and leave, not 2000 more for each of the 1000 cases.
    expect(deep - shallow).toBeLessThanOrEqual(10 * 2000);
    expect(shallow).toBeLessThanOrEqual(10 * (2000 + 1000));
  });
});
