// A candidate → what goes into its sandbox: the reply's code (or the patch, applied in memory to the
// base tree) as files, the parse checks, its language and its limits; or why nothing can run. No sandbox
// here: the run places and runs what this prepares (run/pipeline.ts).
import { type Candidate, type Limits, type SandboxFile, type Status, filesBytes } from "../core/model.js";
import { LANGUAGES, isLanguage, languageOfPath, type Language } from "../languages/registry.js";
import type { Settings } from "../settings/settings.js";
import { baseOfTree, loadBaseTree, type TouchedFiles } from "./base-tree.js";
import { extractCode, findPatchBlocks } from "./extract.js";
import { applyPatch, parsePatch, touchedPaths, type ParsedPatch } from "./patch.js";
import type { CheckGroup } from "./syntax.js";
import {
  compileProtect,
  findProtected,
  isTestFile,
  protectPaths,
  type Content,
  type Protection,
  type ProtectRules,
} from "./protect.js";
import { findTampering, type ScannedFile, type Tampering, type TreeFiles } from "./tamper.js";
import type { BaseTree } from "./tree.js";
import { compileSetupInputs, setupChangeOf, type SetupChange, type SetupInputs } from "./setup-inputs.js";

/** What a patch changed and how hard it had to be pushed to apply. */
export interface PatchInfo {
  changedFiles: string[];
  strategy: string;
}

/** Which tree a run image holds for a candidate to start from: the whole checkout, or the `tests` files. */
export type TreeKind = "tree" | "tests";

/** What goes into one sandbox, once the code is known. */
export interface Prepared {
  language: Language;
  files: SandboxFile[];
  checks: CheckGroup[];
  /** The limits this candidate runs under (its own timeout; a patch's process limit). */
  limits: Limits;
  patch?: PatchInfo;
  /** The reply with another of its blocks, each to run in turn while the ones before did not parse. */
  fallbacks?: Prepared[];
  /** The tree the sandbox starts from, held by a run image; `files` are then only what the candidate adds. */
  start?: TreeKind;
  /** Paths of that tree the candidate deletes. */
  deleted?: string[];
  /** A patch's files as they were before it, in place of `files`: what `compare: base` runs. */
  unpatched?: SandboxFile[];
  /** The files `protect` covers that the candidate touched, sorted: `files` holds the base's versions of them. */
  protected?: string[];
  /** The commit whose tree `start` is (a line's `base_commit`), when it is not the checkout's. */
  commit?: string;
  /**
   * With `commit`: the whole tree the candidate meets (the commit's, with its changes, less what it deletes),
   * which travels in `files` instead when no run image is made for the commit (pipeline.ts, treeDelivery).
   */
  whole?: SandboxFile[];
  /** The candidate's own code that reaches into the judge (prepare/tamper.ts), found before it runs. */
  tampering?: Tampering[];
  /** Its change touches what `setup` reads: the run image it starts from is made by a set-up of its own. */
  setup?: SetupChange;
}

/** A candidate that cannot run, and why. */
export interface Unprepared {
  status: Status;
  language: Language | null;
  reason: string;
  limits: Limits;
  patch?: PatchInfo;
}

/** What preparing needs of the run. */
export interface PrepareContext {
  settings: Settings;
  /** The `tests` files, shared by every candidate. */
  testFiles: SandboxFile[];
  /**
   * The checkout's whole base tree, read once by the run, when run images hold the trees candidates
   * start from. Without it a patch starts from the `tests` files alone, as with `tests` set, and every
   * file travels with each candidate (unit tests, the bench).
   */
  tree?: (commit?: string) => Promise<BaseTree>;
  /** The full sha of the candidate's `base_commit`, when its line names one: its tree is the base. */
  commit?: string;
}

/** Shorter blocks tried after the longest fails its parse check: each costs a container of its own. */
const MAX_FALLBACKS = 2;

const UNKNOWN_LANGUAGE =
  "the language could not be told from the fence, the target or the tests; set the 'language' input";

