// The one rule for a path the gate puts inside a sandbox's work dir, whoever names it: a patch, a
// dataset line's `files` and `target`, the `target` input, a file sent in the tar. Strings only: that
// a checked path does not lead through a symbolic link of the checkout is the reader's part (base-tree.ts,
// glob.ts), since only the file system can tell.

/** `tooLong`: the path is safe but the file system cannot hold it (the candidate's fault, not an escape). */
export type PathCheck = { ok: true; path: string } | { ok: false; why: string; tooLong?: true };

/** Linux's limits (NAME_MAX, PATH_MAX with its NUL): a name past them cannot be made in any sandbox. */
export const MAX_NAME_BYTES = 255;
const WORKDIR = "/work/";
export const MAX_PATH_BYTES = 4096 - 1 - WORKDIR.length;

/**
 * Why a path (already relative and inside the tree) cannot exist on the sandbox's file system, or
 * undefined: a name over 255 bytes, or a path over PATH_MAX once under the work dir. Decided here, before
 * anything runs, since the file system would only fail it half-way through writing the candidate's files.
 */
function pathLengthProblem(segments: readonly string[]): string | undefined {
  const long = segments.find((s) => Buffer.byteLength(s, "utf8") > MAX_NAME_BYTES);
  if (long !== undefined)
    return `has a name of ${Buffer.byteLength(long, "utf8")} bytes, more than the ${MAX_NAME_BYTES} a file system allows`;
  const bytes = Buffer.byteLength(segments.join("/"), "utf8");
  return bytes > MAX_PATH_BYTES
    ? `is ${bytes} bytes long, more than the ${MAX_PATH_BYTES} a path under ${WORKDIR} may be`
    : undefined;
}

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
  const tooLong = pathLengthProblem(segments);
  if (tooLong) return { ok: false, why: tooLong, tooLong: true };
  return { ok: true, path: segments.join("/") };
}

/** Whether `path` passes the rule. */
export function isSafeRelativePath(path: string): boolean {
  return checkRelativePath(path).ok;
}

/**
 * The places of a sandbox that are the gate's or the kernel's, never a work dir: /tmp and /var/tmp (the
 * sandbox's scratch tmpfs), the kernel's file systems, and /sandbox-gate (where a run image keeps its base).
 */
const RESERVED_DIRS = ["/tmp", "/var/tmp", "/dev", "/proc", "/sys", "/run", "/sandbox-gate"];

/**
 * A sandbox's work dir inside an image (a dataset line's `image_workdir`, SWE-bench's `/testbed`),
 * normalised, or why it cannot be one: an absolute, plain path (no `.` or `..`, no blank or shell
 * character), not the root and not one of the gate's or the kernel's places.
 */
export function checkSandboxDir(path: string): PathCheck {
  if (!path.startsWith("/")) return { ok: false, why: "is not an absolute path" };
  const segments = path.split("/").filter((segment) => segment !== "");
  if (segments.length === 0) return { ok: false, why: "is the root" };
  if (segments.some((segment) => segment === "." || segment === ".."))
    return { ok: false, why: "has a '.' or '..' segment" };
  if (segments.some((segment) => !/^[A-Za-z0-9._@+-]+$/.test(segment)))
    return { ok: false, why: "holds a character other than letters, digits and . _ @ + -" };
  const normal = `/${segments.join("/")}`;
  if (Buffer.byteLength(normal) > MAX_NAME_BYTES) return { ok: false, why: `is longer than ${MAX_NAME_BYTES} bytes` };
  const reserved = RESERVED_DIRS.find((dir) => normal === dir || normal.startsWith(`${dir}/`));
  if (reserved !== undefined) return { ok: false, why: `is inside ${reserved}, which the sandbox keeps for itself` };
  return { ok: true, path: normal };
}

/**
 * One file or directory name made from a value that is not ours (an instance id, a model's name): a single
 * segment under the path rule, so it cannot climb out of the directory it is put in, nor be `.` or `..`.
 */
export function checkFileName(name: string): PathCheck {
  if (name.includes("/")) return { ok: false, why: "holds a slash" };
  const checked = checkRelativePath(name);
  if (checked.ok && checked.path !== name) return { ok: false, why: "is not a name of its own" };
  return checked;
}
