// How every report names the protected files a candidate changed (`protect`): the comment's result cell,
// the CLI's table, the annotations. One wording, so a reviewer reads the same words everywhere. Pure.
import type { Result } from "../core/model.js";

/** `changed protected files: a, b and 3 more`, each name passed through `name` (escaping); undefined when none. */
export function protectedNote(
  r: Pick<Result, "protected">,
  shown: number,
  name = (path: string) => path,
): string | undefined {
  const files = r.protected ?? [];
  if (files.length === 0) return undefined;
  const more = files.length > shown ? ` and ${files.length - shown} more` : "";
  const word = files.length === 1 ? "file" : "files";
  return `changed protected ${word}: ${files.slice(0, shown).map(name).join(", ")}${more}`;
}

/** The next step for a candidate that changed protected files: `the test files must not change: restore a, b`. */
export function protectedStep(r: Pick<Result, "protected">, shown: number, name = (path: string) => path): string {
  const files = r.protected ?? [];
  const more = files.length > shown ? ` and ${files.length - shown} more` : "";
  const listed = files.length > 0 ? `: restore ${files.slice(0, shown).map(name).join(", ")}${more}` : "";
  return `the test files must not change${listed}`;
}