/** The image a candidate runs in: its line's own `image`, else the `image` input, else its language's preset. */
export function imageFor(settings: Settings, language: Language, candidate: Pick<Candidate, "overrides">): string {
  return candidate.overrides?.image || settings.run.image || LANGUAGES[language].image;
}

/** The limits a candidate runs under: its own timeout if it brings one; a patch runs its repository's suite, which starts more processes. */
export function candidateLimits(settings: Settings, candidate: Candidate, patched: boolean): Limits {
  return {
    ...settings.limits,
    timeoutMs: candidate.overrides?.timeoutMs ?? settings.limits.timeoutMs,
    pidsLimit: patched ? settings.run.patchPidsLimit : settings.limits.pidsLimit,
  };
}

/** A reply's code or a patch's tree, ready for a sandbox; or why it cannot run. */
export function prepareCandidate(candidate: Candidate, ctx: PrepareContext): Promise<Prepared | Unprepared> {
  return candidate.kind === "patch"
    ? preparePatch(candidate.bytes ?? candidate.text, candidate, ctx)
    : prepareReply(candidate, ctx);
}

function unprepared(candidate: Candidate, settings: Settings, why: Omit<Unprepared, "limits">): Unprepared {
  return { ...why, limits: candidateLimits(settings, candidate, why.patch !== undefined) };
}

/** The language when a setting or a file name says it; otherwise the candidate itself decides. */
function declaredLanguage(candidate: Candidate, settings: Settings): Language | undefined {
  const target = candidate.overrides?.target || settings.run.target;
  // A dataset line's language was checked against the registry when the line was read.
  const own = candidate.overrides?.language;
  return (
    (own !== undefined && isLanguage(own) ? own : undefined) ??
    (settings.run.language === "auto" ? undefined : settings.run.language) ??
    (target ? languageOfPath(target) : undefined)
  );
}

/**
 * A reply holds something to judge: code for its language, as `prepareReply` extracts it, or a patch.
 * Without, it is `no_code`. (A reply whose code's language cannot be told is `no_code` too, but for the
 * want of a language, not of code: it holds code.)
 */
export function holdsCode(candidate: Candidate, settings: Settings): boolean {
  const extraction = extractCode(candidate.text, declaredLanguage(candidate, settings) ?? "auto");
  return extraction.kind === "code" || findPatchBlocks(candidate.text).length > 0;
}

function languageOfFiles(paths: string[]): Language | undefined {
  for (const path of paths) {
    const language = languageOfPath(path);
    if (language) return language;
  }
  return undefined;
}

function extraFiles(candidate: Candidate): SandboxFile[] {
  return Object.entries(candidate.files ?? {}).map(([path, content]) => ({ path, content }));
}

// One compiled `protect` per run's settings: its globs are compiled once, not per candidate.
const compiled = new WeakMap<Settings, Record<Candidate["kind"], ProtectRules>>();

/**
 * The rules for a kind of candidate. For a reply, `tests` names the test files copied in beside its code:
 * they are protected. For a patch, `tests` narrows the base tree, and may name the code too (`src/**,tests/**`):
 * protecting it by name would protect every patch, so only the default's test layouts protect its tests.
 */
function protectRules(settings: Settings, kind: Candidate["kind"]): ProtectRules {
  let rules = compiled.get(settings);
  if (!rules) {
    rules = {
      reply: compileProtect(settings.run.protect, settings.source.tests),
      patch: compileProtect(settings.run.protect),
    };
    compiled.set(settings, rules);
  }
  return rules[kind];
}

/** What `protect` makes of the candidate's changes (path → content, null deleted) against the base's files. */
function protectionOf(
  settings: Settings,
  kind: Candidate["kind"],
  base: (path: string) => Content | undefined,
  changes: ReadonlyMap<string, Content | null>,
): Protection {
  return findProtected(protectRules(settings, kind), { get: base }, changes);
}

// One compiled `setup-inputs` per run's settings, as `protect`'s.
const compiledInputs = new WeakMap<Settings, SetupInputs>();

/**
 * The candidate's own set-up, when a run image with a `setup` holds its start and its changes (path → file,
 * null deleted; protected ones already undone, so a set-up never sees them) touch the set-up's inputs.
 */
