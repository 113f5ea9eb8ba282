// TypeScript: node 24, checked by node after stripping the types; node's test runners are JavaScript's,
// and so is their share of the `protect` default.
import { javascript, JS_CODE_LINES, readNodeCheck } from "./javascript.js";
import { COMMON_CODE_LINES, type LanguageSpec } from "./language.js";

// `node --check` does not strip types, so strip them first (positions are kept: types become blanks),
// then let node parse the rest; both print `FILE:LINE`, the source line and a caret, as `node --check` does.
const CHECK = [
  "const { stripTypeScriptTypes } = require('node:module');",
  "const { spawnSync } = require('node:child_process');",
  "const file = process.argv[1];",
  "let js;",
  "try { js = stripTypeScriptTypes(require('node:fs').readFileSync(file, 'utf8')); }",
  "catch (e) { process.stderr.write(file + String(e.stack).split('\\n    at ')[0] + '\\n'); process.exit(1); }",
  "const r = spawnSync(process.execPath, ['--check', '--input-type=module'], { input: js, encoding: 'utf8' });",
  "process.stderr.write(r.stderr.replace(/^\\[stdin\\]/, file));",
  "process.exit(r.status ?? 1);",
].join("\n");

export const typescript: LanguageSpec<"typescript"> = {
  name: "typescript",
  fenceTags: ["typescript", "ts", "tsx", "mts", "cts"],
  extensions: [".ts", ".mts", ".cts"],
  target: "solution.ts",
  // Node 24 strips types itself, so the image needs nothing beyond node.
  command: "node solution.ts",
  image: "node:24-slim",
  check: (file) => ["node", "--disable-warning=ExperimentalWarning", "-e", CHECK, file],
  readCheck: readNodeCheck,
  codeLines: [...JS_CODE_LINES, /^\s*(export\s+)?(interface|type|enum)\s+\w+/, ...COMMON_CODE_LINES],
  protect: javascript.protect,
};
