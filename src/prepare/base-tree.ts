// The base files a patch touches, read from the checkout as bytes (a patch applies to them as git's would).
// Reading only: the checkout is never written.
import { lstat, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathThroughSymlink } from "./patch.js";
import { isExecutable } from "./test-files.js";
import { type BaseTree } from "./tree.js";
import { type GitObjects, entriesAt, readBlob } from "./git-objects.js";

/** The base's versions of the files a patch touches: read one by one, without reading the whole tree. */
export type TouchedFiles =
  { ok: true; files: Map<string, Uint8Array>; executable: Set<string> } | { ok: false; reason: string };

async function isSymlink(root: string, path: string): Promise<boolean> {
  const info = await lstat(join(root, path)).catch(() => undefined);
  return info?.isSymbolicLink() ?? false;
}

/** A path that is, or lies under, a link of the checkout: a write would follow it out of the tree. */
function throughLink(paths: string[], links: ReadonlySet<string>): TouchedFiles | undefined {
  const through = pathThroughSymlink(paths, (p) => links.has(p));
  return through
    ? { ok: false, reason: `path escapes the tree: "${through}" goes through a symbolic link in the checkout` }
    : undefined;
}

/** Every directory on the way to each path, and the path itself: where a link would lead a write astray. */
function prefixesOf(paths: string[]): Set<string> {
  return new Set(paths.flatMap((p) => p.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
}

/** The existing files among `paths` (relative, already checked safe); absent ones are simply not in the tree. */
export async function loadBaseTree(root: string, paths: string[]): Promise<TouchedFiles> {
  // Every prefix is checked: a symlinked directory in the checkout would lead a write out of the tree.
  const links = new Set<string>();
  for (const prefix of prefixesOf(paths)) if (await isSymlink(root, prefix)) links.add(prefix);
  const refused = throughLink(paths, links);
  if (refused) return refused;
  const files = new Map<string, Uint8Array>();
  const executable = new Set<string>();
  for (const path of paths) {
    const info = await lstat(join(root, path)).catch(() => undefined);
    if (!info?.isFile()) continue;
    files.set(path, await readFile(join(root, path)));
    if (isExecutable(info.mode)) executable.add(path);
  }
  return { ok: true, files, executable };
}

/** The same as loadBaseTree, from a base tree already read: its links refuse what goes through them. */
export function baseOfTree(tree: Pick<BaseTree, "files">, paths: string[]): TouchedFiles {
  const links = new Set(tree.files.filter((file) => file.linkTarget !== undefined).map((file) => file.path));
  const refused = throughLink(paths, links);
  if (refused) return refused;
  const wanted = new Set(paths);
  const files = new Map<string, Uint8Array>();
  const executable = new Set<string>();
  for (const file of tree.files) {
    if (!wanted.has(file.path) || file.linkTarget !== undefined) continue;
    files.set(file.path, typeof file.content === "string" ? Buffer.from(file.content, "utf8") : file.content);
    if (file.executable) executable.add(file.path);
  }
  return { ok: true, files, executable };
}

/**
 * The same as loadBaseTree, at `commit` (a full sha) of the repository `objects` reads: only those paths and
 * the directories on their way are read, not the commit's tree, so checking a line's test_patch before the
 * run costs next to nothing (and no process: `objects` is the run's one cat-file).
 */
export async function loadCommitFiles(objects: GitObjects, commit: string, paths: string[]): Promise<TouchedFiles> {
  if (paths.length === 0) return { ok: true, files: new Map(), executable: new Set() };
  const entries = await entriesAt(objects, commit, prefixesOf(paths));
  const refused = throughLink(paths, new Set(entries.filter((e) => e.mode === "120000").map((e) => e.path)));
  if (refused) return refused;
  const wanted = new Set(paths);
  const blobs = entries.filter((e) => wanted.has(e.path) && e.type === "blob" && e.mode !== "120000");
  const contents = await Promise.all(blobs.map((e) => readBlob(objects, e.id, `${e.id} (${e.path} in ${commit})`)));
  return {
    ok: true,
    files: new Map(blobs.map((e, i) => [e.path, contents[i]!])),
    executable: new Set(blobs.filter((e) => e.mode === "100755").map((e) => e.path)),
  };
}
