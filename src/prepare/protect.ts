// What a candidate may not change (issue 18's `protect`): the tests that judge it, the files that load
// before them (conftest.py, import hooks) and the test runners' configuration, each language's as its file
// in languages/ names them. Pure: the caller hands in the base's files and the candidate's changes, and
// gets back which changes are protected and what the sandbox gets instead (the base's version; nothing,
// for a file the candidate added). The README's "Protected files" says what the default covers and what
// no list of files can see.
//
// Matching is case-sensitive, as the sandbox's Linux file system and the runners are: `Conftest.py` is not
// loaded by pytest, so it needs no rule. A case-insensitive file system (a macOS or Windows checkout) would
// merge `tests/Test_x.py` into `tests/test_x.py`, but candidates only ever run in a Linux sandbox.
import { posix } from "node:path";
import type { Minimatch } from "minimatch";
import { globMatcher } from "../core/globs.js";
import { checkRelativePath } from "../core/paths.js";
import type { ConfigLoads, ProtectGlobs, Shadowing } from "../languages/language.js";
import { LANGUAGE_LIST } from "../languages/registry.js";
import { type ProtectSetting, protectionOff } from "../settings/protect-setting.js";
import { ascending } from "../core/order.js";

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

/** Test files by layouts the runners of every language use; each language adds its own names (languages/). */
const SHARED_TEST_FILES = ["**/tests/**", "**/test/**", "**/Tests/**", "**/spec/**", "**/*.test.*", "**/*.spec.*"];

/** Every language's share of one kind of file, once each, in the registry's order. */
function languagesGlobs(kind: (globs: ProtectGlobs) => readonly string[]): string[] {
  return [...new Set(LANGUAGE_LIST.flatMap((language) => kind(language.protect)))];
}

const TEST_FILES = "a test file the base has";

/** The default's rules, in the order a file is tested against them: the first that matches names it. */
function defaultRules(): Rule[] {
  const sections = [...new Set(LANGUAGE_LIST.flatMap((language) => language.protect.sections))];
  const rules: Rule[] = [
    {
      what: TEST_FILES,
      scope: "existing",
      globs: [...SHARED_TEST_FILES, ...languagesGlobs((g) => g.tests)],
    },
    {
      what: "a file the test runner loads before the tests",
      scope: "always",
      globs: languagesGlobs((g) => g.preloaded),
    },
    { what: "an import hook", scope: "always", globs: languagesGlobs((g) => g.importHooks) },
    { what: "the test runner itself", scope: "always", globs: languagesGlobs((g) => g.runner) },
    { what: "the test runner's configuration", scope: "always", globs: languagesGlobs((g) => g.config) },
    { what: "a workflow file", scope: "always", globs: [".github/**"] },
    ...sections.map(({ glob, what, relevant }): Rule => ({ what, scope: "section", globs: [glob], relevant })),
  ];
  return rules.filter((rule) => rule.globs.length > 0);
}

const DEFAULT_RULES = defaultRules();

const TEST_FILE_MATCHERS = DEFAULT_RULES.find((rule) => rule.what === TEST_FILES)!.globs.map(globMatcher);

/**
 * What isTestFile decided of each path seen: the same paths come back with every candidate of a repository
 * (each of its ≈ 2,300 files, for each of sympy's SWE-bench lines), and the globs are the defaults' own.
 * Emptied when it grows past what one repository's tree holds, so a night over many stays bounded.
 */
const testFileMemo = new Map<string, boolean>();
const TEST_FILE_MEMO_MAX = 200_000;

/** Whether the default takes `path` for a test file (its first rule's layouts): the tests' own code. */
export function isTestFile(path: string): boolean {
  let known = testFileMemo.get(path);
  if (known === undefined) {
    known = TEST_FILE_MATCHERS.some((m) => m.match(path));
    if (testFileMemo.size >= TEST_FILE_MEMO_MAX) testFileMemo.clear();
    testFileMemo.set(path, known);
  }
  return known;
}

/**
 * Compiled code runs in place of its source, so it is protected whenever anything is: a forged cache
 * beside a protected source would undo the user's globs as much as the default's.
 */
const COMPILED_RULE: Rule = {
  what: "compiled code, which runs in place of its source",
  scope: "always",
  globs: languagesGlobs((g) => g.compiled),
};

/**
 * Shadowing: a module the candidate adds under the name of one the runner or a test imports from
 * elsewhere is imported in its place wherever its directory comes first on the path. That is the work dir
 * (on sys.path under `python -m pytest`, `python -m unittest` and `python3 solution.py`) and every
 * directory that is not a package: a script's own directory is first on its path, and pytest's default
 * `prepend` import mode puts the first directory above a test that is not a package there (tests/ without
 * `__init__.py` makes `tests/decimal.py` the `decimal` a test imports). A package's modules are its own
 * (`pkg.types`), so those stay the project's. Only new files: a module the base has is the project's own.
 * The directory is judged in the tree the candidate runs in, so deleting a package's `__init__.py` to make
 * it a directory on the path does not help. Each language's Shadowing, its names as a set (looked up for
 * every file a candidate adds).
 */
type ShadowRule = Omit<Shadowing, "names"> & { names: ReadonlySet<string> };

const SHADOW_RULES: ShadowRule[] = LANGUAGE_LIST.flatMap(({ protect: { shadowing } }) =>
  shadowing ? [{ ...shadowing, names: new Set(shadowing.names) }] : [],
);

