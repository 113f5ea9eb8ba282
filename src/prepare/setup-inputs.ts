// Which set-up a candidate needs: the run's (the base's), or one of its own because its change touches
// what `setup` reads (`setup-inputs`: the package manifests and lock files), and what that set-up gets of
// the candidate's change. Pure: the run makes the image.
import { createHash } from "node:crypto";
import type { Minimatch } from "minimatch";
import type { SandboxFile } from "../core/model.js";
import { globMatcher } from "../core/globs.js";
import type { Content } from "./protect.js";
import { ascending } from "../core/order.js";

/** A candidate's own set-up: its versions of what the set-up reads where they differ from the base's. */
export interface SetupChange {
  /** What the set-up's tree has in place of the base's (the inputs and the local packages' files), sorted by path. */
  files: SandboxFile[];
  /** What the set-up's tree lacks of the base's, the same way, sorted. */
  deleted: string[];
  /** The inputs it touches, as a reason names them (`b/c.json`, `d.lock (deleted)`), in files' then deleted's order. */
  inputs: string[];
  /** The local packages (packageDirs) whose other files came along, sorted. */
  packages: string[];
  /** Equal for candidates whose files and deletions here are equal (on the same base): they share one set-up. */
  key: string;
}

/** The `setup-inputs` globs, compiled once per run. */
export type SetupInputs = readonly Minimatch[];

export function compileSetupInputs(globs: readonly string[]): SetupInputs {
  return globs.map(globMatcher);
}

/** Whether `path` is inside the directory `dir` of the tree. */
const under = (path: string, dir: string) => path.startsWith(`${dir}/`);

function sameContent(a: Content, b: Content): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

/**
 * The names of a manifest that makes its directory a package an install builds from its sources (pip's
 * `./vendor/textkit`, npm's `file:vendor/x`, cargo's and go's path dependencies): building it reads the
 * directory's files, not the manifest alone.
 */
const PACKAGE_MANIFESTS: ReadonlySet<string> = new Set([
  "pyproject.toml",
  "setup.py",
  "setup.cfg",
  "package.json",
  "Cargo.toml",
  "go.mod",
  "composer.json",
]);

/**
 * The local packages whose manifests `touched` (input paths a candidate adds, changes or deletes) names:
 * each manifest's directory, the outermost where one holds another, sorted. Never the root: its package is
 * the project, whose code every candidate has on top of whichever set-up it starts from.
 */
export function packageDirs(touched: readonly string[]): string[] {
  const dirs = new Set<string>();
  for (const path of touched) {
    const slash = path.lastIndexOf("/");
    if (slash > 0 && PACKAGE_MANIFESTS.has(path.slice(slash + 1))) dirs.add(path.slice(0, slash));
  }
  return [...dirs].filter((dir) => ![...dirs].some((other) => under(dir, other))).sort(ascending);
}

/**
 * The candidate's own set-up, or undefined when the base's serves it: none of its changes (path → content,
 * null deleted; protected changes already undone) touches an input, or each leaves it as the base has it.
 * The set-up gets the inputs it touches and, for a local package whose manifest it adds or changes (one it
 * vendors), its other changes in that package's directory: pip builds `./vendor/punct` from the files there,
 * and with the manifest alone would install a package without its modules. The key hashes what the set-up
 * gets, paths and contents: on one base, that is its whole tree.
 */
export function setupChangeOf(
  inputs: SetupInputs,
  base: (path: string) => Content | undefined,
  changes: ReadonlyMap<string, SandboxFile | null>,
): SetupChange | undefined {
  const differs = ([path, file]: [string, SandboxFile | null]) => {
    const before = base(path);
    return file === null ? before !== undefined : before === undefined || !sameContent(before, file.content);
  };
  const touched = [...changes].filter((change) => inputs.some((glob) => glob.match(change[0])) && differs(change));
  if (touched.length === 0) return undefined;
  const isInput = new Set(touched.map(([path]) => path));
  const vendored = packageDirs([...isInput]);
  const sources = [...changes].filter(
    (change) => !isInput.has(change[0]) && vendored.some((dir) => under(change[0], dir)) && differs(change),
  );
  // Only the packages whose files did come along are named: a manifest changed alone is an input like any.
  const packages = vendored.filter((dir) => sources.some(([path]) => under(path, dir)));
  const given = new Map([...touched, ...sources]);
  const files = [...given.values()].filter((file) => file !== null).sort((a, b) => ascending(a.path, b.path));
  const deleted = [...given].flatMap(([path, file]) => (file === null ? [path] : [])).sort(ascending);
  const hash = createHash("sha256");
  for (const file of files) {
    const content = Buffer.from(file.content);
    hash.update(`w ${file.path.length}:${file.path} ${file.executable ? "x" : "-"} ${content.length}:`).update(content);
  }
  for (const path of deleted) hash.update(`d ${path.length}:${path}`);
  const named = (wanted: (file: SandboxFile | null) => boolean, suffix: string) =>
    touched.flatMap(([path, file]) => (wanted(file) ? [`${path}${suffix}`] : [])).sort(ascending);
  return {
    files,
    deleted,
    inputs: [...named((file) => file !== null, ""), ...named((file) => file === null, " (deleted)")],
    packages,
    key: hash.digest("hex"),
  };
}

/**
 * `a.txt, b/c.json` and `deleted d.lock`: the inputs a change touches, as a reason names them, and the
 * local packages whose files the set-up got with them.
 */
export function describeSetupChange(change: SetupChange): string {
  const packages =
    change.packages.length > 0 ? ` (with the files of ${change.packages.map((d) => `${d}/`).join(", ")})` : "";
  return `${change.inputs.join(", ")}${packages}`;
}
