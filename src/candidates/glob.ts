// Globs of an input resolved against the base tree; a pattern that matches nothing is the user's error.
import { create } from "@actions/glob";
import { realpath } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import { InputError } from "../settings.js";

export interface Match {
  absolute: string;
  /** Path relative to the base tree, with forward slashes. */
  relative: string;
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/** Files matched by `patterns` under `base`, sorted; `!pattern` excludes. Throws InputError naming `input`. */
export async function resolveGlobs(input: string, patterns: string[], base: string): Promise<Match[]> {
  const root = await realpath(base).catch(() => {
    throw new InputError(input, `base directory '${base}' does not exist`);
  });
  const found = new Map<string, Match>();
  const excludes = patterns.filter((p) => p.startsWith("!")).map((p) => `!${anchor(p.slice(1), root)}`);
  for (const pattern of patterns.filter((p) => !p.startsWith("!"))) {
    const globber = await create([anchor(pattern, root), ...excludes].join("\n"), {
      matchDirectories: false,
      followSymbolicLinks: false,
    });
    const hits = await globber.glob();
    if (hits.length === 0) throw new InputError(input, `'${pattern}' matches no file under ${base}`);
    for (const hit of hits) {
      // A symlink pointing out of the tree would smuggle host files into the sandbox.
      const real = await realpath(hit);
      const rel = relative(root, real);
      if (rel.startsWith("..") || isAbsolute(rel)) throw new InputError(input, `'${hit}' resolves outside ${base}`);
      found.set(real, { absolute: real, relative: toPosix(relative(root, hit)) });
    }
  }
  return [...found.values()].sort((a, b) => a.relative.localeCompare(b.relative));
}

function anchor(pattern: string, root: string): string {
  return isAbsolute(pattern) ? pattern : join(root, pattern);
}
