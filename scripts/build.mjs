// Bundles the action entry, the CLI and the library into dist/ with ncc, each a single ESM file, with
// the files ncc copies beside a bundle, action.yml (which the CLI's help reads; copied here, not by ncc), one licenses.txt for
// all three, and the library's types (build-types.mjs). The library also gets a CommonJS copy
// (library.cjs, library.d.cts) for `require("sandbox-gate")`, made from the ESM bundle (commonJsOf).
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { buildTypes } from "./build-types.mjs";

const entries = [
  { src: "src/index.ts", out: "dist/index.js" },
  { src: "src/cli.ts", out: "dist/cli.js", bin: true },
  {
    src: "src/library.ts",
    out: "dist/library.js",
    types: "dist/library.d.ts",
    commonJs: { out: "dist/library.cjs", types: "dist/library.d.cts" },
  },
];

/**
 * The ESM bundle at `from` rewritten as CommonJS at `to`: the same code, so `import` and `require` get one
 * library. A bundle has no import left but Node's own modules; `import.meta.url` (ncc's createRequire,
 * its asset directory) becomes the CommonJS file's own URL. A top-level await cannot be CommonJS: esbuild
 * refuses it, and the build fails rather than ship a `require` that cannot work.
 */
function commonJsOf(from, to) {
  buildSync({
    entryPoints: [from],
    outfile: to,
    format: "cjs",
    platform: "node",
    target: "node22",
    bundle: false,
    define: { "import.meta.url": "__sandboxGateUrl" },
    banner: { js: '"use strict";\nconst __sandboxGateUrl = require("node:url").pathToFileURL(__filename).href;' },
    logLevel: "error",
  });
}

/** ncc's licenses.txt: blocks of `name`, `license id`, text, each after a blank line; split where a block starts. */
const licenseBlocks = (text) => text.split(/\n\n(?=(?:@[\w.-]+\/)?[\w.-]+\n[\w.+() -]+\n)/);

rmSync("dist", { recursive: true, force: true });
mkdirSync("dist");
const licenses = [];
for (const entry of entries) {
  const tmp = mkdtempSync(join(tmpdir(), "sandbox-gate-build-"));
  execFileSync("npx", ["ncc", "build", entry.src, "-o", tmp, "--quiet", "--license", "licenses.txt"], {
    stdio: "inherit",
  });
  let code = readFileSync(join(tmp, "index.js"), "utf8");
  if (entry.bin && !code.startsWith("#!")) code = `#!/usr/bin/env node\n${code}`;
  writeFileSync(entry.out, code);
  if (entry.bin) chmodSync(entry.out, 0o755);
  // Every package bundled into any entry, once: the first entry's blocks, then what the others add.
  const names = new Set(licenses.map((block) => block.split("\n")[0]));
  for (const block of licenseBlocks(readFileSync(join(tmp, "licenses.txt"), "utf8").trim()))
    if (!names.has(block.split("\n")[0])) licenses.push(block);
  // Assets ncc relocated (files the code reads by a URL of its own); its package.json is dist's business, not ours.
  for (const file of readdirSync(tmp))
    if (!["index.js", "licenses.txt", "package.json"].includes(file)) copyFileSync(join(tmp, file), join("dist", file));
  rmSync(tmp, { recursive: true, force: true });
  if (entry.types) buildTypes(entry.src, entry.types);
  if (entry.commonJs) {
    commonJsOf(entry.out, entry.commonJs.out);
    // The declarations stand alone (build-types.mjs): the same text declares the CommonJS file's exports.
    copyFileSync(entry.types, entry.commonJs.types);
  }
}
writeFileSync("dist/licenses.txt", `${licenses.join("\n\n")}\n`);
// The CLI's help reads action.yml beside its bundle (src/cli/help.ts).
copyFileSync("action.yml", "dist/action.yml");
