import { describe, expect, it } from "vitest";
import { django } from "../../../../src/verdict/results/logs/django.js";
import { caseId } from "../../../../src/verdict/results/parser.js";
import { fixture, parse, statusMap, swebench } from "./support.js";

describe("django", () => {
  it("decides every test of a Django runner's verbose log as SWE-bench's parse_log_django does", () => {
    const parsed = parse(django, fixture("django.log"));
    expect(parsed.untrusted).toBeUndefined();
    expect(statusMap(parsed)).toEqual(swebench("django.swebench.json"));
  });

  it("keys a case by Django's own words, `test_a (app.tests.T)`, as its name", () => {
    const { tests } = parse(django, fixture("django.log"));
    const total = tests.cases.find((c) => c.id === "test_total (shop.tests.CartTests)")!;
    expect(total).toEqual({
      id: "test_total (shop.tests.CartTests)",
      name: "test_total (shop.tests.CartTests)",
      status: "passed",
    });
    for (const c of tests.cases) expect(caseId(c)).toBe(c.id);
  });

  it("reads the interleavings across a line break the harness knows, and django__django-7188's migration line", () => {
    const log = [
      "test_one (app.tests.T) ... Testing against Django installed in '/testbed/django'",
      "Found 3 tests. System check identified no issues (0 silenced).",
      "ok",
      "test_two (app.tests.T) ... System check identified no issues (0 silenced)",
      "ok",
      "Applying sites.0002_alter_domain_unique...test_no_migrations (app.tests.M) ... ok",
      "test_version_alternative (admin_scripts.tests.CommandTypes)",
      "--version is equivalent to version ... ok",
    ].join("\n");
    expect(statusMap(parse(django, log))).toEqual({
      "test_one (app.tests.T)": "PASSED",
      "test_two (app.tests.T)": "PASSED",
      "test_no_migrations (app.tests.M)": "PASSED",
      "--version is equivalent to version": "PASSED",
    });
  });

  it("reads a log that repeats the multi-line opening without its end in linear time", () => {
    const opening = "test_x (a.T) ... Testing against Django installed in '/x'\n";
    const log = opening.repeat(50_000);
    const started = performance.now();
    parse(django, log);
    expect(performance.now() - started).toBeLessThan(15_000);
  });
});
