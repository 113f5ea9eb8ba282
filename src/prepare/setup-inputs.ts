// Which set-up a candidate needs: the run's (the base's), or one of its own because its change touches
// what `setup` reads (`setup-inputs`: the package manifests and lock files). Pure: the run makes the image.
import { createHash } from "node:crypto";
import type { Minimatch } from "minimatch";
import type { SandboxFile } from "../core/model.js";
import { globMatcher } from "../core/globs.js";
import type { Content } from "./protect.js";
import { ascending } from "../core/order.js";

/** A candidate's own set-up: its versions of the set-up's inputs where they differ from the base's. */
export interface SetupChange {
  /** The inputs it writes (added or changed), sorted by path. */
  files: SandboxFile[];
  /** The inputs it deletes, sorted. */
  deleted: string[];
  /** Equal for candidates whose inputs are equal (on the same base): they share one set-up. */
  key: string;
}

/** The `setup-inputs` globs, compiled once per run. */
export type SetupInputs = readonly Minimatch[];

export function compileSetupInputs(globs: readonly string[]): SetupInputs {
  return globs.map(globMatcher);
}

function sameContent(a: Content, b: Content): boolean {
  return Buffer.from(a).equals(Buffer.from(b));
}

/**
 * The candidate's own set-up, or undefined when the base's serves it: none of its changes (path → content,
 * null deleted; protected changes already undone) touches an input, or each leaves it as the base has it.
 * The key hashes the changed inputs' paths and contents: on one base, that is the inputs' whole contents.
 */
export function setupChangeOf(
  inputs: SetupInputs,
  base: (path: string) => Content | undefined,
  changes: ReadonlyMap<string, SandboxFile | null>,
): SetupChange | undefined {
  const files: SandboxFile[] = [];
  const deleted: string[] = [];
  for (const [path, file] of changes) {
    if (!inputs.some((glob) => glob.match(path))) continue;
    const before = base(path);
    if (file === null) {
      if (before !== undefined) deleted.push(path);
    } else if (before === undefined || !sameContent(before, file.content)) files.push(file);
  }
  if (files.length === 0 && deleted.length === 0) return undefined;
  files.sort((a, b) => ascending(a.path, b.path));
  deleted.sort();
  const hash = createHash("sha256");
  for (const file of files) {
    const content = Buffer.from(file.content);
    hash.update(`w ${file.path.length}:${file.path} ${file.executable ? "x" : "-"} ${content.length}:`).update(content);
  }
  for (const path of deleted) hash.update(`d ${path.length}:${path}`);
  return { files, deleted, key: hash.digest("hex") };
}

/** `a.txt, b/c.json` and `deleted d.lock`: the inputs a change touches, as a reason names them. */
export function describeSetupChange(change: SetupChange): string {
  return [...change.files.map((f) => f.path), ...change.deleted.map((path) => `${path} (deleted)`)].join(", ");
}
