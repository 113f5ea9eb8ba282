// Workflow annotations from results: what shows on the run page and in the PR's checks. Pure.
import { failingCases } from "../core/tests.js";
import { type Result, type Status } from "../core/model.js";
import { EVERY_FAILURE, STATUS_INFO } from "../core/statuses.js";
import { checkRelativePath } from "../core/paths.js";
import { cleanText } from "./markdown.js";
import { failedForTampering } from "./tampering.js";

export interface Annotation {
  level: "error" | "warning";
  message: string;
  title: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
}

// GitHub shows the first lines of an annotation; the rest belongs in the summary.
const MESSAGE_MAX = 4000;
/** GitHub keeps this many error annotations per step, and as many warnings; it drops the rest. */
export const ANNOTATIONS_PER_STEP = 10;

/**
 * One annotation per candidate that did not pass: an error when its status fails the gate, a warning
 * otherwise. A `syntax_error` points at the file, line and column the parser named; a candidate with
 * failing tests gets one per failing test instead, on the test's file and line where the XML says. A patch's files are
 * repository files: `repoPrefix` (the base tree's path inside the repository) makes them point at the PR's.
 * A file is named only when it is a path inside the tree (see `located`); else the annotation has no place.
 * Code that reaches into the judge (`tampering`) gets one annotation per finding, on its file and line: an
 * error when it failed the candidate, a warning beside a pass (`fail-on` without `tampering`), so a
 * reviewer sees it where the code is either way.
 * With `deciding`, only those results are annotated: older replies are history, not the check's news.
 * The most useful come first: errors, then those that point at a line, then the newest.
 */
export function buildAnnotations(
  results: readonly Result[],
  failOn: ReadonlySet<Status> = EVERY_FAILURE,
  repoPrefix = "",
  deciding?: ReadonlySet<string>,
): Annotation[] {
  const ranked = results
    .map((r, index) => ({ r, index }))
    .filter(
      ({ r }) =>
        (r.status !== "pass" || (r.tampering ?? []).length > 0) && (deciding === undefined || deciding.has(r.id)),
    )
    .sort(
      (a, b) =>
        Number(failOn.has(b.r.status)) - Number(failOn.has(a.r.status)) ||
        Number(b.r.syntax?.line !== undefined) - Number(a.r.syntax?.line !== undefined) ||
        b.index - a.index,
    );
  return ranked.flatMap(({ r }): Annotation[] => {
    const level: Annotation["level"] = failOn.has(r.status) ? "error" : "warning";
    // A patch's files and the tests' files are the repository's: repoPrefix makes them the PR's.
    const inRepo = (file: string) => (repoPrefix ? `${repoPrefix}/${file}` : file);
    // A reply's code is no repository file: its name stays as the sandbox knew it.
    const ownFile = r.changed_files ? inRepo : (file: string) => file;
    const tampering = (r.tampering ?? []).map((t): Annotation => ({
      level,
      title: `sandbox-gate: ${cleanText(r.id)} reaches into the judge`,
      message: message(r, t.what),
      ...located(t.file, t.line, ownFile),
    }));
    // Its tests passed (or it passed): the findings are all there is to say.
    if (r.status === "pass" || failedForTampering(r)) return tampering;
    // A protected candidate: one annotation on each file it may not change, where the reviewer looks.
    if (r.status === "protected" && (r.protected ?? []).length > 0)
      return [
        ...r.protected!.map((file) => ({
          level,
          title: `sandbox-gate: ${cleanText(r.id)} changed the protected file ${cleanText(file)}`,
          message: message(r),
          ...located(file, undefined, inRepo),
        })),
        ...tampering,
      ];
    // With `compare: base`, only the tests it broke: what it is blamed for.
    const tests = failingCases(r).held;
    if (tests.length > 0)
      return [
        ...tests.map((c) => ({
          level,
          title: `sandbox-gate: ${cleanText(c.id)} failed in ${cleanText(r.id)}`,
          message: message(r, c.message),
          ...located(c.file, c.line, inRepo),
        })),
        ...tampering,
      ];
    return [
      {
        level,
        title: `sandbox-gate: ${STATUS_INFO[r.status].label} in ${cleanText(r.id)}`,
        message: message(r),
        ...located(r.syntax?.file, r.syntax?.line, ownFile, r.syntax?.column),
      },
      ...tampering,
    ];
  });
}

/**
 * What a step can show: at most ANNOTATIONS_PER_STEP errors, one of them the verdict when
 * `verdictIsError` (the caller emits it first, so it is never the one dropped), and as many warnings.
 * `hidden` counts the rest, for one notice that points to the job summary.
 */
export function limitAnnotations(
  annotations: readonly Annotation[],
  verdictIsError: boolean,
): { shown: Annotation[]; hidden: number } {
  const room = { error: ANNOTATIONS_PER_STEP - (verdictIsError ? 1 : 0), warning: ANNOTATIONS_PER_STEP };
  const shown = annotations.filter((a) => room[a.level]-- > 0);
  return { shown, hidden: annotations.length - shown.length };
}

/**
 * Where an annotation points: the file, and its line (and column) when known. The file comes from what
 * the sandbox wrote (a results file's `file`, a parser's message), so it is named only when the path rule
 * (core/paths.ts) takes it as a path inside the tree: an absolute path, a `..`, a backslash or a control
 * character would point the annotation off the pull request's files, at whatever a hostile run chose;
 * such an annotation keeps its title and message, and no place. A line is a positive whole number, or none.
 */
export function located(
  file: string | undefined,
  line: number | undefined,
  inRepo: (file: string) => string,
  column?: number,
): Pick<Annotation, "file" | "startLine" | "startColumn"> {
  const checked = file === undefined ? undefined : checkRelativePath(file);
  if (!checked?.ok) return {};
  const at = (n: number | undefined) => n !== undefined && Number.isSafeInteger(n) && n > 0;
  return {
    file: inRepo(checked.path),
    ...(at(line) && { startLine: line }),
    ...(at(line) && at(column) && { startColumn: column }),
  };
}

function message(r: Result, said?: string): string {
  const text = cleanText(said ?? r.syntax?.message ?? r.feedback) || STATUS_INFO[r.status].label;
  // By code point, so a cut never leaves half a surrogate pair.
  const kept = Array.from(text).slice(0, MESSAGE_MAX).join("");
  return `${kept}\n(candidate from ${cleanText(r.source)})`;
}
