// What a candidate may not change (issue 18's `protect`): the tests that judge it, the files that load
// before them (conftest.py, import hooks) and the test runners' configuration. Pure: the caller hands in
// the base's files and the candidate's changes, and gets back which changes are protected and what the
// sandbox gets instead (the base's version; nothing, for a file the candidate added). The README's "Protected files" says
// what the default covers and what no list of files can see.
//
// Matching is case-sensitive, as the sandbox's Linux file system and the runners are: `Conftest.py` is not
// loaded by pytest, so it needs no rule. A case-insensitive file system (a macOS or Windows checkout) would
// merge `tests/Test_x.py` into `tests/test_x.py`, but candidates only ever run in a Linux sandbox.
import type { Minimatch } from "minimatch";
import { globMatcher } from "../core/globs.js";
import { type ProtectSetting, protectionOff } from "../settings/protect-setting.js";

export type Content = string | Uint8Array;

// ---------------------------------------------------------------------------------------------------------
// The built-in rules

/**
 * `existing`: a change or deletion of a file the base has (a candidate's new test files run as usual);
 * `always`: adding, changing or deleting; `section`: only a change of what `relevant` extracts.
 */
type Scope = "existing" | "always" | "section";

interface Rule {
  globs: string[];
  scope: Scope;
  /** What the rule protects, for the result and the comment. */
  what: string;
  /** For `section`: the part of the file the runner reads ("" when the file has none). */
  relevant?: (text: string) => string;
}

/** Test files by the usual layouts of the languages the gate knows (python, JS/TS, PHP, bash). */
const TEST_FILES = [
  "**/test_*.py",
  "**/*_test.py",
  "**/tests/**",
  "**/test/**",
  "**/Tests/**",
  "**/spec/**",
  "**/__tests__/**",
  "**/*.test.*",
  "**/*.spec.*",
  // node --test's own names besides `*.test.*` and `test/`.
  "**/*_test.?(c|m)[jt]s",
  "**/*-test.?(c|m)[jt]s",
  "**/test-*.?(c|m)[jt]s",
  "**/*Test.php",
  "**/*.bats",
  "**/test_*.sh",
  "**/*_test.sh",
];

const DEFAULT_RULES: Rule[] = [
  { what: "a test file the base has", scope: "existing", globs: TEST_FILES },
  // Loaded before any test by pytest, Pest and bats, from wherever they lie: a new one rewrites the verdict.
  {
    what: "a file the test runner loads before the tests",
    scope: "always",
    globs: ["**/conftest.py", "**/Pest.php", "**/setup_suite.bash", "**/jest.setup.*", "**/vitest.setup.*"],
  },
  // Run by every Python process at start-up.
  {
    what: "an import hook",
    scope: "always",
    globs: ["**/sitecustomize.py", "**/usercustomize.py", "**/*.pth"],
  },
  // The test command's own program: a module of that name on the path, or an installed copy, wins over it.
  {
    what: "the test runner itself",
    scope: "always",
    globs: [
      "**/pytest.py",
      "**/pytest/__init__.py",
      "**/_pytest/**",
      "**/unittest.py",
      "**/unittest/__init__.py",
      "**/node_modules/**",
      "**/.venv/**",
      "**/vendor/bin/**",
      "**/vendor/phpunit/**",
    ],
  },
  {
    what: "the test runner's configuration",
    scope: "always",
    globs: [
      "**/pytest.ini",
      "**/.pytest.ini",
      "**/pytest.toml",
      "**/.pytest.toml",
      "**/tox.ini",
      "**/setup.cfg",
      "**/.coveragerc",
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
      "**/phpunit.xml",
      "**/phpunit.xml.dist",
      "**/phpunit.dist.xml",
    ],
  },
  { what: "a workflow file", scope: "always", globs: [".github/**"] },
  {
    what: "the test runner's section of pyproject.toml",
    scope: "section",
    globs: ["**/pyproject.toml"],
    relevant: (text) => tomlSections(text, PYPROJECT_SECTIONS),
  },
  {
    what: "package.json's test scripts or test runner's configuration",
    scope: "section",
    globs: ["**/package.json"],
    relevant: packageTestKeys,
  },
];

// ---------------------------------------------------------------------------------------------------------
// pyproject.toml: the tables the test runners read, by a tolerant line-based reader (no TOML parser). A
// line belongs to the key or table header that starts it; strings and brackets spanning lines are followed,
// so a header inside a string is no header. A line it cannot read counts as relevant: when in doubt, a
// change is protected.

