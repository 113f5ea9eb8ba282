// What the CLI says when our side failed (sandbox_error): the cause, once, where the user looks (stderr),
// however many candidates it stopped. The table lists them; the JSON report's feedback, worded for a
// model, says it per candidate. Pure.
import type { Result } from "../core/model.js";
import { plainText } from "../report/table.js";
import { causeOfSandboxError } from "../verdict/feedback.js";

/** Distinct causes named; a run whose candidates failed each their own way names the first few. */
export const CAUSES_SHOWN = 3;

/**
 * The lines that say why our side failed, or none when it did not: one cause (an engine that did not
 * answer, an image missing) is one line for every candidate it stopped.
 */
export function oursLines(results: readonly Pick<Result, "status" | "feedback">[]): string[] {
  const ours = results.filter((r) => r.status === "sandbox_error");
  if (ours.length === 0) return [];
  const causes = new Map<string, number>();
  for (const r of ours) {
    const cause = causeOfSandboxError(r.feedback);
    causes.set(cause, (causes.get(cause) ?? 0) + 1);
  }
  const head = `our side failed, so ${ours.length} of ${results.length} candidate(s) were not judged (sandbox_error, exit 3)`;
  // The engine's own words, but never a terminal escape: a message may carry what a setup printed.
  const said = (cause: string) => plainText(cause.replace(/\s*\n\s*/g, " ").trim());
  if (causes.size === 1) return [`${head}: ${said([...causes.keys()][0]!)}`];
  const listed = [...causes].slice(0, CAUSES_SHOWN).map(([cause, n]) => `  ${said(cause)} (${n} candidate(s))`);
  const more = causes.size - CAUSES_SHOWN;
  return [
    `${head}:`,
    ...listed,
    ...(more > 0 ? [`  … and ${more} other cause(s): each candidate's feedback in the report says its own`] : []),
  ];
}
