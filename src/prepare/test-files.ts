// The `tests` files: read once from the base tree, copied into every sandbox at their relative paths.
import { readFile, stat } from "node:fs/promises";
import { resolveGlobs } from "../core/globs.js";
import type { SandboxFile } from "../core/model.js";
import { InputError } from "../core/errors.js";

/** Any execute bit, as git records a file's mode (100755 or 100644). */
export function isExecutable(mode: number): boolean {
  return (mode & 0o111) !== 0;
}

export async function loadTestFiles(patterns: string[], base: string, maxBytes: number): Promise<SandboxFile[]> {
  if (patterns.length === 0) return [];
  const matches = await resolveGlobs("tests", patterns, base);
  const files: SandboxFile[] = [];
  let total = 0;
  for (const match of matches) {
    const content = await readFile(match.absolute);
    total += content.length;
    // Everything goes through the tmpfs work dir; fail here, not inside each sandbox.
    if (total > maxBytes)
      throw new InputError(
        "tests",
        `matched files exceed ${maxBytes} bytes (at ${match.relative}); narrow the globs or raise tmpfs-size`,
      );
    files.push({ path: match.relative, content, executable: isExecutable((await stat(match.absolute)).mode) });
  }
  return files;
}
