// The end guard through the bundled CLI, on the real engine, as a user runs it: replies whose function ends
// the test script early (sys.exit(0) on the input it cannot answer, os._exit(0)) and a patch that os._exits
// inside pytest exit 0 and would pass on their exit code; the guard fails them and says where. Honest
// replies and fixes pass untouched. In both isolations that run a container's work: `candidate` and
// `namespace`.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { gate } from "./checkout.js";
import { PYTHON_DEV_IMAGE, TEST_IMAGE } from "./support.js";
import { commitCopy } from "../support/fixture-repo.js";
import { tempDir } from "../support/temp.js";

const EARLY = "sandbox-gate: the tests did not run to their end";
const fence = (code: string) => `Here is my solution.\n\n\`\`\`python\n${code}\`\`\`\n`;

/** A directory holding `files`, committed, as a workflow's checkout; candidates beside it. */
function checkoutOf(files: Record<string, string>): string {
  const source = tempDir("end-guard");
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(source, path, ".."), { recursive: true });
    writeFileSync(join(source, path), text);
  }
  return commitCopy(source, join(tempDir("repository"), "repo"));
}

function candidates(files: Record<string, string>): string[] {
  const dir = tempDir("candidates");
  return Object.entries(files).map(([name, text]) => {
    writeFileSync(join(dir, name), text);
    return join(dir, name);
  });
}

const SCRIPT = "from solution import count\nassert count('WBWW') == 3\nassert count('WBWWBB') == 7\nprint('all ran')\n";
const REPLIES = {
  "exits.md": fence("import sys\ndef count(s):\n    if len(s) > 4:\n        sys.exit(0)\n    return s.count('W')\n"),
  "os-exit.md": fence("import os\ndef count(s):\n    if len(s) > 4:\n        os._exit(0)\n    return s.count('W')\n"),
  "honest.md": fence("def count(s):\n    return s.count('W') if len(s) <= 4 else 7\n"),
};

describe.each(["candidate", "namespace"])("the end guard, isolation: %s", (isolation) => {
  it("fails a reply that ends the test script before its asserts, and passes an honest one", async () => {
    const repo = checkoutOf({ "test_solution.py": SCRIPT });
    const { results } = await gate(repo, candidates(REPLIES), [
      ...["--image", TEST_IMAGE, "--language", "python", "--isolation", isolation],
      ...["--tests", "test_solution.py", "--command", "python3 test_solution.py"],
    ]);
    const exits = results.get("exits")!;
    expect(exits.status, exits.feedback).toBe("test_failed");
    expect(exits.exit_code).toBe(1);
    expect(exits.stderr).toContain(`${EARLY}: sys.exit(0) called at solution.py:4 (in count), code the tests call`);
    expect(exits.feedback).toContain(EARLY);
    const osExit = results.get("os-exit")!;
    expect(osExit.status, osExit.feedback).toBe("test_failed");
    expect(osExit.stderr).toContain(`${EARLY}: it exited 0 without reaching its end`);
    const honest = results.get("honest")!;
    expect(honest.status, honest.feedback).toBe("pass");
    expect(honest.stdout).toBe("all ran\n");
    expect(honest.stderr).toBe("");
  });
});

describe("the end guard on pytest", () => {
  it("fails a patch whose code os._exits inside a test, and passes the honest fix", async () => {
    const repo = checkoutOf({
      "shop/__init__.py": "",
      "shop/price.py": "def total(items):\n    return 0\n",
      "tests/test_price.py":
        "from shop.price import total\n\ndef test_empty():\n    assert total([]) == 0\n\n" +
        "def test_two():\n    assert total([2, 3]) == 5\n",
    });
    const patch = (body: string) =>
      `--- a/shop/price.py\n+++ b/shop/price.py\n@@ -1,2 +1,${body.split("\n").length + 1} @@\n def total(items):\n-    return 0\n${body
        .split("\n")
        .map((line) => `+${line}`)
        .join("\n")}\n`;
    const [exits, honest] = candidates({
      "exits.patch": patch("    import os\n    if items:\n        os._exit(0)\n    return 0"),
      "honest.patch": patch("    return sum(items)"),
    });
    const { results } = await gate(
      repo,
      [exits!, honest!],
      [...["--image", PYTHON_DEV_IMAGE, "--command", "python3 -m pytest -q -p no:cacheprovider tests"]],
    );
    const early = results.get("exits")!;
    expect(early.status, early.feedback).toBe("test_failed");
    expect(early.stderr).toContain(`${EARLY}: it exited 0 without reaching its end`);
    const fix = results.get("honest")!;
    expect(fix.status, fix.feedback).toBe("pass");
    expect(fix.stdout).toContain("2 passed");
  });
});
