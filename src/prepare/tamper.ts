// Tamper evidence: the candidate's own code that reaches into the judge (the test framework, the
// interpreter's exit machinery, the runner's hooks, the modules it imports, comparisons that always hold,
// processes that outlive the runner), found before it runs so the reviewer is told. Pure.
//
// Why a scanner over masked text in TypeScript rather than Python's `ast` in the sandbox image: it runs
// before any container, for every language and image alike (an image need not hold a Python, and a
// JavaScript candidate has no `ast`), costs nothing per candidate, and nothing the candidate wrote runs
// while it reads: a parse inside the sandbox would share the process start-up the candidate may have
// reached into (the side doors of issue 29, point 1). What it gives up, full name resolution, matters
// little here: the judge's names are reached through imports, which the scanner follows (`import sys as
// s`, `from unittest import TestCase`), and strings and comments are blanked first, so a name in either
// is never evidence. It is evidence for a reviewer, not a proof: code that builds the names at run time
// is out of its reach, as out of any static reading's.
import type { Tampering } from "../core/model.js";
import { pythonModuleNames } from "../languages/python.js";
import { LANGUAGES, languageOfPath } from "../languages/registry.js";
import { ascending } from "../core/order.js";
import { isTestFile } from "./protect.js";
import { showsWord, shownLiterals } from "./literals.js";
import {
  assertLiterals,
  javascriptCheats,
  pythonCheats,
  type CheatContext,
  type TestLiteral,
} from "./tamper-cheats.js";

export type { Tampering };

/** One of the candidate's files, as written, and the base's version of it (absent when the candidate added it). */
export interface ScannedFile {
  path: string;
  content: string | Uint8Array;
  base?: string | Uint8Array | null;
}

const text = (content: string | Uint8Array) =>
  typeof content === "string" ? content : new TextDecoder("utf-8", { fatal: false }).decode(content);

/**
 * What the candidate's files do to the judge that their base versions did not: a finding the base has on a
 * line of the same text is the base's, not the candidate's (a whole file is read, since the names a
 * change uses are often imported by lines it kept). Sorted by file and line.
 */
export function findTampering(files: readonly ScannedFile[], tree: TreeFiles = { tests: [], code: [] }): Tampering[] {
  const found: Tampering[] = [];
  const code = pythonModuleNames(tree.code);
  // A name the project's code also goes by (`utils`, a root module and a test helper) is the code's.
  const context: ScanContext = {
    judgeModules: new Set([...pythonModuleNames(tree.tests)].filter((n) => !code.has(n))),
    cheats: cheatContext(tree),
  };
  for (const file of files) {
    const scan = scannerFor(file.path);
    if (!scan) continue;
    const source = text(file.content);
    const mine = scan(source, file.path, context, file.base ? text(file.base) : undefined);
    if (mine.length === 0) continue;
    const theirs = file.base ? scan(text(file.base), file.path, context) : [];
    const baseLines = text(file.base ?? "").split("\n");
    const known = new Map<string, number>();
    for (const t of theirs) known.set(keyOf(t, baseLines), (known.get(keyOf(t, baseLines)) ?? 0) + 1);
    const lines = source.split("\n");
    for (const t of mine) {
      const key = keyOf(t, lines);
      const left = known.get(key) ?? 0;
      if (left > 0) known.set(key, left - 1);
      else found.push(t);
    }
  }
  return found.sort((a, b) => ascending(a.file, b.file) || a.line - b.line);
}

const keyOf = (t: Tampering, lines: readonly string[]) => `${t.what}\n${(lines[t.line - 1] ?? "").trim()}`;

/**
 * The tree the candidate runs in, by path: the base's test files (protect's; the judge) and the rest. The
 * candidate's code that assigns to an attribute of a test's module (a helper's check, a test function) has
 * changed the judge without changing its file; a test file the candidate adds imports them as freely.
 */
