// A small checkout on disk for the readers of the base tree: a test, an executable runner, a file that is
// not UTF-8, and a symbolic link out of the tree. Removed after the file's tests.
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "./temp.js";

export const RUN_SH = "#!/bin/sh\npython3 tests/test_a.py\n";
/** "Grüße" in latin1, with a CRLF: bytes that UTF-8 text would not keep. */
export const LATIN1 = Buffer.from([0x47, 0x72, 0xfc, 0xdf, 0x65, 0x0d, 0x0a]);

export function checkout(): string {
  const root = tempDir("checkout");
  mkdirSync(join(root, "tests"));
  writeFileSync(join(root, "tests", "test_a.py"), "assert True\n");
  writeFileSync(join(root, "tests", "run.sh"), RUN_SH);
  chmodSync(join(root, "tests", "run.sh"), 0o755);
  mkdirSync(join(root, "data"));
  writeFileSync(join(root, "data", "greeting.txt"), LATIN1);
  symlinkSync("/etc", join(root, "escape"));
  return root;
}
