// A small checkout on disk for the readers of the base tree: a test, an executable runner, and a
// symbolic link out of the tree. Removed after the file's tests.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

export const RUN_SH = "#!/bin/sh\npython3 tests/test_a.py\n";

export function checkout(): string {
  const root = mkdtempSync(join(tmpdir(), "sandbox-gate-checkout-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  mkdirSync(join(root, "tests"));
  writeFileSync(join(root, "tests", "test_a.py"), "assert True\n");
  writeFileSync(join(root, "tests", "run.sh"), RUN_SH);
  chmodSync(join(root, "tests", "run.sh"), 0o755);
  symlinkSync("/etc", join(root, "escape"));
  return root;
}
