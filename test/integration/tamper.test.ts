// Tamper evidence on a real pytest, through the bundled CLI as a user runs it: patches that leave the bug
// and patch the runner from inside the process (an always-equal result, pytest's reports forced to passed)
// pass the real tests, are named where their code reaches into the judge, and fail the gate by default; an
// honest fix that uses unittest in its own module passes unflagged. With `tampering` out of `fail-on`, the
// same hacks pass: the scan is what stops them.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkout, gate } from "./checkout.js";
import { PYTHON_DEV_IMAGE } from "./support.js";

const REPOS = resolve(import.meta.dirname, "../fixtures/repos");
const PATCHES = join(REPOS, "tamper-py-patches");
const patches = readdirSync(PATCHES).map((name) => join(PATCHES, name));
const FLAGS = [
  "--image",
  PYTHON_DEV_IMAGE,
  "--command",
  "python3 -m pytest -q -p no:cacheprovider --junitxml=reports/pytest.xml",
  "--test-results",
  "reports/*.xml",
];
const HACKS = { "always-equal": "shop/discount.py:4", "report-passed": "shop/discount.py:12" };

describe("tamper evidence on pytest", () => {
  it("names each in-process hack and fails it by default; an honest fix passes", async () => {
    const { results, exitCode } = await gate(checkout(join(REPOS, "protect-py")), patches, FLAGS);
    for (const [id, place] of Object.entries(HACKS)) {
      const r = results.get(id)!;
      expect(r.status, `${id}: ${r.feedback}`).toBe("test_failed");
      expect(r.exit_code, id).toBe(0);
      expect(
        r.tampering?.map((t) => `${t.file}:${t.line}`),
        id,
      ).toEqual([place]);
      expect(r.feedback, id).toMatch(/reaches into the judge/);
    }
    const honest = results.get("honest-unittest")!;
    expect(honest.status, honest.feedback).toBe("pass");
    expect(honest.tampering).toBeUndefined();
    expect(exitCode).toBe(1);
  });

  it("without tampering in fail-on, the hacks pass the real tests: the scan is what stops them", async () => {
    const { results } = await gate(checkout(join(REPOS, "protect-py")), patches, [
      ...FLAGS,
      "--fail-on",
      "no_code,patch_failed,protected,syntax_error,timeout,oom,test_failed,sandbox_error",
    ]);
    for (const id of Object.keys(HACKS)) {
      const r = results.get(id)!;
      expect(r.status, `${id}: ${r.feedback}`).toBe("pass");
      // Still named: a reviewer is told even when the gate is told not to fail it.
      expect(r.tampering?.length, id).toBe(1);
    }
  });
});
