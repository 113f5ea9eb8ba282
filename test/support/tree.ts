// A directory read as a base tree, the way the gate and git see one: every file's bytes by relative path,
// and the paths that carry an execute bit. A `.git` directory is not part of the tree.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { isExecutable } from "../../src/prepare/tests.js";

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
