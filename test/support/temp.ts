// Temp dirs for tests: one prefix for all of them, each removed after its test file, so the suite can
// check that it left none (test/integration/global-setup.ts).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { TEMP_PREFIX } from "./temp-prefix.js";

const made: string[] = [];

afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh directory under the system temp dir, removed once the test file is done. */
export function tempDir(label: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${TEMP_PREFIX}${label}-`));
  made.push(dir);
  return dir;
}