function setupOf(
  settings: Settings,
  start: TreeKind | undefined,
  base: (path: string) => Content | undefined,
  changes: ReadonlyMap<string, SandboxFile | null>,
): { setup?: SetupChange } {
  const { setup } = settings.run;
  if (!setup || !start || setup.inputs.length === 0) return {};
  let inputs = compiledInputs.get(settings);
  if (!inputs) compiledInputs.set(settings, (inputs = compileSetupInputs(setup.inputs)));
  const change = setupChangeOf(inputs, base, changes);
  return change ? { setup: change } : {};
}

const byPath = (files: readonly SandboxFile[]) => new Map(files.map((f) => [f.path, f]));

async function prepareReply(candidate: Candidate, ctx: PrepareContext): Promise<Prepared | Unprepared> {
  const { settings } = ctx;
  const declared = declaredLanguage(candidate, settings);
  const extraction = extractCode(candidate.text, declared ?? "auto");
  if (extraction.kind === "none") {
    // A reply that holds only a diff is a patch.
    const patches = findPatchBlocks(candidate.text);
    if (patches.length > 0) return preparePatch(patches.join("\n"), candidate, ctx);
    return unprepared(candidate, settings, {
      status: "no_code",
      language: declared ?? null,
      reason: extraction.reason,
    });
  }
  const extra = extraFiles(candidate);
  const language = declared ?? extraction.language ?? languageOfFiles([...extra, ...ctx.testFiles].map((f) => f.path));
  if (!language)
    return unprepared(candidate, settings, { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE });
  const target = candidate.overrides?.target || settings.run.target || LANGUAGES[language].target;
  // After a setup, the tests are in the run image with what it made of them.
  const start = ctx.tree && settings.run.setup ? "tests" : undefined;
  const limits = candidateLimits(settings, candidate, false);
  const tests = byPath(ctx.testFiles);
  const withCode = (code: string): Prepared => {
    const own = byPath([...extra, { path: target, content: code }]);
    const protection = protectionOf(settings, "reply", (path) => tests.get(path)?.content, contentsOf(own));
    // A protected file is left out: the `tests` file of that name (the base's) is what runs, or none.
    const kept = new Set(protection.protected);
    const files = [...own.values()].filter((f) => !kept.has(f.path));
    return {
      language,
      // The candidate's own files come last so its target wins over a test file of the same name.
      files: [...(start ? [] : ctx.testFiles), ...files],
      checks: files.some((f) => f.path === target) ? [{ language, files: [target] }] : [],
      limits,
      // Only the reply's own code: the dataset's files and the `tests` are the task's, not the candidate's.
      ...withTampering(kept.has(target) ? [] : [{ path: target, content: code }], {
        tests: ctx.testFiles.map((f) => f.path),
        code: [],
        ...replyContents(ctx.testFiles, extra),
      }),
      ...(start && { start, deleted: [] }),
      ...(protection.protected.length > 0 && { protected: protection.protected }),
      ...setupOf(settings, start, (path) => tests.get(path)?.content, byPath(files)),
    };
  };
  return {
    ...withCode(extraction.code),
    fallbacks: extraction.fallbacks.slice(0, MAX_FALLBACKS).map((block) => withCode(block.code)),
  };
}

function contentsOf(files: ReadonlyMap<string, SandboxFile>): Map<string, Content> {
  return new Map([...files].map(([path, file]) => [path, file.content]));
}

/** A patch applied in memory: what it touched before and after, where the candidate starts, what it deletes. */
interface Applied {
  /** The files the patch touches, as the checkout has them. */
  touched: Extract<TouchedFiles, { ok: true }>;
  /** Path → new content, or null when deleted. */
  files: Map<string, Uint8Array | null>;
  executable: Set<string>;
  patch: PatchInfo;
}

