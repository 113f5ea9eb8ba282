// How every report names the candidate's code that reaches into the judge (`tampering`): the comment's
// result cell and next step, the CLI's table and short summary, the annotations. One wording, so a
// reviewer reads the same words everywhere. Pure; the findings name the candidate's files and say what in
// our words, but a file name is the candidate's, so each caller passes its own escaping as `name`.
import type { Result } from "../core/model.js";

type Found = NonNullable<Result["tampering"]>[number];

/** `reaches into the judge at a.py:3, b.py:9 and 2 more`, each place passed through `name`; undefined when none. */
export function tamperingNote(
  r: Pick<Result, "tampering">,
  shown: number,
  name = (place: string) => place,
): string | undefined {
  const found = r.tampering ?? [];
  if (found.length === 0) return undefined;
  const more = found.length > shown ? ` and ${found.length - shown} more` : "";
  return `reaches into the judge at ${found
    .slice(0, shown)
    .map((t) => name(placeOf(t)))
    .join(", ")}${more}`;
}

/** Each finding as `file:line: what`, for a list a reviewer reads through; `say` escapes the words. */
export function tamperingLines(
  r: Pick<Result, "tampering">,
  name = (place: string) => place,
  say = (what: string) => what,
): string[] {
  return (r.tampering ?? []).map((t) => `${name(placeOf(t))}: ${say(t.what)}`);
}

/**
 * Whether the verdict is the tampering's alone: the tests passed (nothing failing was read, the command
 * exited 0) and the status is `test_failed` only because `fail-on` names `tampering`.
 */
export function failedForTampering(r: Pick<Result, "status" | "tampering" | "exit_code" | "flaky">): boolean {
  return r.status === "test_failed" && (r.tampering ?? []).length > 0 && r.exit_code === 0 && r.flaky !== true;
}

const placeOf = (t: Found) => `${t.file}:${t.line}`;
