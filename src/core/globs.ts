// Globs of an input resolved against the base tree; a pattern that matches nothing is the user's error.
import { Minimatch } from "minimatch";
import { lstat, readdir, realpath } from "node:fs/promises";
import { isAbsolute, join, relative, sep } from "node:path";
import { InputError } from "./errors.js";
import { checkRelativePath } from "./paths.js";
import { ascending } from "./order.js";

export interface Match {
  absolute: string;
  /** Path relative to the base tree, with forward slashes. */
  relative: string;
}

// Never candidates nor test files, and walking them would cost more than the rest of the tree.
const SKIPPED_DIRS = new Set([".git", "node_modules"]);

async function* walk(root: string, dir = ""): AsyncGenerator<string> {
  const entries = await readdir(join(root, dir), { withFileTypes: true });
  for (const entry of entries.sort((a, b) => ascending(a.name, b.name))) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    // Symlinked directories are not followed: they could lead out of the tree.
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) yield* walk(root, rel);
    else if (entry.isFile() || entry.isSymbolicLink()) yield rel;
  }
}

/**
 * How the project reads one glob, whoever matches it (a walk here, a list of paths in prepare/protect):
 * minimatch, dot files included, a leading `./` dropped, anchored at the tree's root, case-sensitive.
 */
export function globMatcher(pattern: string): Minimatch {
  return new Minimatch(pattern.replace(/^\.\//, ""), { dot: true });
}

/**
 * Why a glob of files inside the sandbox's work dir (`test-results`) is refused, or undefined: relative,
 * inside the work dir, one line, no negation. The settings ask it; the path rule itself is core/paths'.
 */
export function globProblem(glob: string): string | undefined {
  if (glob.startsWith("!")) return "is a negation; list the files to read, not the ones to leave out";
  const path = checkRelativePath(glob);
  return path.ok ? undefined : `${path.why}: it must be relative to the sandbox's work dir`;
}

function toPosix(path: string): string {
  return path.split(sep).join("/");
}

/**
 * Files matched by `patterns` under `base`, sorted; `!pattern` excludes. Throws InputError naming `input`,
 * also for a pattern that matches nothing unless `allowNone` (the caller then says what was missing).
 */
export async function resolveGlobs(
  input: string,
  patterns: string[],
  base: string,
  { allowNone = false }: { allowNone?: boolean } = {},
): Promise<Match[]> {
  const root = await realpath(base).catch(() => {
    throw new InputError(input, `base directory '${base}' does not exist`);
  });
  const anchored = (pattern: string) => globMatcher(toPosix(isAbsolute(pattern) ? relative(root, pattern) : pattern));
  const includes = patterns
    .filter((p) => !p.startsWith("!"))
    .map((p) => ({ pattern: p, matcher: anchored(p), hits: 0 }));
  const excludes = patterns.filter((p) => p.startsWith("!")).map((p) => anchored(p.slice(1)));
  const found: Match[] = [];
  for await (const rel of walk(root)) {
    const hit = includes.filter((inc) => inc.matcher.match(rel));
    if (hit.length === 0 || excludes.some((ex) => ex.match(rel))) continue;
    for (const inc of hit) inc.hits += 1;
    const absolute = join(root, rel);
    // A symlink pointing out of the tree would smuggle host files into the sandbox.
    const real = await realpath(absolute).catch(() => undefined);
    const inside = real !== undefined && !relative(root, real).startsWith("..") && !isAbsolute(relative(root, real));
    if (!inside) throw new InputError(input, `'${rel}' resolves outside ${base}`);
    if ((await lstat(real)).isFile()) found.push({ absolute: real, relative: rel });
  }
  const unmatched = includes.find((inc) => inc.hits === 0);
  if (unmatched && !allowNone) throw new InputError(input, `'${unmatched.pattern}' matches no file under ${base}`);
  return found;
}
