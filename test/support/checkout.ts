// A small checkout on disk for the readers of the base tree: a test, an executable runner, and a
// symbolic link out of the tree. Removed after the file's tests.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp.js";

export const RUN_SH = "#!/bin/sh\npython3 tests/test_a.py\n";

export function checkout(): string {
  const root = tempDir("checkout");
  mkdirSync(join(root, "tests"));
  writeFileSync(join(root, "tests", "test_a.py"), "assert True\n");
  writeFileSync(join(root, "tests", "run.sh"), RUN_SH);
  chmodSync(join(root, "tests", "run.sh"), 0o755);
  symlinkSync("/etc", join(root, "escape"));
  return root;
}