/** What protects `path`, a file the candidate adds, from shadowing a module; undefined when it shadows none. */
function shadowed(path: string, inTree: (path: string) => boolean): string | undefined {
  for (const rule of SHADOW_RULES) {
    const module = rule.moduleOf(path);
    if (!module) continue;
    const { dir, name } = module;
    if (!rule.names.has(name) && !rule.prefixes.some((prefix) => name.startsWith(prefix))) continue;
    if (dir !== "" && inTree(`${dir}/${rule.packageMarker}`)) continue;
    return `a new module named as one the runner or the tests import (\`${name}\`), which would be imported in its place`;
  }
  return undefined;
}

const CONFIG_LOADS: ConfigLoads[] = LANGUAGE_LIST.flatMap((language) => language.protect.loadedByConfig ?? []);

const LOADED_BY_CONFIG = "a file the test runner's configuration loads before the tests";

/**
 * The files the base's runner configurations name to load before the tests (PHPUnit's bootstrap, …), as
 * paths of the tree: each named path resolved from its configuration's directory; one that leaves the
 * tree, or is absolute, names no file of it.
 */
function loadedByConfig(base: BaseFiles): Set<string> {
  const named = new Set<string>();
  for (const { config, named: read } of CONFIG_LOADS) {
    const content = base.get(config);
    if (content === undefined) continue;
    for (const path of read(asText(content))) {
      if (path === "" || path.startsWith("/")) continue;
      // Resolved first (`a/../b` is b), then the one path rule: what leaves the tree names none of its files.
      const resolved = checkRelativePath(posix.normalize(posix.join(posix.dirname(config), path)));
      if (resolved.ok) named.add(resolved.path);
    }
  }
  return named;
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
  /** The default's rules that read the base's tree apply: shadowing, the files a runner's configuration names. */
  readonly treeRules: boolean;
}

export function compileProtect(setting: ProtectSetting, tests: readonly string[] = []): ProtectRules {
  const rules: Rule[] = [];
  if (setting.globs.length > 0) rules.push({ what: "a file `protect` names", scope: "always", globs: setting.globs });
  if (!protectionOff(setting)) rules.push(COMPILED_RULE);
  if (setting.defaults) {
    rules.push(...DEFAULT_RULES);
    const testsGlobs = tests.filter((glob) => !glob.startsWith("!"));
    if (testsGlobs.length > 0) rules.push({ what: "a file `tests` names", scope: "existing", globs: testsGlobs });
  }
  return {
    off: protectionOff(setting),
    rules: rules.map(({ globs, ...rule }) => ({ ...rule, matchers: globs.map(globMatcher) })),
    except: setting.except.map(globMatcher),
    treeRules: setting.defaults,
  };
}

/**
 * The base's files: a Map of path → content serves, holding at least the changed paths the base has and
 * the files the candidate's tree starts from (the shadowing rule asks whether a directory is a package).
 */
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

/** What a candidate did to a file the base has as `before` (undefined: absent), or undefined when it changed nothing. */
function changeOf(before: Content | undefined, after: Content | null): ProtectedFile["change"] | undefined {
  if (before === undefined) return after === null ? undefined : "added";
  if (after === null) return "deleted";
  return sameContent(before, after) ? undefined : "changed";
}

/** The rule that protects this change of `path` by its name, or undefined. */
function protecting(rules: ProtectRules, path: string, before: Content | undefined, after: Content | null) {
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
  const sorted = [...changes].sort(([a], [b]) => ascending(a, b));
  const named = rules.treeRules ? loadedByConfig(base) : new Set<string>();
  const unnamed: [string, Content | null][] = [];
  for (const [path, after] of sorted) {
    const before = base.get(path);
    const change = changeOf(before, after);
    if (!change || rules.except.some((m) => m.match(path))) continue;
    const what = protecting(rules, path, before, after)?.what ?? (named.has(path) ? LOADED_BY_CONFIG : undefined);
    if (what) files.push({ path, change, what, restore: before ?? null });
    else if (change === "added") unnamed.push([path, after]);
  }
  if (rules.treeRules && unnamed.length > 0) {
    // The tree the candidate runs in: its changes, less the protected ones (the base's version runs).
    const undone = new Set(files.map((file) => file.path));
    const inTree = (path: string) =>
      changes.has(path) && !undone.has(path) ? changes.get(path) !== null : base.get(path) !== undefined;
    for (const [path] of unnamed) {
      const what = shadowed(path, inTree);
      if (what) files.push({ path, change: "added", what, restore: null });
    }
    files.sort((a, b) => ascending(a.path, b.path));
  }
  return { protected: files.map((file) => file.path), files };
}

/**
 * `protection` with the candidate's `changes` to `paths` added, whatever `protect` says: a SWE-bench-style
 * line's test_patch names the files that judge it, so a candidate that changed one made the test_patch not
 * apply after its patch (SWE-bench's harness would have thrown its version away unseen). What `what` says
 * is why; the base's version is restored, as for any protected file.
 */
export function protectPaths(
  protection: Protection,
  paths: ReadonlySet<string>,
  what: string,
  base: BaseFiles,
  changes: ReadonlyMap<string, Content | null>,
): Protection {
  const seen = new Set(protection.protected);
  const files = [...protection.files];
  for (const [path, after] of changes) {
    if (!paths.has(path) || seen.has(path)) continue;
    const before = base.get(path);
    const change = changeOf(before, after);
    if (change) files.push({ path, change, what, restore: before ?? null });
  }
  files.sort((a, b) => ascending(a.path, b.path));
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
