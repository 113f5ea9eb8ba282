// JavaScript: node in the official slim image, checked by `node --check`; its test runners (node --test,
// jest, vitest, mocha, …) are TypeScript's too.
import { isRecord } from "../core/records.js";
import {
  COMMON_CODE_LINES,
  manifestObject,
  pickedJson,
  positive,
  type CheckReading,
  type LanguageSpec,
} from "./language.js";

// node --check: "FILE:LINE", the source line, a caret line under the error, then "SyntaxError: …".
// Node 24 parsing TypeScript prints a file URL and context lines around the caret. Every source line
// shown is the candidate's and can say anything (the line `TypeError: forged )` is a label and a syntax
// error in one), and all of them come before the message, which only node's own stack frames follow:
// the message is the last line shaped like one.
export function readNodeCheck(output: string): CheckReading {
  const lines = output.split("\n");
  const messageAt = lines.findLastIndex((line) => /^\w*Error\b[^:]*: \S/.test(line));
  if (messageAt < 0) return undefined;
  const headerAt = lines.findIndex((line) => /^.*:\d+$/.test(line));
  const header = headerAt >= 0 && headerAt < messageAt ? /^(.*):(\d+)$/.exec(lines[headerAt]!) : null;
  // node:internal/… headers locate node's own code, not the candidate's.
  if (!header || header[1]!.startsWith("node:")) return { message: lines[messageAt]! };
  const caret = lines.slice(headerAt + 1, messageAt).find((line) => /^[ \t]*\^+[ \t]*$/.test(line));
  return {
    message: lines[messageAt]!,
    file: header[1] || undefined,
    line: positive(Number(header[2])),
    // Node keeps tabs in the caret line, so its index is the character column.
    column: caret === undefined ? undefined : caret.indexOf("^") + 1,
  };
}

export const JS_CODE_LINES = [
  /^\s*(export\s+)?(async\s+)?function\b/,
  /^\s*(export\s+)?(const|let|var)\s+[\w${[]/,
  /^\s*(export\s+)?(default\s+)?class\s+\w+/,
  /^\s*(import|export)\s.*(from\s+['"]|[;{]\s*$)/,
  /^\s*(if|for|while|switch)\s*\(.*\)\s*\{?\s*$/,
  /^\s*return\b.*;\s*$/,
  /^\s*[})\]]+[;,)]*\s*$/,
  /=>/,
];

// ---------------------------------------------------------------------------------------------------------
// package.json: the scripts `npm test` runs, what they call by name, and the runners' configuration keys.

// `imports`: a test's `#name` import resolves through it, so changing it swaps what a protected test loads.
const PACKAGE_KEYS = ["jest", "mocha", "ava", "vitest", "c8", "nyc", "imports"];
const TEST_SCRIPT = /^(pre|post)?test/;

/** The test scripts and, by name, the scripts they run (`npm run unit`, `run-s lint unit`), transitively. */
function testScripts(scripts: Record<string, unknown>): string[] {
  const names = new Set(Object.keys(scripts).filter((name) => TEST_SCRIPT.test(name)));
  for (const name of names) {
    const body = scripts[name];
    if (typeof body !== "string") continue;
    for (const word of body.split(/[\s"'&|;()]+/)) {
      const called = word.replace(/^npm:/, "");
      if (Object.hasOwn(scripts, called)) names.add(called);
    }
  }
  return [...names].sort();
}

/** What of package.json the test runners read, as canonical JSON; "" when nothing, or when it does not parse. */
export function packageTestKeys(text: string): string {
  // One that does not parse: npm cannot run any script of it either.
  const pkg = manifestObject(text);
  if (!pkg) return "";
  const picked: Record<string, unknown> = {};
  for (const key of PACKAGE_KEYS) if (Object.hasOwn(pkg, key)) picked[key] = pkg[key];
  const scripts = isRecord(pkg.scripts) ? pkg.scripts : {};
  for (const name of testScripts(scripts)) picked[`scripts.${name}`] = scripts[name];
  return pickedJson(picked);
}

export const javascript: LanguageSpec<"javascript"> = {
  name: "javascript",
  fenceTags: ["javascript", "js", "node", "nodejs", "mjs", "cjs", "jsx"],
  extensions: [".js", ".mjs", ".cjs"],
  target: "solution.js",
  command: "node solution.js",
  image: "node:22-slim",
  check: (file) => ["node", "--check", file],
  readCheck: readNodeCheck,
  codeLines: [...JS_CODE_LINES, ...COMMON_CODE_LINES],
  protect: {
    tests: [
      "**/__tests__/**",
      // node --test's own names besides `*.test.*` and `test/` (prepare/protect.ts, every language's).
      "**/*_test.?(c|m)[jt]s",
      "**/*-test.?(c|m)[jt]s",
      "**/test-*.?(c|m)[jt]s",
    ],
    preloaded: ["**/jest.setup.*", "**/vitest.setup.*"],
    importHooks: [],
    runner: ["**/node_modules/**"],
    compiled: [],
    config: [
      "**/jest.config.*",
      "**/vitest.config.*",
      "**/vitest.workspace.*",
      "**/vite.config.*",
      "**/.mocharc*",
      "**/karma.conf.*",
      "**/ava.config.*",
      "**/babel.config.*",
      "**/.babelrc*",
      // npm's `node-options` preloads code into every test script.
      "**/.npmrc",
      // yarn runs `yarnPath` as yarn itself and Plug'n'Play's loader in every script; nyc `require`s hooks;
      // bun `preload`s.
      "**/.yarnrc",
      "**/.yarnrc.yml",
      "**/.yarn/**",
      "**/.pnp.*",
      "**/.nycrc*",
      "**/bunfig.toml",
    ],
    sections: [
      {
        glob: "**/package.json",
        what: "package.json's test scripts or test runner's configuration",
        relevant: packageTestKeys,
      },
    ],
  },
};
