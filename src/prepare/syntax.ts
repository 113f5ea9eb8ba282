// Phase 2: the parse check. One argv that checks a candidate's files inside the sandbox without running
// them, and the checker's complaint, as printed there, turned into a located SyntaxInfo. What each
// language's checker is and how its output reads is the language's (languages/).
import type { SandboxFile, SyntaxInfo } from "../core/model.js";
import { shellQuote } from "../core/shell.js";
import { LANGUAGES, type Language } from "../languages/registry.js";

export interface CheckGroup {
  language: Language;
  files: string[];
}

/** The groups that name files, and the one file with its language when they name exactly one. */
function single(groups: CheckGroup[]): { nonEmpty: CheckGroup[]; only?: { language: Language; file: string } } {
  const nonEmpty = groups.filter((g) => g.files.length > 0);
  if (nonEmpty.length !== 1 || nonEmpty[0]!.files.length !== 1) return { nonEmpty };
  return { nonEmpty, only: { language: nonEmpty[0]!.language, file: nonEmpty[0]!.files[0]! } };
}

/**
 * One argv that parse-checks several files, possibly of several languages, stopping at the first
 * failure: a fixed loop per group that shifts through the positional parameters. Our own constants only
 * ever go into the script text (quoted all the same); file names travel as positional parameters.
 */
export function checkFiles(groups: CheckGroup[]): string[] {
  const { nonEmpty, only } = single(groups);
  if (only) return LANGUAGES[only.language].check(only.file);
  if (nonEmpty.length === 0) return [];
  const loops = nonEmpty.map(({ language, files }) => {
    const tool = LANGUAGES[language].check("").slice(0, -1).map(shellQuote).join(" ");
    return `i=0; while [ "$i" -lt ${files.length} ]; do ${tool} "$1" || exit; shift; i=$((i + 1)); done`;
  });
  return ["sh", "-c", loops.join("\n"), "sandbox-gate-check", ...nonEmpty.flatMap((g) => g.files)];
}

/**
 * One argv that checks the one file of `groups` and runs `command` itself once it parses, when the file's
 * language can take that command over (its checkAndRun); undefined otherwise (several files, or another
 * command), and always with results to bring back, where the driver reads the check's end apart.
 */
export function checkAndRun(
  groups: CheckGroup[],
  command: string,
  results: readonly string[] = [],
): string[] | undefined {
  const { only } = single(groups);
  if (results.length > 0 || !only) return undefined;
  return LANGUAGES[only.language].checkAndRun?.(only.file, command);
}

/**
 * What a checker kept warm for the run needs to answer for the check of `groups`: the language's checkServer
 * and the sources of the files the check names, where they are all of one language that has a server and
 * all among `files` as bytes (a link is read where it points, in the sandbox); undefined otherwise.
 */
export function warmCheck(
  groups: CheckGroup[],
  files: readonly SandboxFile[],
): { server: readonly string[]; sources: Array<string | Uint8Array> } | undefined {
  const { nonEmpty } = single(groups);
  const server = nonEmpty.length === 1 ? LANGUAGES[nonEmpty[0]!.language].checkServer : undefined;
  if (!server) return undefined;
  const byPath = new Map(files.map((file) => [file.path, file]));
  const sources: Array<string | Uint8Array> = [];
  for (const path of nonEmpty[0]!.files) {
    const file = byPath.get(path);
    if (!file || file.linkTarget !== undefined) return undefined;
    sources.push(file.content);
  }
  return { server, sources };
}

const WORKDIR = /(?:file:\/\/)?\/work\//g;

/** Paths as the user knows them: relative to the work dir, not the container's `/work/…` or a file URL. */
function relative(path: string): string {
  return path.replace(WORKDIR, "").replace(/^\.\//, "");
}

/**
 * Where and why the parse check failed. The check ran on `target` alone, so an error that names no
 * file is in `target`; output no shape of the language's matches is passed on whole as the message.
 */
export function parseCheckOutput(language: Language, output: string, target: string, verdict?: string): SyntaxInfo {
  const text = output.replace(/\r\n?/g, "\n").trim();
  const parsed = LANGUAGES[language].readCheck(text, verdict) ?? {};
  const message = (parsed.message ?? text).replace(WORKDIR, "").trim() || "the parse check failed without a message";
  const info: SyntaxInfo = { message, file: relative(parsed.file || target) };
  if (parsed.line !== undefined) info.line = parsed.line;
  if (parsed.column !== undefined) info.column = parsed.column;
  return info;
}