const PYPROJECT_SECTIONS = [
  ["tool", "pytest"],
  ["tool", "coverage"],
  ["tool", "tox"],
  ["project", "entry-points", "pytest11"],
];

const KEY_PART = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/y;

/** `a . "b.c".d` → ["a", "b.c", "d"]; undefined when `text` is not a key. */
function tomlKey(text: string): string[] | undefined {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at = KEY_PART.lastIndex) {
    KEY_PART.lastIndex = at;
    const m = KEY_PART.exec(text);
    if (!m) return undefined;
    if (m[1] !== undefined) {
      // A basic string's escapes: `"\u0070ytest"` is `pytest`. TOML's \U and \e are not JSON's: unreadable.
      try {
        parts.push(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        return undefined;
      }
    } else parts.push(m[2] ?? m[3]!);
  }
  return parts.length > 0 ? parts : undefined;
}

type Mode = "code" | "basic" | "literal" | "mlBasic" | "mlLiteral";
interface Scan {
  mode: Mode;
  depth: number;
}

/** Follows strings, comments and brackets through `text` (one line); `scan` carries over to the next. */
function scanLine(text: string, scan: Scan): void {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const triple = text.startsWith(c!.repeat(3), i);
    if (scan.mode === "code") {
      if (c === "#") break;
      if (c === '"' || c === "'") {
        scan.mode = triple ? (c === '"' ? "mlBasic" : "mlLiteral") : c === '"' ? "basic" : "literal";
        if (triple) i += 2;
      } else if (c === "[" || c === "{") scan.depth++;
      else if (c === "]" || c === "}") scan.depth = Math.max(0, scan.depth - 1);
    } else if ((scan.mode === "basic" || scan.mode === "mlBasic") && c === "\\") i++;
    else if ((scan.mode === "basic" && c === '"') || (scan.mode === "literal" && c === "'")) scan.mode = "code";
    else if ((scan.mode === "mlBasic" && c === '"' && triple) || (scan.mode === "mlLiteral" && c === "'" && triple)) {
      scan.mode = "code";
      i += 2;
    }
  }
  // A one-line string does not run on (TOML refuses it): the next line starts afresh.
  if (scan.mode === "basic" || scan.mode === "literal") scan.mode = "code";
}

const QUOTED = `"(?:[^"\\\\]|\\\\.)*"|'[^']*'`;
const HEADER = new RegExp(`^\\s*\\[\\[?((?:${QUOTED}|[^\\]"'])*)\\]\\]?`);
const KEY_LINE = new RegExp(`^\\s*((?:${QUOTED}|[^="'#\\[])+)=`);

