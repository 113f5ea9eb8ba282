// What the gate knows of one language, in one place: how its code is saved, parsed without running and
// run (the preset), how its fences are tagged and its bare code looks, how its checker's complaint reads,
// and which of a repository's files its test runners load (the `protect` default's share). One file per
// language implements this; registry.ts lists them. The machinery that uses the data (extraction, the
// parse check, protection) lives in prepare/.
import type { SyntaxInfo } from "../core/model.js";
import { canonicalJson, isRecord } from "../core/records.js";

/** A checker's complaint, located as far as its output says; undefined when no shape of it matches. */
export type CheckReading = Partial<SyntaxInfo> | undefined;

/** A manifest of which only the test runner's part counts (pyproject.toml's pytest tables, …). */
export interface ManifestSection {
  glob: string;
  /** What the rule protects, for the result and the comment. */
  what: string;
  /** The part of the file the runner reads ("" when the file has none): a change elsewhere is no change. */
  relevant: (text: string) => string;
}

/** The language's share of the `protect` default (prepare/protect.ts), by what each file is to the tests. */
export interface ProtectGlobs {
  /** Test files by the usual names of the language's runners: a change or deletion of the base's. */
  tests: readonly string[];
  /** Loaded before any test by the runner, from wherever they lie: a new one rewrites the verdict. */
  preloaded: readonly string[];
  /** Run by every process of the language at start-up. */
  importHooks: readonly string[];
  /** The test command's own program: a module of that name on the path, or an installed copy, wins over it. */
  runner: readonly string[];
  /**
   * Compiled code that the language's loader runs in place of its source (Python's bytecode caches): a
   * forged one beside a protected source runs instead of it. Protected whenever any protection is on,
   * the user's own globs included, since it would undo theirs too.
   */
  compiled: readonly string[];
  /** The test runners' configuration. */
  config: readonly string[];
  sections: readonly ManifestSection[];
  /** Top-level modules a new file of the tree would stand in for where the loader finds it first. */
  shadowing?: Shadowing;
  /** The runners' configuration files that name, in their text, more files to load before the tests. */
  loadedByConfig?: readonly ConfigLoads[];
}

/**
 * A test runner's configuration, at a path where the runner looks for it, that names files it loads before
 * any test (PHPUnit's `bootstrap`, pytest's `-p` plugins): the base's version names them (the configuration
 * itself is protected, so the base's runs), and the files it names are protected as conftest is.
 */
export interface ConfigLoads {
  /** The configuration's path from the base tree's root. */
  config: string;
  /** The paths its text names, from the configuration's directory (`./x`, `a/../b` allowed; never absolute). */
  named: (text: string) => string[];
}

/**
 * A language whose loader searches directories in order for a module by name (Python's sys.path): a file
 * the candidate adds that takes a name the runner or a test imports from elsewhere (the standard library,
 * the test runner's own modules) is imported in its place when its directory comes first. prepare/protect.ts
 * decides which directories do; the language says what names and files are.
 */
export interface Shadowing {
  /** The names taken: `decimal`, `pytest`, … */
  names: readonly string[];
  /** Name prefixes taken as a whole (`pytest_`: pytest's plugins are imported by module name). */
  prefixes: readonly string[];
  /** The top-level module a file defines in its directory, by the loader's file forms; undefined for none. */
  moduleOf: (path: string) => { dir: string; name: string } | undefined;
  /** The file that makes a directory a package, whose modules are its own (`pkg.decimal`), never top-level. */
  packageMarker: string;
}

export interface LanguageSpec<Name extends string = string> {
  name: Name;
  /** Fence info-string tags that mean this language (lower case). */
  fenceTags: readonly string[];
  /** File extensions (with the dot) that mean this language. */
  extensions: readonly string[];
  /** The preset: the file the code is saved as, the command that runs it, the image it runs in. */
  target: string;
  command: string;
  image: string;
  /** argv run inside the sandbox to parse `file` without executing it; exits non-zero on a syntax error. */
  check: (file: string) => string[];
  /**
   * One argv that checks `file` as `check` does and, when it parses, writes the run marker (RUN_PREFIX and
   * the nonce of VERDICT_ENV) and runs `command` itself, as the command would run: for the commands that only
   * run that file; undefined for any other.
   */
  checkAndRun?: (file: string, command: string) => string[] | undefined;
  /**
   * argv of a checker kept warm for a run (sandbox/warm-check.ts): it reads sources on stdin, each a line with
   * its length in bytes and then the bytes, and answers each with a line, `1` where `check` would find the
   * source parses and `0` otherwise, running nothing of it. It must agree with `check` on every `1`: an
   * engine that keeps one runs the job without `check` on a `1`, and with it on anything else.
   */
  checkServer?: readonly string[];
  /**
   * Where and why the check failed, from its output (CRs gone, trimmed) and what it wrote on the
   * nonce-marked verdict channel (core/verdict-channel.ts), if anything.
   */
  readCheck: (output: string, verdict: string | undefined) => CheckReading;
  /**
   * Lines only code of the language starts like: a reply without a fence is code if one line matches.
   * Prose is a reply where no line matches: keywords must be lower case and sentence-like openers ("if
   * you want…") must end as code does (":" for python, "{"/";" for C-likes).
   */
  codeLines: readonly RegExp[];
  protect: ProtectGlobs;
}

/** Lines most languages share: a lone call (`main()`, `print(x)`) or an assignment (`x = 1`, `a, b = b, a`). */
export const COMMON_CODE_LINES: readonly RegExp[] = [
  /^\s*[A-Za-z_$][\w$.]*\(.*\)\s*;?\s*(#.*|\/\/.*)?$/,
  /^\s*[A-Za-z_$][\w$.[\]'"]*(\s*,\s*[A-Za-z_$][\w$.]*)*\s*[-+*/%|&^]?=(?!=)/,
];

/** A positive whole number, or undefined: a line or column as a checker printed it. */
export function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

/**
 * A JSON manifest's text (package.json, composer.json) as its top-level object; undefined when it does not
 * parse as one (its tools read nothing of it then: against a base that had some, that differs).
 */
export function manifestObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ""));
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The parts of a manifest a section rule compares, as canonical JSON; "" when there are none. */
export function pickedJson(picked: Record<string, unknown>): string {
  return Object.keys(picked).length > 0 ? canonicalJson(picked) : "";
}
