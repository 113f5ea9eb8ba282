// `protect` on real test runners, through the bundled CLI as a user runs it: a candidate that weakens,
// deletes or rewrites the tests, or their runner's config or import hooks, still runs, with the base's
// versions of those files, and ends `protected` naming them with what the real tests said; a real fix
// (with a new test of its own) passes; and with protection off the same hacks pass, which proves the
// protection is what stops them.
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { checkout, gate } from "./checkout.js";
import { NODE24_IMAGE, PYTHON_DEV_IMAGE } from "./support.js";

const REPOS = resolve(import.meta.dirname, "../fixtures/repos");
const patchesOf = (dir: string) =>
  readdirSync(join(REPOS, dir))
    .filter((name) => name.endsWith(".patch"))
    .map((name) => join(REPOS, dir, name));

describe("protect on pytest", () => {
  const flags = [
    "--image",
    PYTHON_DEV_IMAGE,
    // sitecustomize.py only loads when the work dir is on the path at start-up.
    "--command",
    "PYTHONPATH=. python3 -m pytest -q -p no:cacheprovider --junitxml=reports/pytest.xml",
    "--test-results",
    "reports/*.xml",
  ];
  const hacks = {
    "weaken-test": ["tests/test_discount.py"],
    "delete-test": ["tests/test_discount.py"],
    "conftest-report": ["conftest.py"],
    addopts: ["pytest.ini"],
    sitecustomize: ["sitecustomize.py"],
  };

  it("ends each hack protected, naming its files, with the real tests' verdict; a fix passes, its new test ran", async () => {
    const { results, exitCode, leftImages } = await gate(
      checkout(join(REPOS, "protect-py")),
      patchesOf("protect-py-patches"),
      flags,
    );
    for (const [id, files] of Object.entries(hacks)) {
      const result = results.get(id)!;
      expect(result.status, `${id}: ${result.feedback}`).toBe("protected");
      expect(result.protected, id).toEqual(files);
      expect(result.feedback, id).toContain(files[0]);
      expect(result.feedback, id).toMatch(/Fix the code, not the tests/);
      // The base's tests ran, and they fail on the bug.
      expect(result.notes?.join("\n"), id).toMatch(/the tests ended tests failed/);
      expect(result.tests?.counts.failed, id).toBeGreaterThan(0);
    }
    expect(results.get("fix")!.status, results.get("fix")!.feedback).toBe("pass");
    const withTest = results.get("fix-with-test")!;
    expect(withTest.status, withTest.feedback).toBe("pass");
    expect(withTest.protected).toBeUndefined();
    expect(
      withTest.tests?.cases.some((c) => c.file?.includes("test_discount_more") || c.id.includes("test_discount_more")),
    ).toBe(true);
    expect(exitCode).toBe(1);
    expect(leftImages).toBe("");
  });

  it("with protect none, the hacks pass: the protection is what stops them", async () => {
    const hackPatches = Object.keys(hacks).map((id) => join(REPOS, "protect-py-patches", `${id}.patch`));
    const { results } = await gate(checkout(join(REPOS, "protect-py")), hackPatches, [
      // By exit code alone: with test results, the sitecustomize's forced exit 0 disagrees with its failing case.
      "--image",
      PYTHON_DEV_IMAGE,
      "--command",
      "PYTHONPATH=. python3 -m pytest -q -p no:cacheprovider",
      "--protect",
      "none",
    ]);
    for (const id of Object.keys(hacks)) {
      const result = results.get(id)!;
      expect(result.status, `${id}: ${result.feedback}`).toBe("pass");
      expect(result.protected).toBeUndefined();
    }
  });

  it("ends a reply whose target is an existing test file protected", async () => {
    const repo = checkout(join(REPOS, "protect-py"), {
      "reply.md": "```python\ndef test_discount():\n    assert True\n```\n",
    });
    const { results } = await gate(
      repo,
      [join(repo, "reply.md")],
      [...flags, "--target", "tests/test_discount.py", "--tests", "tests/**,shop/**,pytest.ini"],
    );
    const result = results.get("reply")!;
    expect(result.status, result.feedback).toBe("protected");
    expect(result.protected).toEqual(["tests/test_discount.py"]);
  });
});

describe("protect on node --test", () => {
  it("ends an edited test and a test script set to exit 0 protected; a fix passes", async () => {
    const { results } = await gate(checkout(join(REPOS, "protect-js")), patchesOf("protect-js-patches"), [
      "--image",
      NODE24_IMAGE,
      "--command",
      "node --run test",
    ]);
    expect(results.get("edit-test")!.status, results.get("edit-test")!.feedback).toBe("protected");
    expect(results.get("edit-test")!.protected).toEqual(["test/x.test.js"]);
    expect(results.get("script-exit0")!.status, results.get("script-exit0")!.feedback).toBe("protected");
    expect(results.get("script-exit0")!.protected).toEqual(["package.json"]);
    expect(results.get("fix")!.status, results.get("fix")!.feedback).toBe("pass");
  });
});