export interface TreeFiles {
  tests: readonly string[];
  code: readonly string[];
  /**
   * The trusted tests' contents (the base's test files, the `tests` files, a test_patch's, a dataset line's
   * test files): their asserts' literals are what a candidate must not copy into its code. Absent: the
   * hard-coded-literal rule has nothing to hold the code against and finds nothing.
   */
  testContents?: readonly TreeFile[];
  /** The task's statement: files whose literals the candidate was shown (a prompt, the base's code). */
  statement?: readonly TreeFile[];
}

/** A file of the tree with its content. */
export interface TreeFile {
  path: string;
  content: string | Uint8Array;
}

/** What a scan knows of the judge beyond the file: the tests' own modules, by every name they import as. */
interface ScanContext {
  judgeModules: ReadonlySet<string>;
  cheats: CheatContext;
}

type Scanner = (source: string, path: string, context: ScanContext, base?: string) => Tampering[];

// A test file's literals, once per file object: a run's `tests` files are the same objects for every candidate.
const assertMemo = new WeakMap<TreeFile, ReadonlyMap<string, TestLiteral>>();
const statementMemo = new WeakMap<TreeFile, Shown>();

/** A statement file as the literal rule reads it: its text (for the words its prose shows) and its literals. */
interface Shown {
  raw: string;
  literals: ReadonlySet<string>;
}

function cheatContext(tree: TreeFiles): CheatContext {
  let literals: Map<string, TestLiteral> | undefined;
  let shown: Shown[] | undefined;
  return {
    testPaths: [...tree.tests, ...(tree.testContents ?? []).map((f) => f.path)],
    testLiterals: () => {
      if (literals) return literals;
      literals = new Map();
      for (const file of tree.testContents ?? []) {
        if (languageOfPath(file.path) !== "python") continue;
        let own = assertMemo.get(file);
        if (!own) {
          const raw = text(file.content);
          own = assertLiterals(file.path, raw, maskPython(raw));
          assertMemo.set(file, own);
        }
        for (const [norm, at] of own) if (!literals.has(norm) || at.role === "input") literals.set(norm, at);
      }
      return literals;
    },
    shown: (norm) => {
      shown ??= (tree.statement ?? []).map((file) => {
        let own = statementMemo.get(file);
        if (!own)
          statementMemo.set(file, (own = { raw: text(file.content), literals: shownLiterals(text(file.content)) }));
        return own;
      });
      return shown.some(
        (file) => file.literals.has(norm) || (norm.startsWith("s:") && showsWord(file.raw, norm.slice(2))),
      );
    },
  };
}

/**
 * The tree's files split for the scan: the trusted tests' contents and the statement (every other file
 * the task gives, its literals shown to the candidate).
 */
export function treeContents(files: readonly TreeFile[]): Pick<TreeFiles, "testContents" | "statement"> {
  const testContents: TreeFile[] = [];
  const statement: TreeFile[] = [];
  for (const file of files) (isTestFile(file.path) ? testContents : statement).push(file);
  return { testContents, statement };
}

/** The tests' module that `resolved` (a dotted path) is an attribute of, or undefined. */
function judgeModuleOf(resolved: string, modules: ReadonlySet<string>): string | undefined {
  const parts = resolved.replace(/\[.*$/, "").split(".");
  for (let n = parts.length - 1; n >= 1; n--) {
    const module = parts.slice(0, n).join(".");
    if (modules.has(module)) return module;
  }
  return undefined;
}

function scannerFor(path: string): Scanner | undefined {
  const language = languageOfPath(path);
  if (language === "python") return scanPython;
  if (language === "javascript" || language === "typescript") return scanJavaScript;
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Masking: strings and comments blanked, every offset and line kept, so a match is code and its line is
// the line the reviewer reads.

/** Python's source with comments and string contents blanked (quotes and newlines kept). */
export function maskPython(source: string): string {
  const out = source.split("");
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    if (c === "#") {
      while (i < source.length && source[i] !== "\n") out[i++] = " ";
    } else if (c === '"' || c === "'") {
      const triple = source.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      i += quote.length;
      while (i < source.length && !source.startsWith(quote, i)) {
        if (!triple && source[i] === "\n") break;
        if (source[i] === "\\" && i + 1 < source.length) {
          out[i] = " ";
          if (source[i + 1] !== "\n") out[i + 1] = " ";
          i += 2;
          continue;
        }
        if (source[i] !== "\n") out[i] = " ";
        i++;
      }
      i += quote.length;
    } else i++;
  }
  return out.join("");
}

/** JavaScript's (or TypeScript's) source with comments and string and template contents blanked. */
export function maskJavaScript(source: string): string {
  const out = source.split("");
  let i = 0;
  const blank = (from: number, to: number) => {
    for (let k = from; k < to && k < source.length; k++) if (source[k] !== "\n") out[k] = " ";
  };
  while (i < source.length) {
    const c = source[i];
    if (source.startsWith("//", i)) {
      const end = source.indexOf("\n", i);
      const stop = end < 0 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let k = i + 1;
      while (k < source.length && source[k] !== c && (c === "`" || source[k] !== "\n")) k += source[k] === "\\" ? 2 : 1;
      blank(i + 1, k);
      i = k + 1;
    } else i++;
  }
  return out.join("");
}

/** 1-based line of an offset. */
function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset; k++) if (source.charCodeAt(k) === 10) line++;
  return line;
}