/** A parsed patch applied to the base's versions of the files it touches; or why it does not apply. */
function applyTo(parsed: ParsedPatch, touched: TouchedFiles, settings: Settings): Applied | string {
  if (!touched.ok) return touched.reason;
  const applied = applyPatch(touched.files, parsed, {
    executable: touched.executable,
    // What git apply applies, unless the user asked for more.
    maxStrategy: settings.run.patchFuzz ? "fuzz" : "offset",
  });
  if (!applied.ok) return applied.reason;
  return {
    touched,
    files: applied.files,
    executable: applied.executable,
    patch: { changedFiles: applied.changed, strategy: applied.strategy },
  };
}

async function applyToBase(
  diff: string | Uint8Array,
  ctx: PrepareContext,
  tree: BaseTree | undefined,
): Promise<Applied | string> {
  const parsed = parsePatch(diff);
  const touched = tree
    ? baseOfTree(tree, touchedPaths(parsed))
    : await loadBaseTree(ctx.settings.source.workdir, touchedPaths(parsed));
  return applyTo(parsed, touched, ctx.settings);
}

/** The paths a line's `test_patch` touches: the base's versions of them are all checkTestPatch needs. */
export function testPatchPaths(testPatch: string): string[] {
  return touchedPaths(parsePatch(testPatch));
}

/**
 * Why a line's `test_patch` does not apply to `base` (the base's versions of testPatchPaths, as
 * loadBaseTree or loadCommitFiles read them), or undefined when it applies: checked once per base and
 * test_patch before anything runs, as the same application each of its candidates will make.
 */
export function checkTestPatch(testPatch: string, base: TouchedFiles, settings: Settings): string | undefined {
  const applied = applyTo(parsePatch(testPatch), base, settings);
  return typeof applied === "string" ? applied : undefined;
}

/**
 * What `protect` covers among the patch's changes and the candidate's own files, judged against the base:
 * the files the patch touched as the checkout has them, else the tree the candidate starts from.
 */
function patchProtection(
  applied: Applied,
  startFiles: SandboxFile[],
  candidate: Candidate,
  settings: Settings,
  trusted: Trusted | undefined,
): Protection {
  const start = byPath(startFiles);
  const changes = new Map<string, Content | null>([...contentsOf(byPath(extraFiles(candidate))), ...applied.files]);
  const base = (path: string) => applied.touched.files.get(path) ?? start.get(path)?.content;
  const protection = protectionOf(settings, "patch", base, changes);
  if (!trusted) return protection;
  return protectPaths(
    protection,
    new Set(trusted.keys()),
    "a file the line's test_patch writes",
    { get: base },
    changes,
  );
}

/**
 * The tree the candidate meets (where it starts, less what the patch deletes, with what it writes), and the
 * change alone. A protected change is not made: the base's version stays (travelling with the change when
 * the start does not hold it), a protected deletion is undone, and a protected file the candidate added is absent.
 */
function patchedTree(applied: Applied, startFiles: SandboxFile[], candidate: Candidate, protection: Protection) {
  const final = byPath(startFiles);
  const changes = byPath(extraFiles(candidate));
  const deleted: string[] = [];
  const written: string[] = [];
  const restored = new Map(protection.files.map((file) => [file.path, file.restore]));
  for (const [path, content] of applied.files) {
    if (restored.has(path)) continue;
    if (content === null) {
      final.delete(path);
      changes.delete(path);
      deleted.push(path);
    } else {
      changes.set(path, { path, content, executable: applied.executable.has(path) });
      written.push(path);
    }
  }
  for (const [path, restore] of restored) {
    changes.delete(path);
    if (restore !== null && !final.has(path))
      changes.set(path, { path, content: restore, executable: applied.touched.executable.has(path) });
  }
  for (const file of changes.values()) final.set(file.path, file);
  return { final, changes, deleted, written };
}

/** The files of a line's `test_patch`, path → file (null: deleted), applied to the base's versions of them. */
type Trusted = Map<string, SandboxFile | null>;

/**
 * A line's `test_patch` applied to the base (SWE-bench's order: after the candidate's patch, to the base's
 * versions of its files, whatever the candidate made of them), or why it cannot be: the line's fault, not the candidate's.
 */
