// Per-language presets: what the code is saved as, how it is parsed without running, how it runs.
import type { Language } from "./model.js";

// The checkers' verdict channel, which the sandbox driver reads (sandbox/driver.ts).
/** The variable that hands a checker the nonce, so that its verdict line can carry it. */
export const VERDICT_ENV = "SANDBOX_GATE_NONCE";

/** What a checker writes before its verdict, a line of JSON: the prefix, the nonce, a newline. */
export const VERDICT_PREFIX = "\x1esandbox-gate:verdict:";

export interface LanguagePreset {
  name: Language;
  /** Fence info-string tags that mean this language (lower case). */
  fenceTags: readonly string[];
  /** File extensions (with the dot) that mean this language. */
  extensions: readonly string[];
  target: string;
  command: string;
  image: string;
  /** argv run inside the sandbox to parse `file` without executing it; exits non-zero on a syntax error. */
  check: (file: string) => string[];
}

// compile() parses and builds bytecode but runs nothing; the JSON verdict gives the classifier exact
// positions. It goes on the nonce-marked verdict channel (driver.ts), since compile()'s warnings echo
// candidate lines into the same stream; warnings are off anyway. `-I`: the work dir is not on the import
// path, so a candidate's `json.py` cannot run inside the checker, and no PYTHON* variable applies. `-S`
// and json imported only for a verdict: the check runs for every candidate, and importing site and json
// was half its cost (≈ 15 of 33 ms in the bench's image); compile() needs neither.
const PYTHON_CHECK = [
  "import sys",
  "p = sys.argv[1]",
  "def verdict(info):",
  "    import json, os",
  // A JSON string literal is a Python one too.
  `    sys.stderr.write(${JSON.stringify(VERDICT_PREFIX)} + os.environ.get('${VERDICT_ENV}', '') + '\\n' + json.dumps(info) + '\\n')`,
  "    sys.exit(1)",
  "try:",
  "    compile(open(p, 'rb').read(), p, 'exec')",
  "except SyntaxError as e:",
  "    verdict({'message': e.msg, 'file': e.filename, 'line': e.lineno, 'column': e.offset})",
  "except (ValueError, RecursionError, MemoryError) as e:",
  "    verdict({'message': type(e).__name__ + ': ' + str(e), 'file': p})",
].join("\n");

// `node --check` does not strip types, so strip them first (positions are kept: types become blanks),
// then let node parse the rest; both print `FILE:LINE`, the source line and a caret, as `node --check` does.
const TYPESCRIPT_CHECK = [
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

export const LANGUAGES: Record<Language, LanguagePreset> = {
  python: {
    name: "python",
    fenceTags: ["python", "py", "python3", "py3"],
    extensions: [".py"],
    target: "solution.py",
    command: "python3 solution.py",
    image: "python:3.12-slim",
    check: (file) => ["python3", "-I", "-S", "-W", "ignore", "-c", PYTHON_CHECK, file],
  },
  javascript: {
    name: "javascript",
    fenceTags: ["javascript", "js", "node", "nodejs", "mjs", "cjs", "jsx"],
    extensions: [".js", ".mjs", ".cjs"],
    target: "solution.js",
    command: "node solution.js",
    image: "node:22-slim",
    check: (file) => ["node", "--check", file],
  },
  typescript: {
    name: "typescript",
    fenceTags: ["typescript", "ts", "tsx", "mts", "cts"],
    extensions: [".ts", ".mts", ".cts"],
    target: "solution.ts",
    // Node 24 strips types itself, so the image needs nothing beyond node.
    command: "node solution.ts",
    image: "node:24-slim",
    check: (file) => ["node", "--disable-warning=ExperimentalWarning", "-e", TYPESCRIPT_CHECK, file],
  },
  bash: {
    name: "bash",
    fenceTags: ["bash", "sh", "shell", "zsh"],
    extensions: [".sh", ".bash"],
    target: "solution.sh",
    command: "bash solution.sh",
    image: "debian:bookworm-slim",
    check: (file) => ["bash", "-n", file],
  },
  php: {
    name: "php",
    fenceTags: ["php"],
    extensions: [".php"],
    target: "solution.php",
    command: "php solution.php",
    image: "php:8.3-cli",
    // Errors only: a warning or a deprecation printed before the error could quote the candidate's text.
    check: (file) => [
      "php",
      "-l",
      "-d",
      "display_errors=stderr",
      "-d",
      "error_reporting=E_ERROR|E_PARSE|E_CORE_ERROR|E_COMPILE_ERROR",
      file,
    ],
  },
};

export const LANGUAGE_NAMES = Object.keys(LANGUAGES) as Language[];

export function isLanguage(name: string): name is Language {
  return Object.hasOwn(LANGUAGES, name);
}

/** The language a fence tag names, if any (`python title="x.py"` → python). */
export function languageOfTag(info: string): Language | undefined {
  const tag =
    info
      .trim()
      .split(/[\s{,]/, 1)[0]
      ?.toLowerCase()
      .replace(/^\./, "") ?? "";
  return LANGUAGE_NAMES.find((name) => LANGUAGES[name].fenceTags.includes(tag));
}

/** The language a file name implies, if any. */
export function languageOfPath(path: string): Language | undefined {
  const lower = path.toLowerCase();
  return LANGUAGE_NAMES.find((name) => LANGUAGES[name].extensions.some((ext) => lower.endsWith(ext)));
}

export interface CheckGroup {
  language: Language;
  files: string[];
}

// Our own constants only ever go into the script text; file names travel as positional parameters.
function shQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * One argv that parse-checks several files, possibly of several languages, stopping at the first
 * failure: a fixed loop per group that shifts through the positional parameters.
 */
export function checkFiles(groups: CheckGroup[]): string[] {
  const nonEmpty = groups.filter((g) => g.files.length > 0);
  const only = nonEmpty.length === 1 && nonEmpty[0]!.files.length === 1 ? nonEmpty[0]! : undefined;
  if (only) return LANGUAGES[only.language].check(only.files[0]!);
  if (nonEmpty.length === 0) return [];
  const loops = nonEmpty.map(({ language, files }) => {
    const tool = LANGUAGES[language].check("").slice(0, -1).map(shQuote).join(" ");
    return `i=0; while [ "$i" -lt ${files.length} ]; do ${tool} "$1" || exit; shift; i=$((i + 1)); done`;
  });
  return ["sh", "-c", loops.join("\n"), "sandbox-gate-check", ...nonEmpty.flatMap((g) => g.files)];
}
