// The CLI's FILE and REPORT arguments: files as given, and directories for every candidate file (or
// report) under them, in path order, as `source: files` globs would find them.
import { stat } from "node:fs/promises";
import { posix, resolve } from "node:path";
import { resolveGlobs, type Match } from "../core/globs.js";
import { InputError } from "../core/errors.js";

/** What a directory given as an argument contributes, by argument. */
export const DIRECTORY_FILES = {
  FILE: {
    pattern: "**/*.{md,txt,patch,diff,jsonl}",
    kinds: "reply, patch or dataset (.md, .txt, .patch, .diff, .jsonl)",
  },
  REPORT: { pattern: "**/*.json", kinds: "JSON report (.json)" },
} as const;

export async function argumentFiles(
  paths: string[],
  what: keyof typeof DIRECTORY_FILES,
  cwd: string,
): Promise<Match[]> {
  const found = await Promise.all(
    paths.map(async (path): Promise<Match[]> => {
      const absolute = resolve(cwd, path);
      const info = await stat(absolute).catch(() => undefined);
      if (info?.isFile()) return [{ absolute, relative: path }];
      if (!info?.isDirectory()) throw new InputError(what, `'${path}' is not a readable file or directory`);
      const { pattern, kinds } = DIRECTORY_FILES[what];
      const under = await resolveGlobs(what, [pattern], absolute, { allowNone: true });
      if (under.length === 0) throw new InputError(what, `the directory '${path}' holds no ${kinds}`);
      // Ids read as the user would find the file from where they typed the command.
      return under.map((m) => ({ absolute: m.absolute, relative: posix.join(path, m.relative) }));
    }),
  );
  return found.flat();
}