/** The lines of `text` that belong to the tables in `sections` (or hold them), trimmed; "" when none. */
export function tomlSections(text: string, sections: string[][]): string {
  const prefix = (short: string[], long: string[]) => short.every((part, i) => part === long[i]);
  // A key may assign a whole table that holds a watched one (`tool = {pytest = …}`); a header only
  // matters in or under one (an empty pytest table still makes pyproject.toml pytest's configuration).
  const related = (path: string[] | undefined, header: boolean) =>
    path === undefined ||
    sections.some((s) => (path.length >= s.length ? prefix(s, path) : !header && prefix(path, s)));
  const kept: string[] = [];
  const scan: Scan = { mode: "code", depth: 0 };
  let table: string[] = [];
  let owner: string[] | undefined = [];
  for (const line of text.split("\n")) {
    let rest = line;
    let header = false;
    if (scan.mode === "code" && scan.depth === 0) {
      const head = HEADER.exec(line);
      const key = head ? undefined : KEY_LINE.exec(line);
      header = head !== null;
      if (head) {
        owner = tomlKey(head[1]!);
        table = owner ?? [];
        rest = line.slice(head[0].length);
      } else if (key) {
        const parts = tomlKey(key[1]!);
        owner = parts && [...table, ...parts];
        rest = line.slice(key[0].length);
      } else if (/^\s*(#.*)?\r?$/.test(line)) continue;
      else owner = undefined;
    }
    scanLine(rest, scan);
    if (related(owner, header)) kept.push(line.trim());
  }
  return kept.join("\n");
}

// ---------------------------------------------------------------------------------------------------------
// package.json: the scripts `npm test` runs, what they call by name, and the runners' configuration keys.

const PACKAGE_KEYS = ["jest", "mocha", "ava", "vitest", "c8", "nyc"];
const TEST_SCRIPT = /^(pre|post)?test/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with every object's keys sorted: a reordering is no change. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

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
  let pkg: unknown;
  try {
    pkg = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    // npm cannot run any script of it either; compared with the base's, a base with test scripts differs.
    return "";
  }
  if (!isRecord(pkg)) return "";
  const picked: Record<string, unknown> = {};
  for (const key of PACKAGE_KEYS) if (Object.hasOwn(pkg, key)) picked[key] = pkg[key];
  const scripts = isRecord(pkg.scripts) ? pkg.scripts : {};
  for (const name of testScripts(scripts)) picked[`scripts.${name}`] = scripts[name];
  return Object.keys(picked).length > 0 ? canonical(picked) : "";
}

// ---------------------------------------------------------------------------------------------------------
// The rules applied to a candidate's changes

interface CompiledRule extends Omit<Rule, "globs"> {
  matchers: Minimatch[];
}

/** The setting and the `tests` input's globs, compiled once per run. */
export interface ProtectRules {
  readonly off: boolean;
  readonly rules: readonly CompiledRule[];
  readonly except: readonly Minimatch[];
}

export function compileProtect(setting: ProtectSetting, tests: readonly string[] = []): ProtectRules {
  const rules: Rule[] = [];
  if (setting.globs.length > 0) rules.push({ what: "a file `protect` names", scope: "always", globs: setting.globs });
  if (setting.defaults) {
    rules.push(...DEFAULT_RULES);
    const testsGlobs = tests.filter((glob) => !glob.startsWith("!"));
    if (testsGlobs.length > 0) rules.push({ what: "a file `tests` names", scope: "existing", globs: testsGlobs });
  }
  return {
    off: protectionOff(setting),
    rules: rules.map(({ globs, ...rule }) => ({ ...rule, matchers: globs.map(globMatcher) })),
    except: setting.except.map(globMatcher),
  };
}

/** The base's files: a Map of path → content serves, holding at least the changed paths the base has. */
export interface BaseFiles {
  get(path: string): Content | undefined;
}

export interface ProtectedFile {
  path: string;
  change: "added" | "changed" | "deleted";
  /** What the rule that caught it protects ("a test file the base has", …). */
  what: string;
  /** What the sandbox gets instead: the base's whole file, or null for one the candidate added (absent). */
  restore: Content | null;
}

export interface Protection {
  /** The protected paths the candidate touched, sorted. */
  protected: string[];
  /** The same, with what to restore, in the same order. */
  files: ProtectedFile[];
}

const decoder = new TextDecoder();
const asText = (content: Content) => (typeof content === "string" ? content : decoder.decode(content));

function sameContent(a: Content, b: Content): boolean {
  if (typeof a === "string" && typeof b === "string") return a === b;
  const [x, y] = [typeof a === "string" ? Buffer.from(a) : a, typeof b === "string" ? Buffer.from(b) : b];
  return Buffer.compare(x, y) === 0;
}

/** The rule that protects this change of `path`, or undefined. */
function protecting(rules: ProtectRules, path: string, before: Content | undefined, after: Content | null) {
  if (rules.except.some((m) => m.match(path))) return undefined;
  return rules.rules.find((rule) => {
    if (!rule.matchers.some((m) => m.match(path))) return false;
    if (rule.scope === "existing") return before !== undefined;
    if (rule.scope === "always") return true;
    const relevant = (content: Content | null | undefined) => (content == null ? "" : rule.relevant!(asText(content)));
    return relevant(before) !== relevant(after);
  });
}

/**
 * Which of the candidate's `changes` (path → new content, null = deleted; paths already checked by
 * core/paths.ts) `protect` covers. A change to bytes the base already has is no change.
 */
export function findProtected(
  rules: ProtectRules,
  base: BaseFiles,
  changes: ReadonlyMap<string, Content | null>,
): Protection {
  const files: ProtectedFile[] = [];
  if (rules.off) return { protected: [], files };
  for (const [path, after] of [...changes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const before = base.get(path);
    if (before === undefined && after === null) continue;
    if (before !== undefined && after !== null && sameContent(before, after)) continue;
    const rule = protecting(rules, path, before, after);
    if (!rule) continue;
    const change = before === undefined ? "added" : after === null ? "deleted" : "changed";
    files.push({ path, change, what: rule.what, restore: before ?? null });
  }
  return { protected: files.map((file) => file.path), files };
}

/**
 * The changes the candidate runs with: the protected ones dropped, so the base's version of each protected
 * file is what the sandbox holds, and one the candidate added is absent.
 */
export function unprotectedChanges<T>(changes: ReadonlyMap<string, T>, protection: Protection): Map<string, T> {
  const dropped = new Set(protection.protected);
  return new Map([...changes].filter(([path]) => !dropped.has(path)));
}