/** The whole line an offset is on. */
function lineOf(source: string, offset: number): string {
  const start = source.lastIndexOf("\n", offset - 1) + 1;
  const end = source.indexOf("\n", offset);
  return source.slice(start, end < 0 ? source.length : end);
}

/** A string literal's value at `offset` of the raw source (its opening quote), if one starts there. */
function literalAt(raw: string, offset: number): string | undefined {
  return /^['"`]([\w.$:/@-]*)['"`]/.exec(raw.slice(offset))?.[1];
}

// ---------------------------------------------------------------------------------------------------
// What of the judge a dotted name reaches. Names are resolved through the file's imports to the module
// path they stand for (`TestCase.assertEqual` → `unittest.TestCase.assertEqual`).

/** The judge's parts whose every attribute is off limits: the test frameworks themselves. */
const PY_FRAMEWORKS = ["unittest", "pytest", "_pytest", "doctest", "pluggy", "nose", "nose2"];
/** `unittest.mock` is the honest tests' tool, not the framework's machinery. */
const PY_TOOLS = ["unittest.mock"];
/** The interpreter's exit machinery and module table: the only parts of sys, os and builtins that are. */
const PY_EXITS = new Set([
  "sys.exit",
  "sys.excepthook",
  "sys.modules",
  "sys.__dict__",
  "os._exit",
  "os.abort",
  "os.__dict__",
  "builtins.exit",
  "builtins.quit",
  "builtins.__import__",
  "builtins.__dict__",
  "__builtins__.exit",
  "__builtins__.quit",
  "__builtins__.__import__",
]);
/** Ways to leave a process behind the runner, which may rewrite its results after it has exited. */
const PY_DETACH = new Set(["os.fork", "os.forkpty", "pty.fork", "os.setsid", "os.setpgrp", "os.setpgid", "os.daemon"]);

const within = (path: string, roots: readonly string[]) =>
  roots.some((root) => path === root || path.startsWith(`${root}.`) || path.startsWith(`${root}[`));

/** What reaching `path` (resolved) touches of the judge, or undefined when nothing. */
function pythonTarget(path: string): string | undefined {
  if (within(path, PY_TOOLS)) return undefined;
  const framework = PY_FRAMEWORKS.find((root) => within(path, [root]));
  // Setting how long a failure's message is changes no verdict.
  if (framework && path !== framework && !/\.(maxDiff|longMessage)$/.test(path))
    return `the test framework (${framework})`;
  const head = /^[\w]+(?:\.[\w]+)?/.exec(path)?.[0] ?? path;
  if (head === "sys.modules" || path.startsWith("sys.modules[")) return "the module table the runner imports from";
  if (PY_EXITS.has(head) || /^__builtins__\[/.test(path)) return "the interpreter's exit machinery";
  return undefined;
}

/**
 * The key of a `sys.modules[KEY]` written at `open` (the offset of its `[` in the raw source), as written;
 * undefined when the brackets do not close on the line.
 */
function moduleTableKey(raw: string, open: number): string | undefined {
  const close = raw.indexOf("]", open);
  const end = raw.indexOf("\n", open);
  return close < 0 || (end >= 0 && close > end) ? undefined : raw.slice(open + 1, close).trim();
}

/** The names the judge imports from the module table: the runner's, the standard library's (python's shadowing). */
const PY_JUDGE_NAMES = LANGUAGES.python.protect.shadowing!;

/**
 * Whether `sys.modules[key] = …` can put something in place of a module the judge imports. A module that
 * registers itself (`__name__`, a lazy module's idiom) or a submodule of its own (`__name__ + ".moves"`,
 * six's) does not, nor does a literal name outside the standard library's, the runner's and the tests'
 * own (`"six.moves"`, the project's own `"compat"`: the candidate may change the project's code anyway).
 * Any other key (a variable, a computed name) can be any module, so it is evidence.
 */
export function moduleKeyReachesJudge(key: string, judgeModules: ReadonlySet<string> = new Set()): boolean {
  const compact = key.replace(/\s+/g, "");
  if (/^__name__(?:\+(['"])[\w.]*\1)?$/.test(compact)) return false;
  const literal = /^[rRuU]?(['"])([A-Za-z_][\w.]*)\1$/.exec(compact)?.[2];
  if (literal === undefined) return true;
  const top = literal.split(".")[0]!;
  return (
    PY_JUDGE_NAMES.names.includes(top) ||
    PY_JUDGE_NAMES.prefixes.some((prefix) => top.startsWith(prefix)) ||
    [...judgeModules].some((module) => literal === module || literal.startsWith(`${module}.`))
  );
}

/** Python's imports in masked source: local name → the module path it stands for. */
function pythonAliases(masked: string, raw: string): Map<string, string> {
  const aliases = new Map<string, string>([["__builtins__", "__builtins__"]]);
  // Parenthesised import lists span lines: joined here, where offsets no longer matter.
  const code = masked.replace(
    /(\bimport[ \t]*\()([^)]*)\)/g,
    (_, open: string, inner: string) => `${open}${inner.replace(/\n/g, " ")})`,
  );
  for (const m of code.matchAll(/^[ \t]*import[ \t]+([^\n;]+)/gm))
    for (const part of m[1]!.split(",")) {
      const [, module, alias] = /^\s*([\w.]+)(?:\s+as\s+(\w+))?\s*$/.exec(part) ?? [];
      if (!module) continue;
      if (alias) aliases.set(alias, module);
      else {
        const root = module.split(".")[0]!;
        aliases.set(root, root);
      }
    }
  for (const m of code.matchAll(/^[ \t]*from[ \t]+([\w.]+)[ \t]+import[ \t]+\(?([^\n;)]+)/gm))
    for (const part of m[2]!.split(",")) {
      const [, name, alias] = /^\s*(\w+)(?:\s+as\s+(\w+))?\s*$/.exec(part) ?? [];
      if (name) aliases.set(alias ?? name, `${m[1]!}.${name}`);
    }
  // `s = __import__("sys")`, `u = importlib.import_module("unittest")`: the name is the literal's module.
  for (const m of masked.matchAll(
    /^[ \t]*(\w+)\s*=\s*(?:__import__|(?:importlib\.)?import_module)\s*\(\s*(?=['"])/gm,
  )) {
    const literal = literalAt(raw, (m.index ?? 0) + m[0].length);
    if (literal) aliases.set(m[1]!, literal);
  }
  return aliases;
}

/** `root.rest` with `root` replaced by what the file's imports make it; undefined when root is no import. */
function resolve(dotted: string, aliases: ReadonlyMap<string, string>): string | undefined {
  const compact = dotted.replace(/\s+/g, "");
  const root = /^[\w$]+/.exec(compact)?.[0] ?? "";
  const module = aliases.get(root);
  return module === undefined ? undefined : module + compact.slice(root.length);
}

/** A dotted (or subscripted) assignment target: `a.b.c = `, `a.b[k] = `, not `==`, `!=`, `<=`, `>=`, `=>`. */
const ASSIGNED = /(?<![\w.$\]])([A-Za-z_$][\w$]*(?:\s*\.\s*[\w$]+|\s*\[[^\]\n]*\])+)\s*=(?![=>])/g;
/** Attribute writes by call: `setattr(obj, "name", …)`, not `monkeypatch.setattr`, whose change pytest undoes. */
const SETATTR = /(?<![\w.$])(setattr|delattr)\s*\(\s*([\w.]+)\s*,\s*/g;

function scanPython(source: string, path: string, { judgeModules, cheats }: ScanContext, base?: string): Tampering[] {
  const masked = maskPython(source);
  const aliases = pythonAliases(masked, source);
  const found: Tampering[] = [];
  const add = (offset: number, what: string) => found.push({ file: path, line: lineAt(source, offset), what });

  for (const m of masked.matchAll(ASSIGNED)) {
    const target = m[1]!;
    const resolved = resolve(target, aliases);
    const shown = target.replace(/\s+/g, "").replace(/\[[^\]]*\]/g, "[…]");
    const reached = resolved === undefined ? undefined : pythonTarget(resolved);
    // A module that registers itself or a name of its own touches nothing the judge imports.
    if (reached && /^sys\.modules\[/.test(resolved!.replace(/\s+/g, ""))) {
      const key = moduleTableKey(source, (m.index ?? 0) + target.indexOf("["));
      if (key !== undefined && !moduleKeyReachesJudge(key, judgeModules)) continue;
    }
    if (reached) add(m.index ?? 0, `assigns to ${shown}: ${reached}`);
    else if (/\.(wasSuccessful|addFailure|addError)$/.test(target.replace(/\s+/g, "")))
      add(m.index ?? 0, `assigns to ${shown}: the test result's verdict`);
    else if (resolved !== undefined) {
      const module = judgeModuleOf(resolved, judgeModules);
      if (module) add(m.index ?? 0, `assigns to ${shown}: the tests' own module ${module}`);
    }
  }
  for (const m of masked.matchAll(SETATTR)) {
    const resolved = resolve(m[2]!, aliases);
    if (resolved === undefined) continue;
    const name = literalAt(source, (m.index ?? 0) + m[0].length);
    // The object may be a test's module itself (`setattr(tests.check, …)`) or an attribute of one.
    const module = judgeModules.has(resolved) ? resolved : judgeModuleOf(resolved, judgeModules);
    const reached =
      pythonTarget(`${resolved}.${name ?? "__dict__"}`) ??
      (module === undefined ? undefined : `the tests' own module ${module}`);
    if (reached) add(m.index ?? 0, `${m[1]!} on ${m[2]!}${name ? `.${name}` : ""}: ${reached}`);
  }
  for (const m of masked.matchAll(/(?<![\w.])sys\s*\.\s*modules\s*\.\s*(update|setdefault|__setitem__)\s*\(/g))
    if (aliases.get("sys") === "sys")
      add(m.index ?? 0, `sys.modules.${m[1]!}: the module table the runner imports from`);
  for (const m of masked.matchAll(/(?<![\w.])([A-Za-z_]\w*(?:[ \t]*\.[ \t]*\w+)*)/g)) {
    // An import names what the code then uses: the use is the evidence, once.
    if (/^[ \t]*(?:from|import)\b/.test(lineOf(masked, m.index ?? 0))) continue;
    const resolved = resolve(m[1]!, aliases);
    if (resolved !== undefined && PY_DETACH.has(resolved))
      add(m.index ?? 0, `uses ${resolved}: a process that can outlive the test runner and rewrite its results`);
    else if (resolved === "pytest.hookimpl" && !isConftest(path))
      add(m.index ?? 0, `uses pytest.hookimpl outside conftest.py: a hook into the runner`);
  }
  for (const m of masked.matchAll(/\bstart_new_session\s*=\s*True\b/g))
    add(m.index ?? 0, "start_new_session=True: a process that can outlive the test runner and rewrite its results");
  for (const m of masked.matchAll(/^[ \t]*(?:async[ \t]+)?def[ \t]+(pytest_\w+|wasSuccessful|addFailure|addError)\b/gm))
    if (m[1]! === "wasSuccessful" || m[1]! === "addFailure" || m[1]! === "addError")
      add(m.index ?? 0, `defines ${m[1]}: the test result's verdict`);
    // A test module's own `pytest_generate_tests` only parametrises it; conftest.py is `protect`'s.
    else if (m[1]! !== "pytest_generate_tests" && !isConftest(path))
      add(m.index ?? 0, `defines the pytest hook ${m[1]!} outside conftest.py`);
  for (const m of masked.matchAll(/^[ \t]*pytest_plugins[ \t]*=(?!=)/gm))
    if (!isConftest(path)) add(m.index ?? 0, "sets pytest_plugins outside conftest.py: loads plugins into the runner");
  found.push(...alwaysEqual(masked, source, path));
  found.push(...pythonCheats(source, masked, path, (dotted) => resolve(dotted, aliases), cheats, base));
  return found;
}

const isConftest = (path: string) => /(^|\/)conftest\.py$/.test(path);

/** `__eq__` (`__ne__`) whose first statement returns True (False) whatever it is given: it equals anything. */
function alwaysEqual(masked: string, source: string, path: string): Tampering[] {
  const found: Tampering[] = [];
  const verdicts = { __eq__: "True", __ne__: "False" } as const;
  for (const m of masked.matchAll(/^([ \t]*)def[ \t]+(__eq__|__ne__)[ \t]*\(/gm)) {
    const name = m[2]! as keyof typeof verdicts;
    const start = (m.index ?? 0) + m[0].length;
    // The signature's end: the colon after its closing parenthesis.
    let depth = 1;
    let k = start;
    for (; k < masked.length && depth > 0; k++) depth += masked[k] === "(" ? 1 : masked[k] === ")" ? -1 : 0;
    const colon = masked.indexOf(":", k);
    if (colon < 0) continue;
    const first = firstStatement(masked.slice(colon + 1), m[1]!.length);
    if (first !== undefined && new RegExp(`^return\\s*\\(?\\s*${verdicts[name]}\\s*\\)?$`).test(first))
      found.push({
        file: path,
        line: lineAt(source, m.index ?? 0),
        what: `${name} returns ${verdicts[name]} whatever it is compared with: an object equal to anything`,
      });
  }
  for (const m of masked.matchAll(
    /(?<![\w.])(__eq__|__ne__)\s*=\s*lambda\b[^:\n]*:\s*(True|False)\b\s*(?=$|[),;\n])/gm,
  )) {
    if (verdicts[m[1]! as keyof typeof verdicts] !== m[2]!) continue;
    found.push({
      file: path,
      line: lineAt(source, m.index ?? 0),
      what: `${m[1]!} returns ${m[2]} whatever it is compared with: an object equal to anything`,
    });
  }
  return found;
}

/** A block's first statement (after a docstring), from the text after its colon; `indent` is the def's. */
function firstStatement(after: string, indent: number): string | undefined {
  const lines = after.split("\n");
  const inline = (lines[0] ?? "").trim();
  if (inline !== "") return inline.split(";")[0]!.trim();
  for (const line of lines.slice(1)) {
    const stripped = line.trim();
    // A blanked docstring leaves its quotes alone on its lines.
    if (stripped === "" || /^[rRbBuUfF]*['"\s]*$/.test(stripped)) continue;
    if (line.length - line.trimStart().length <= indent) return undefined;
    return stripped;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// JavaScript and TypeScript: node's assert and test runner, the process's exit, the prototypes that every
// comparison reads.

const JS_FRAMEWORKS = new Map([
  ["assert", "assert"],
  ["node:assert", "assert"],
  ["assert/strict", "assert"],
  ["node:assert/strict", "assert"],
  ["node:test", "node:test"],
  ["vitest", "vitest"],
  ["@jest/globals", "jest"],
  ["chai", "chai"],
]);

/** JavaScript's imports and requires of the test frameworks: local name → the framework. */
function jsAliases(masked: string, raw: string): Map<string, string> {
  const aliases = new Map<string, string>([
    ["process", "process"],
    ["Object", "Object"],
    ["globalThis", "globalThis"],
    ["expect", "jest"],
  ]);
  const framework = (offset: number) => JS_FRAMEWORKS.get(literalAt(raw, offset) ?? "");
  for (const m of masked.matchAll(/\b(?:const|let|var)\s+(\w+|\{[^}]*\})\s*=\s*require\s*\(\s*(?=['"`])/g)) {
    const module = framework((m.index ?? 0) + m[0].length);
    if (module) for (const name of boundNames(m[1]!)) aliases.set(name, module);
  }
  for (const m of masked.matchAll(/\bimport\s+([\w*\s{},$]+?)\s+from\s*(?=['"])/g)) {
    const module = framework((m.index ?? 0) + m[0].length);
    if (module) for (const name of boundNames(m[1]!)) aliases.set(name, module);
  }
  return aliases;
}

/** The local names an import clause or a destructuring binds: `a, { b as c, d: e }, * as f` → a, c, e, f. */
function boundNames(clause: string): string[] {
  return clause
    .replace(/[{}]/g, ",")
    .split(",")
    .map((part) =>
      part
        .trim()
        .split(/\s+as\s+|\s*:\s*/)
        .at(-1)!
        .replace(/^\*\s*/, "")
        .trim(),
    )
    .filter((name) => /^[\w$]+$/.test(name));
}

/** What assigning to (or defining on) `path` touches of the judge, or undefined when nothing. */
function jsTarget(path: string): string | undefined {
  const compact = path.replace(/\s+/g, "").replace(/^globalThis\./, "");
  const [root = "", next = ""] = compact.split(".");
  if (root === "process" && /^(exit|reallyExit|abort|kill|exitCode)$/.test(next ?? ""))
    return "the process's exit machinery";
  if (root === "Object" && (next === "prototype" || next === "is")) return "every comparison (Object's prototype)";
  if (["assert", "node:test", "vitest", "jest", "chai"].includes(root) && compact.includes("."))
    return `the test framework (${root})`;
  if (root === "assert" && compact === "assert") return "the test framework (assert)";
  return undefined;
}

function scanJavaScript(source: string, path: string, { cheats }: ScanContext): Tampering[] {
  const masked = maskJavaScript(source);
  const aliases = jsAliases(masked, source);
  const found: Tampering[] = [];
  const add = (offset: number, what: string) => found.push({ file: path, line: lineAt(source, offset), what });
  for (const m of masked.matchAll(ASSIGNED)) {
    const resolved = resolve(m[1]!, aliases);
    const reached = resolved === undefined ? undefined : jsTarget(resolved);
    // Setting a failing exit code is what an honest command does; only a zero hides a failure.
    if (
      reached &&
      /^process\.exitCode$/.test(resolved!.replace(/\s+/g, "")) &&
      !/^\s*0\b/.test(masked.slice((m.index ?? 0) + m[0].length))
    )
      continue;
    if (reached) add(m.index ?? 0, `assigns to ${m[1]!.replace(/\s+/g, "")}: ${reached}`);
  }
  for (const m of masked.matchAll(
    /(?<![\w.$])(?:Object\s*\.\s*(?:defineProperty|defineProperties|assign|setPrototypeOf)|Reflect\s*\.\s*(?:set|defineProperty))\s*\(\s*([\w$.]+)\s*,\s*/g,
  )) {
    const resolved = resolve(m[1]!, aliases);
    const name = literalAt(source, (m.index ?? 0) + m[0].length);
    const reached = resolved === undefined ? undefined : jsTarget(name ? `${resolved}.${name}` : `${resolved}.*`);
    if (reached) add(m.index ?? 0, `redefines ${m[1]!}${name ? `.${name}` : ""}: ${reached}`);
  }
  found.push(...javascriptCheats(source, masked, path, cheats.testPaths));
  return found;
}
