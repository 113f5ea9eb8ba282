// The whole base tree a patch candidate runs against: every file git tracks in `workdir` (as the
// checkout has it), or every file but `.git/` when `workdir` is not a git work tree. Read once per run;
// the checkout is never written.
import { execFile } from "node:child_process";
import { lstat, readFile, readlink, readdir } from "node:fs/promises";
import { join, posix } from "node:path";
import { promisify } from "node:util";
import type { SandboxFile } from "../core/model.js";
import { InputError } from "../core/errors.js";
import { checkRelativePath } from "../core/paths.js";
import { isExecutable } from "./test-files.js";
import { ascending } from "../core/order.js";
import { GitObjects, readBlob } from "./git-objects.js";

export interface BaseTree {
  /** Regular files and links inside the tree, sorted by path. */
  files: SandboxFile[];
  /** What the files hold in all. */
  bytes: number;
  /** How the files were listed. */
  listedBy: "git" | "walk";
  /** Paths git tracks that are not sent: submodules (their own repositories). */
  skipped: string[];
}

const run = promisify(execFile);
const GIT_LINK = "160000";
const SYMLINK = "120000";

interface Listed {
  path: string;
  /** git's mode (100644, 100755, 120000, 160000); undefined when walked. */
  mode?: string;
}

/** The tracked paths, or undefined when `root` is not inside a git work tree. */
async function gitListing(root: string): Promise<Listed[] | undefined> {
  const inside = await run("git", ["-C", root, "rev-parse", "--is-inside-work-tree"]).catch(() => undefined);
  if (inside?.stdout.trim() !== "true") return undefined;
  // -s: the mode git records, which the checkout may not show (core.fileMode=false); -z: any name.
  const { stdout } = await run("git", ["-C", root, "ls-files", "-s", "-z"], { maxBuffer: 256 * 1024 * 1024 });
  const listed = new Map<string, Listed>();
  for (const record of stdout.split("\0").filter(Boolean)) {
    const [meta, path] = [record.slice(0, record.indexOf("\t")), record.slice(record.indexOf("\t") + 1)];
    // A path in a merge conflict is listed once per stage; one entry is enough.
    listed.set(path, { path, mode: meta.split(" ")[0] });
  }
  return [...listed.values()];
}

async function* walk(root: string, dir = ""): AsyncGenerator<Listed> {
  // In no order: readBaseTree sorts the whole listing, git's and the walk's alike.
  for (const entry of await readdir(join(root, dir), { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (entry.name !== ".git") yield* walk(root, path);
    } else if (entry.isFile() || entry.isSymbolicLink()) yield { path };
  }
}

/** A link's target as a path inside the tree, or undefined when it leads out of it. */
function insideTarget(path: string, target: string): string | undefined {
  if (posix.isAbsolute(target)) return undefined;
  const resolved = posix.normalize(posix.join(posix.dirname(path), target));
  return resolved === "." || resolved.startsWith("../") || resolved === ".." ? undefined : resolved;
}

/**
 * Refuses a tracked path whose directory is a link on disk (git tracks `cfg/x`, the runner made `cfg` a
 * link): reading `cfg/x` would follow the link, anywhere on the host. Each directory is looked at once,
 * without following it; `checked` remembers the ones already seen, so the cost stays one lstat per directory.
 */
async function refuseLinkedDirectory(root: string, path: string, checked: Set<string>): Promise<void> {
  const parts = path.split("/");
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join("/");
    if (checked.has(dir)) continue;
    const info = await lstat(join(root, dir)).catch(() => undefined);
    if (info?.isSymbolicLink()) {
      const target = await readlink(join(root, dir));
      throw new InputError(
        "workdir",
        `'${path}' is tracked under '${dir}', which is a symbolic link to '${target}' on disk; the base tree is not read through links (restore '${dir}' as a directory, or commit it as a link)`,
      );
    }
    checked.add(dir);
  }
}

/**
 * The base tree under `root`, up to `maxBytes` (`input` names the cap in the error). A link whose target
 * leaves the tree, or a tracked file under a directory that is a link on disk, is refused, naming the path:
 * following it would put host files in the sandbox.
 */
