// A directory read as a base tree, the way the gate and git see one: every file's bytes by relative path,
// and the paths that carry an execute bit. A `.git` directory is not part of the tree.
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isExecutable } from "../../src/prepare/test-files.js";

export interface DiskTree {
  files: Map<string, Buffer>;
  executable: Set<string>;
}

export function readTree(root: string): DiskTree {
  const tree: DiskTree = { files: new Map(), executable: new Set() };
  const visit = (dir: string): void => {
    for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (entry.name !== ".git") visit(path);
      } else {
        tree.files.set(path, readFileSync(join(root, path)));
        if (isExecutable(statSync(join(root, path)).mode)) tree.executable.add(path);
      }
    }
  };
  visit("");
  return tree;
}

/** Every entry's path, mode and bytes (a link by its target), `.git` included: equal hashes, an untouched checkout. */
export function treeHash(root: string): string {
  const hash = createHash("sha256");
  const visit = (dir: string): void => {
    for (const name of readdirSync(join(root, dir)).sort()) {
      const rel = join(dir, name);
      const info = lstatSync(join(root, rel));
      hash.update(`${rel}\0${info.mode}\0`);
      if (info.isDirectory()) visit(rel);
      else hash.update(readFileSync(join(root, rel)));
    }
  };
  visit("");
  return hash.digest("hex");
}
