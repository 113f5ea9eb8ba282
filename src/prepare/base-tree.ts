// The base files a patch touches, read from the checkout as bytes (a patch applies to them as git's would).
// Reading only: the checkout is never written.
import { lstat, readFile } from "node:fs/promises";
import { join } from "node:path";
import { pathThroughSymlink } from "./patch.js";
import { isExecutable } from "./tests.js";

export type BaseTree =
  { ok: true; files: Map<string, Uint8Array>; executable: Set<string> } | { ok: false; reason: string };

async function isSymlink(root: string, path: string): Promise<boolean> {
  const info = await lstat(join(root, path)).catch(() => undefined);
  return info?.isSymbolicLink() ?? false;
}

/** The existing files among `paths` (relative, already checked safe); absent ones are simply not in the tree. */
export async function loadBaseTree(root: string, paths: string[]): Promise<BaseTree> {
  // Every prefix is checked: a symlinked directory in the checkout would lead a write out of the tree.
  const prefixes = new Set(paths.flatMap((p) => p.split("/").map((_, i, parts) => parts.slice(0, i + 1).join("/"))));
  const links = new Set<string>();
  for (const prefix of prefixes) if (await isSymlink(root, prefix)) links.add(prefix);
  const through = pathThroughSymlink(paths, (p) => links.has(p));
  if (through)
    return { ok: false, reason: `path escapes the tree: "${through}" goes through a symbolic link in the checkout` };
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
