// Bundles the action entry and the CLI into dist/ with ncc, each a single ESM file.
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const entries = [
  { src: "src/index.ts", out: "dist/index.js" },
  { src: "src/cli.ts", out: "dist/cli.js", bin: true },
];

rmSync("dist", { recursive: true, force: true });
for (const entry of entries) {
  const tmp = mkdtempSync(join(tmpdir(), "sandbox-gate-build-"));
  execFileSync("npx", ["ncc", "build", entry.src, "-o", tmp, "--quiet", "--license", "licenses.txt"], {
    stdio: "inherit",
  });
  execFileSync("mkdir", ["-p", "dist"]);
  let code = readFileSync(join(tmp, "index.js"), "utf8");
  if (entry.bin && !code.startsWith("#!")) code = `#!/usr/bin/env node\n${code}`;
  writeFileSync(entry.out, code);
  if (entry.bin) chmodSync(entry.out, 0o755);
  if (!entry.bin) renameSync(join(tmp, "licenses.txt"), "dist/licenses.txt");
  rmSync(tmp, { recursive: true, force: true });
}