async function testPatchOf(
  candidate: Candidate,
  ctx: PrepareContext,
  tree: BaseTree | undefined,
): Promise<Trusted | string | undefined> {
  const testPatch = candidate.instance?.testPatch;
  if (testPatch === undefined || testPatch.trim() === "") return undefined;
  const applied = await applyToBase(testPatch, ctx, tree);
  if (typeof applied === "string")
    return `the line's test_patch does not apply to its base${ctx.commit ? ` (${ctx.commit})` : ""}: ${applied}`;
  return new Map(
    [...applied.files].map(([path, content]) => [
      path,
      content === null ? null : { path, content, executable: applied.executable.has(path) },
    ]),
  );
}

/** The candidate's tree with the trusted test files over it: they win over whatever the candidate wrote there. */
function withTrusted(
  tree: ReturnType<typeof patchedTree>,
  trusted: Trusted | undefined,
): ReturnType<typeof patchedTree> {
  if (!trusted) return tree;
  const { final, changes } = tree;
  const deleted = new Set(tree.deleted);
  for (const [path, file] of trusted) {
    if (file === null) {
      final.delete(path);
      changes.delete(path);
      deleted.add(path);
    } else {
      final.set(path, file);
      changes.set(path, file);
      deleted.delete(path);
    }
  }
  return { final, changes, deleted: [...deleted], written: tree.written.filter((path) => !trusted.has(path)) };
}

/** One parse check per language, over the files the patch writes. */
function checksOf(written: string[]): CheckGroup[] {
  const checks = new Map<Language, string[]>();
  for (const path of written) {
    const lang = languageOfPath(path);
    if (lang) checks.set(lang, [...(checks.get(lang) ?? []), path]);
  }
  return [...checks].map(([language, files]) => ({ language, files }));
}

async function preparePatch(
  diff: string | Uint8Array,
  candidate: Candidate,
  ctx: PrepareContext,
): Promise<Prepared | Unprepared> {
  const { settings } = ctx;
  const declared = declaredLanguage(candidate, settings);
  if (ctx.commit !== undefined && !ctx.tree)
    return unprepared(candidate, settings, {
      status: "sandbox_error",
      language: declared ?? null,
      reason: "base_commit needs the run's git repository (workdir), which this run does not read",
    });
  // A patch runs against the whole checkout (or its commit's whole tree) unless `tests` names what it needs.
  const whole = ctx.commit !== undefined || settings.source.tests.length === 0;
  const tree = ctx.tree && whole ? await ctx.tree(ctx.commit) : undefined;
  const applied = await applyToBase(diff, ctx, tree);
  if (typeof applied === "string")
    return unprepared(candidate, settings, { status: "patch_failed", language: declared ?? null, reason: applied });
  const trusted = await testPatchOf(candidate, ctx, tree);
  if (typeof trusted === "string")
    return unprepared(candidate, settings, { status: "sandbox_error", language: declared ?? null, reason: trusted });
  const start = tree ? "tree" : ctx.tree && settings.run.setup ? "tests" : undefined;
  const startFiles = tree ? tree.files : ctx.testFiles;
  const startContent = byPath(startFiles);
  const startPaths = new Set(startContent.keys());
  const protection = patchProtection(applied, startFiles, candidate, settings, trusted);
  const { final, changes, deleted, written } = withTrusted(
    patchedTree(applied, startFiles, candidate, protection),
    trusted,
  );
  const language = declared ?? languageOfFiles(written) ?? languageOfFiles([...final.keys()]);
  const { patch } = applied;
  if (!language)
    return unprepared(candidate, settings, { status: "no_code", language: null, reason: UNKNOWN_LANGUAGE, patch });
  const bytes = filesBytes(final.values());
  if (bytes > settings.limits.workdirBytes) {
    const reason = `the patched tree holds ${bytes} bytes, more than tmpfs-size (${settings.limits.workdirBytes}); narrow 'tests' or raise 'tmpfs-size'`;
    return unprepared(candidate, settings, { status: "sandbox_error", language, reason, patch });
  }
  const base = (path: string) => applied.touched.files.get(path) ?? startContent.get(path)?.content;
  const setup = setupOf(
    settings,
    start,
    base,
    new Map<string, SandboxFile | null>([...changes, ...deleted.map((path) => [path, null] as const)]),
  );
  // Before the patch: the start alone when a run image holds it, else the start with the touched files as they were.
  const before = new Map<string, SandboxFile>((tree ? [] : ctx.testFiles).map((f) => [f.path, f]));
  if (!start)
    for (const [path, content] of applied.touched.files)
      before.set(path, { path, content, executable: applied.touched.executable.has(path) });
  // The base as a SWE-bench harness runs it: with the trusted tests in.
  for (const file of trusted?.values() ?? []) if (file) before.set(file.path, file);
  return {
    language,
    // With a run image holding the start, only what the candidate changes travels.
    files: [...(start ? changes : final).values()],
    checks: checksOf(written),
    limits: candidateLimits(settings, candidate, true),
    patch,
    ...(start && { start, deleted }),
    ...(start === "tree" && ctx.commit !== undefined && { commit: ctx.commit, whole: [...final.values()] }),
    unpatched: [...before.values()],
    ...(protection.protected.length > 0 && { protected: protection.protected }),
    ...setup,
    // What the patch wrote (neither the protected files, whose base versions run, nor the trusted tests),
    // held against the base's version of each file.
    ...withTampering(
      written.map((path) => ({ path, content: final.get(path)!.content, base: applied.touched.files.get(path) })),
      {
        ...treeFiles(final.keys(), written, (path) => applied.touched.files.has(path) || startPaths.has(path)),
        ...patchContents(startFiles, applied, trusted),
      },
    ),
  };
}

