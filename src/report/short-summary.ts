// The failures in short, as pytest's "short test summary info" ends a run: one line per candidate that
// fails the gate, its id, its status and the first line of why, so the end of a long run says what to look
// at without scrolling back through the table. Nothing when nothing fails. Pure; ids and output are
// untrusted, and made plain as the table's are.
import type { Result, Status } from "../core/model.js";
import { failuresOf, firstLine } from "./failures.js";
import { protectedNote } from "./protected.js";
import { plainText } from "./table.js";
import { failedForTampering, tamperingNote } from "./tampering.js";

/** The longest why shown, in characters: about a terminal's line beside the id and the status. */
export const WHY_MAX = 160;
/** Protected files named in a why; more are counted. */
const FILES_SHOWN = 3;

export interface ShortSummaryOptions {
  /** The statuses that fail the gate: the candidates listed. */
  failOn: ReadonlySet<Status>;
  /**
   * A sandbox_error's cause, read out of its feedback, which verdict/ writes around it (report/ reads only
   * core/, so the caller hands the reader in). Without one, the feedback's first line.
   */
  causeOfOurs?: (feedback: string) => string;
  /** Dresses the status cell once padded (the CLI's colours), as the table's. */
  paint?: (status: string, cell: string) => string;
}

type Why = Pick<
  Result,
  | "status"
  | "feedback"
  | "syntax"
  | "protected"
  | "tests"
  | "compare"
  | "stdout"
  | "stderr"
  | "tampering"
  | "exit_code"
  | "flaky"
>;

/**
 * The first line of why `r` failed: our failure's cause; the protected files it changed; where its code
 * reaches into the judge, when that alone failed it (its tests passed); where the code
 * does not parse and what the parser said; the first failing test and what it said (failures.ts reads
 * them); else the feedback's first line, down to its first sentence (a timeout's, a no_code's: the
 * feedback's advice to the model comes after it).
 */
export function whyOf(r: Why, causeOfOurs: (feedback: string) => string = (feedback) => feedback): string {
  const feedback = () => firstLine(r.feedback) ?? "";
  if (failedForTampering(r)) return `the tests passed, but it ${tamperingNote(r, FILES_SHOWN)!}`;
  switch (r.status) {
    case "sandbox_error":
      return firstLine(causeOfOurs(r.feedback)) ?? feedback();
    case "protected":
      return protectedNote(r, FILES_SHOWN) ?? feedback();
    case "syntax_error": {
      const where = [r.syntax?.file, r.syntax?.line, r.syntax?.column].filter((part) => part !== undefined).join(":");
      const said = firstLine(r.syntax?.message);
      return said ? `${where ? `${where}: ` : ""}${said}` : feedback();
    }
    case "test_failed": {
      const { shown, total } = failuresOf(r, 1);
      const first = shown[0];
      const said = [first?.name, first?.message].filter((part) => part !== undefined).join(": ");
      if (!said) return feedback();
      return total > 1 ? `${said} (and ${total - 1} more failing)` : said;
    }
    default:
      return firstSentence(feedback());
  }
}

/** Up to the first `. ` that ends a sentence (a capital letter starts the next); the whole line when none does. */
function firstSentence(line: string): string {
  const end = /[.!?](?= [A-Z])/.exec(line);
  return end ? line.slice(0, end.index + 1) : line;
}

/** `text` cut to `max` characters, the cut marked. */
function clipped(text: string, max: number): string {
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max - 1).join("")}…` : text;
}

/** The lines of the short summary, `id  status  why` in columns; none when nothing fails the gate. */
export function renderShortSummary(results: readonly Result[], options: ShortSummaryOptions): string[] {
  const paint = options.paint ?? ((_: string, cell: string) => cell);
  const rows = results
    .filter((r) => options.failOn.has(r.status))
    .map((r) => ({
      id: plainText(r.id),
      status: r.status,
      why: clipped(plainText(whyOf(r, options.causeOfOurs)), WHY_MAX),
    }));
  const idWidth = Math.max(0, ...rows.map((row) => row.id.length));
  const statusWidth = Math.max(0, ...rows.map((row) => row.status.length));
  return rows.map((row) =>
    `${row.id.padEnd(idWidth)}  ${paint(row.status, row.status.padEnd(statusWidth))}  ${row.why}`.trimEnd(),
  );
}
