// Workflow annotations from results: what shows on the run page and in the PR's checks. Pure.
import { STATUSES, type Result, type Status } from "../model.js";
import { cleanText, STATUS_LABELS } from "./markdown.js";

export interface Annotation {
  level: "error" | "warning";
  message: string;
  title: string;
  file?: string;
  startLine?: number;
  startColumn?: number;
}

const EVERY_FAILURE: ReadonlySet<Status> = new Set(STATUSES.filter((s) => s !== "pass"));
// GitHub shows the first lines of an annotation; the rest belongs in the summary.
const MESSAGE_MAX = 4000;

/**
 * One annotation per candidate that did not pass: an error when its status fails the gate, a warning
 * otherwise. A `syntax_error` points at the file, line and column the parser named. A patch's files are
 * repository files: `repoPrefix` (the base tree's path inside the repository) makes them point at the PR's.
 */
export function buildAnnotations(
  results: readonly Result[],
  failOn: ReadonlySet<Status> = EVERY_FAILURE,
  repoPrefix = "",
): Annotation[] {
  return results
    .filter((r) => r.status !== "pass")
    .map((r) => ({
      level: failOn.has(r.status) ? "error" : "warning",
      title: `sandbox-gate: ${STATUS_LABELS[r.status]} in ${cleanText(r.id)}`,
      message: message(r),
      ...(r.syntax?.file !== undefined && {
        file: r.changed_files && repoPrefix ? `${repoPrefix}/${r.syntax.file}` : r.syntax.file,
      }),
      ...(r.syntax?.line !== undefined && { startLine: r.syntax.line }),
      ...(r.syntax?.column !== undefined && { startColumn: r.syntax.column }),
    }));
}

function message(r: Result): string {
  const text = cleanText(r.syntax?.message ?? r.feedback) || STATUS_LABELS[r.status];
  // By code point, so a cut never leaves half a surrogate pair.
  const kept = Array.from(text).slice(0, MESSAGE_MAX).join("");
  return `${kept}\n(candidate from ${cleanText(r.source)})`;
}