/** The tree by path as the scan holds it: the base's test files (the judge), and the rest. */
export function treeFiles(
  paths: Iterable<string>,
  written: readonly string[],
  inBase: (path: string) => boolean,
): TreeFiles {
  const added = new Set(written.filter((path) => !inBase(path)));
  const tests: string[] = [];
  const code: string[] = [];
  for (const path of paths) {
    if (!isTestFile(path)) code.push(path);
    else if (!added.has(path)) tests.push(path);
  }
  return { tests, code };
}

/**
 * A reply's tree contents for the scan: the `tests` files and a dataset line's files named as tests (`test.py`,
 * `test_x.py`, `x_test.js`) are the judge's; the line's other files (a HumanEval `prompt.py`) are the task's
 * statement, whose literals the candidate was shown.
 */
function replyContents(tests: readonly SandboxFile[], extra: readonly SandboxFile[]): Partial<TreeFiles> {
  const named = (f: SandboxFile) => /test/i.test(f.path.slice(f.path.lastIndexOf("/") + 1)) || isTestFile(f.path);
  return { testContents: [...tests, ...extra.filter(named)], statement: extra.filter((f) => !named(f)) };
}

/** How much of a tree's test files (and of its other files) the literal rule reads: a big suite is cut there. */
const CONTENTS_BUDGET = 4 * 1024 * 1024;

/**
 * A patch's tree contents for the scan: the test_patch's files when the line has one (the tests that judge
 * it), else the start's test files; the statement is the base's other files and the touched files as they
 * were. Each is read up to CONTENTS_BUDGET bytes, in path order, so a large repository's scan stays cheap.
 */
function patchContents(
  start: readonly SandboxFile[],
  applied: Applied,
  trusted: Trusted | undefined,
): Partial<TreeFiles> {
  const budget = (files: SandboxFile[]) => {
    let total = 0;
    return files.filter((f) => (total += f.content.length) <= CONTENTS_BUDGET);
  };
  const given = [...(trusted?.values() ?? [])].filter((f): f is SandboxFile => f !== null);
  const tests = given.length > 0 ? given : budget(start.filter((f) => isTestFile(f.path)));
  const touched = [...applied.touched.files].map(([path, content]) => ({ path, content }));
  return { testContents: tests, statement: [...touched, ...budget(start.filter((f) => !isTestFile(f.path)))] };
}

/** `tampering` for a Prepared, when the scan finds any. */
function withTampering(files: ScannedFile[], tree?: TreeFiles): { tampering?: Tampering[] } {
  const tampering = findTampering(files, tree);
  return tampering.length > 0 ? { tampering } : {};
}
