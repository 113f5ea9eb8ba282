// The one rule for a path the gate puts inside a sandbox's work dir, whoever names it: a patch, a
// dataset line's `files` and `target`, the `target` input, a file sent in the tar. Strings only: that
// a checked path does not lead through a symbolic link of the checkout is the reader's part (base-tree.ts,
// glob.ts), since only the file system can tell.

export type PathCheck = { ok: true; path: string } | { ok: false; why: string };

/** A relative POSIX path that stays inside the tree, normalised (`./x` and `x//y` are fine). */
export function checkRelativePath(path: string): PathCheck {
  if (/[\x00-\x1f\x7f]/.test(path)) return { ok: false, why: "holds a control character" };
  // A Windows separator, or an attempt to hide one: `..\x` is `../x` to some tools.
  if (path.includes("\\")) return { ok: false, why: "holds a backslash" };
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) return { ok: false, why: "is absolute" };
  const segments = path.split("/").filter((s) => s !== "" && s !== ".");
  if (segments.includes("..")) return { ok: false, why: "has a '..' segment" };
  if (segments.length === 0) return { ok: false, why: "is empty" };
  // git apply refuses these too: the repository's own metadata is never a target.
  if (segments.some((s) => s.toLowerCase() === ".git")) return { ok: false, why: "is inside .git" };
  return { ok: true, path: segments.join("/") };
}

/** Whether `path` passes the rule. */
export function isSafeRelativePath(path: string): boolean {
  return checkRelativePath(path).ok;
}