export async function readBaseTree(root: string, maxBytes: number, input: string): Promise<BaseTree> {
  const tracked = await gitListing(root);
  const listing = tracked ?? [];
  if (!tracked) for await (const listed of walk(root)) listing.push(listed);
  const files: SandboxFile[] = [];
  const skipped: string[] = [];
  const directories = new Set<string>();
  let bytes = 0;
  for (const { path, mode } of listing.sort((a, b) => ascending(a.path, b.path))) {
    if (mode === GIT_LINK) {
      skipped.push(path);
      continue;
    }
    const safe = checkRelativePath(path);
    if (!safe.ok) throw new InputError("workdir", `'${path}' in the base tree ${safe.why}`);
    await refuseLinkedDirectory(root, path, directories);
    const info = await lstat(join(root, path)).catch(() => undefined);
    // Tracked but deleted in the checkout: not part of the tree the candidate meets.
    if (!info) continue;
    if (info.isSymbolicLink() || mode === SYMLINK) {
      const target = await readlink(join(root, path));
      if (insideTarget(path, target) === undefined) {
        throw new InputError(
          "workdir",
          `'${path}' is a symbolic link to '${target}', outside the base tree; the sandbox gets no file of the host`,
        );
      }
      files.push({ path, content: "", linkTarget: target });
      continue;
    }
    if (!info.isFile()) continue;
    bytes += info.size;
    if (bytes > maxBytes) {
      throw new InputError(
        input,
        `the base tree under ${root} holds more than ${maxBytes} bytes (at ${path}); narrow it with 'tests' or raise '${input}' and 'tmpfs-size'`,
      );
    }
    const executable = mode === undefined ? isExecutable(info.mode) : mode === "100755";
    files.push({ path, content: await readFile(join(root, path)), ...(executable && { executable }) });
  }
  return { files, bytes, listedBy: tracked ? "git" : "walk", skipped };
}

/** The contents of `ids` (blob object names), in order, read through one `git cat-file --batch`. */
export async function readBlobs(root: string, ids: readonly string[]): Promise<Buffer[]> {
  const objects = new GitObjects(root);
  try {
    return await Promise.all(ids.map((id) => readBlob(objects, id)));
  } finally {
    objects.close();
  }
}

/**
 * The base tree of `commit` (a full sha, resolveCommit's) in the repository at `root`: its tracked files as
 * git stores them, read without checking anything out (the checkout and its index are never touched). The
 * same refusals as readBaseTree: a link leading out of the tree, a path that is not safe, more than `maxBytes`.
 */
export async function readCommitTree(root: string, commit: string, maxBytes: number, input: string): Promise<BaseTree> {
  // -l: each blob's size, so the cap is met before anything is read; -z: any name.
  const { stdout } = await run("git", ["-C", root, "ls-tree", "-r", "-l", "-z", "--full-tree", commit], {
    maxBuffer: 256 * 1024 * 1024,
  });
  const listed: Array<{ path: string; mode: string; id: string }> = [];
  const skipped: string[] = [];
  let bytes = 0;
  for (const record of stdout.split("\0").filter(Boolean)) {
    const tab = record.indexOf("\t");
    const [mode, , id, size] = record.slice(0, tab).split(/ +/);
    const path = record.slice(tab + 1);
    if (mode === GIT_LINK) {
      skipped.push(path);
      continue;
    }
    const safe = checkRelativePath(path);
    if (!safe.ok)
      throw new InputError(input === "max-tree-size" ? "base_commit" : input, `'${path}' in ${commit} ${safe.why}`);
    bytes += mode === SYMLINK ? 0 : Number(size);
    if (bytes > maxBytes)
      throw new InputError(
        input,
        `the tree of commit ${commit} holds more than ${maxBytes} bytes (at ${path}); raise '${input}' and 'tmpfs-size'`,
      );
    listed.push({ path, mode: mode!, id: id! });
  }
  const contents = await readBlobs(
    root,
    listed.map((entry) => entry.id),
  );
  const files: SandboxFile[] = [];
  listed.forEach(({ path, mode }, i) => {
    if (mode === SYMLINK) {
      const target = contents[i]!.toString("utf8");
      if (insideTarget(path, target) === undefined)
        throw new InputError(
          "base_commit",
          `'${path}' in ${commit} is a symbolic link to '${target}', outside the base tree; the sandbox gets no file of the host`,
        );
      files.push({ path, content: "", linkTarget: target });
    } else files.push({ path, content: contents[i]!, ...(mode === "100755" && { executable: true }) });
  });
  files.sort((a, b) => ascending(a.path, b.path));
  return { files, bytes, listedBy: "git", skipped };
}
