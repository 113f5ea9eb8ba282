// The sticky PR comment and the job summary as markdown. Pure: values in, a string out.
// Everything a candidate produced (ids, output, feedback, file names, authors) is untrusted text.
import { STATUSES, type Result, type Skipped, type Status } from "../model.js";

export interface CommentInput {
  results: Result[];
  skipped: Skipped[];
  runUrl?: string;
  gate: { failed: boolean; reason: string };
  /** The sticky comment's marker, from `stickyMarker()`. */
  marker: string;
}

/** GitHub refuses issue comments longer than this many characters. */
export const COMMENT_MAX_LENGTH = 65_536;
/** A job summary may hold 1 MiB; one UTF-16 unit never takes more than 3 bytes of UTF-8. */
export const SUMMARY_MAX_LENGTH = Math.floor((1024 * 1024) / 3);

export const STATUS_LABELS: Record<Status, string> = {
  no_code: "no code",
  patch_failed: "patch failed",
  syntax_error: "syntax error",
  timeout: "timeout",
  oom: "out of memory",
  test_failed: "tests failed",
  pass: "pass",
  sandbox_error: "sandbox error",
};

/** The HTML comment that identifies our sticky comment; `key` tells apart several gates on one PR. */
export function stickyMarker(key = "default"): string {
  // Only a safe alphabet, and never "--", which would end the HTML comment early.
  return `<!-- sandbox-gate:${key.replace(/[^A-Za-z0-9_.:/]+/g, "-")} -->`;
}

// Colours, cursor moves, titles (OSC) and other two-byte escapes: meaningless outside a terminal.
const TERMINAL_ESCAPES = /\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]/g;
// Control characters, bidi overrides ("Trojan Source") and lone surrogates.
const INVISIBLE =
  /[\x00-\x08\x0b-\x1f\x7f\u0080-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Drops terminal escape sequences and makes the remaining control characters visible. */
export function cleanText(text: string): string {
  return text.replace(TERMINAL_ESCAPES, "").replace(/\r\n?/g, "\n").replace(INVISIBLE, visible);
}

function visible(char: string): string {
  const code = char.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code); // ␀ … ␟
  if (code === 0x7f) return "\u2421"; // ␡
  if (code >= 0xd800 && code <= 0xdfff) return "\ufffd";
  return `\\u${code.toString(16).padStart(4, "0")}`;
}

// GitHub links `@name` wherever it appears in text; a zero-width space after the `@` stops it.
function neutralizeMentions(text: string): string {
  return text.replace(/@(?=[A-Za-z0-9])/g, "@\u200b");
}

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** For HTML contexts (`<summary>`, `<pre>`): markdown is not parsed there, entities are. */
export function escapeHtml(text: string): string {
  return neutralizeMentions(cleanText(text).replace(/[&<>"]/g, (c) => HTML_ENTITIES[c] ?? c));
}

/** For one line of markdown (table cells, paragraphs, list items): no markup, links, images or mentions. */
export function escapeMarkdown(text: string): string {
  const line = cleanText(text)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\t/g, " ");
  return neutralizeMentions(line.replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c).replace(/[\\`*_[\]!|~$]/g, "\\$&"));
}

/** An http(s) URL safe to put in a link inside a table, or undefined. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  // A `|` would split the table cell; parentheses and brackets would end the link.
  return parsed.href.replace(/[|()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** `850 ms`, `1.25 s`, `2 m 05 s`. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} m ${String(seconds % 60).padStart(2, "0")} s`;
}

/** Keeps the head and the tail of `text` within `cap` characters, never splitting a surrogate pair. */
export function clip(text: string, cap: number): { head: string; omitted: number; tail: string } {
  if (text.length <= cap) return { head: text, omitted: 0, tail: "" };
  let headEnd = Math.ceil(cap / 2);
  let tailStart = text.length - (cap - headEnd);
  if (isHighSurrogate(text.charCodeAt(headEnd - 1))) headEnd--;
  if (isHighSurrogate(text.charCodeAt(tailStart - 1))) tailStart++;
  return { head: text.slice(0, headEnd), omitted: tailStart - headEnd, tail: text.slice(tailStart) };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** How much of each kind of content a render may show; cut in this order when the body is too long. */
interface Limits {
  passOutput: number;
  failOutput: number;
  feedback: number;
  skipped: number;
  rows: number;
}
const SHRINK_ORDER = ["passOutput", "failOutput", "feedback", "skipped", "rows"] as const;
const UNLIMITED: Limits = {
  passOutput: Infinity,
  failOutput: Infinity,
  feedback: Infinity,
  skipped: Infinity,
  rows: Infinity,
};
// Ids, sources and file names are labels: a page-long one is cut wherever it appears.
const LABEL_MAX = 100;
const REASON_MAX = 1000;
const FILES_SHOWN = 3;

/** The PR comment: marker first, never longer than `maxLength`. */
export function renderComment(input: CommentInput, maxLength = COMMENT_MAX_LENGTH): string {
  return fit(input, input.marker, maxLength);
}

/** The job summary: the comment's content without the marker. */
export function renderSummary(input: CommentInput, maxLength = SUMMARY_MAX_LENGTH): string {
  return fit(input, undefined, maxLength);
}

// Renders in full if it fits; otherwise, for each kind of content from the least important on,
// the largest limit that fits (binary search), so every character of room is used.
function fit(input: CommentInput, marker: string | undefined, maxLength: number): string {
  const doc = prepare(input);
  let body = render(doc, marker, UNLIMITED, maxLength);
  if (body.length <= maxLength) return body;
  const limits = { ...UNLIMITED };
  for (const kind of SHRINK_ORDER) {
    const fits = (value: number) => render(doc, marker, { ...limits, [kind]: value }, maxLength).length <= maxLength;
    let [low, high] = [0, Math.min(upperBound(doc, kind), maxLength)];
    if (!fits(low)) {
      limits[kind] = 0;
      continue;
    }
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fits(mid)) low = mid;
      else high = mid - 1;
    }
    limits[kind] = low;
    return render(doc, marker, limits, maxLength);
  }
  // Only a tiny maxLength gets here: the heading alone does not fit.
  body = render(doc, marker, limits, maxLength);
  return body.length <= maxLength ? body : body.slice(0, maxLength);
}

/** Candidate text, cleaned once so that each of the many renders only clips and escapes. */
interface Prepared {
  input: CommentInput;
  results: Result[];
}

function prepare(input: CommentInput): Prepared {
  const results = input.results.map((r) => ({
    ...r,
    stdout: cleanText(r.stdout),
    stderr: cleanText(r.stderr),
    feedback: cleanText(r.feedback),
  }));
  return { input, results };
}

function upperBound(doc: Prepared, kind: keyof Limits): number {
  const longest = (texts: string[]) => Math.max(0, ...texts.map((t) => t.length));
  const passing = doc.results.filter((r) => r.status === "pass");
  const failing = doc.results.filter((r) => r.status !== "pass");
  switch (kind) {
    case "passOutput":
      return longest(passing.flatMap((r) => [r.stdout, r.stderr]));
    case "failOutput":
      return longest(failing.flatMap((r) => [r.stdout, r.stderr]));
    case "feedback":
      return longest(failing.map((r) => r.feedback));
    case "skipped":
      return doc.input.skipped.length;
    case "rows":
      return doc.results.length;
  }
}

function render(doc: Prepared, marker: string | undefined, given: Limits, maxLength: number): string {
  const { input, results } = doc;
  // Only the first, full render goes without limits; every later one cuts something.
  const shortened = given !== UNLIMITED;
  // A text longer than the whole body can never be shown in full: no need to escape all of it.
  const cap = (n: number) => Math.min(n, maxLength);
  const limits = {
    ...given,
    passOutput: cap(given.passOutput),
    failOutput: cap(given.failOutput),
    feedback: cap(given.feedback),
  };
  const shownResults = results.slice(0, limits.rows);
  const runUrl = safeUrl(input.runUrl);
  const blocks = [
    marker,
    `### sandbox-gate: ${input.gate.failed ? "failed" : "passed"}`,
    input.gate.reason && escapeMarkdown(clipped(input.gate.reason, REASON_MAX)),
    countLine(results, input.skipped.length),
    shortened && `> **Note:** some output was shortened to keep this under ${maxLength} characters.`,
    results.length > 0 && table(results, limits.rows),
    // Failures first: they are what a reader opens the comment for.
    ...shownResults.filter((r) => r.status !== "pass").map((r) => details(r, limits)),
    ...shownResults.filter((r) => r.status === "pass").map((r) => details(r, limits)),
    skippedList(input.skipped, limits.skipped),
    runUrl && `[Workflow run](${runUrl})`,
  ];
  return `${blocks.filter((b): b is string => typeof b === "string" && b !== "").join("\n\n")}\n`;
}

function clipped(text: string, max: number): string {
  const { head, omitted } = clip(text, max);
  return omitted > 0 ? `${head}…` : head;
}

function label(text: string): string {
  return escapeMarkdown(clipped(text, LABEL_MAX));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

function countLine(results: Result[], skipped: number): string {
  const counts = STATUSES.map((s) => [s, results.filter((r) => r.status === s).length] as const)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${n} ${STATUS_LABELS[s]}`);
  const line =
    results.length === 0
      ? "No candidates were run."
      : `**${plural(results.length, "candidate")}**: ${counts.join(", ")}`;
  return skipped > 0 ? `${line}; ${skipped} skipped` : line;
}

function table(results: Result[], rows: number): string {
  const withPatch = results.some((r) => r.changed_files !== undefined || r.patch_strategy !== undefined);
  const head = ["Candidate", "Status", "Time", "Source", ...(withPatch ? ["Patch"] : [])];
  const align = ["---", "---", "--:", "---", ...(withPatch ? ["---"] : [])];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const body = results
    .slice(0, rows)
    .map((r) =>
      line([
        label(r.id),
        r.status === "pass" ? STATUS_LABELS.pass : `**${STATUS_LABELS[r.status]}**`,
        formatDuration(r.duration_ms),
        sourceCell(r),
        ...(withPatch ? [patchCell(r)] : []),
      ]),
    );
  const hidden = results.length - body.length;
  const note = hidden > 0 ? `\n\n… and ${plural(hidden, "more candidate")} not shown.` : "";
  return [line(head), line(align), ...body].join("\n") + note;
}

function sourceCell(r: { source: string; url?: string; author?: string }): string {
  const url = safeUrl(r.url);
  const where = url ? `[comment](${url})` : label(r.source);
  return r.author ? `${where} by ${label(r.author)}` : where;
}

function patchCell(r: Result): string {
  const files = r.changed_files ?? [];
  const shown = files.slice(0, FILES_SHOWN).map(label).join(", ");
  const more = files.length > FILES_SHOWN ? ` and ${files.length - FILES_SHOWN} more` : "";
  const strategy = r.patch_strategy ? ` (${label(r.patch_strategy)})` : "";
  return `${shown}${more}${strategy}`;
}

function outcome(r: Result): string {
  const where = r.syntax && [r.syntax.file, r.syntax.line, r.syntax.column].filter((p) => p !== undefined).join(":");
  const parts = [where ? `${STATUS_LABELS[r.status]} at ${where}` : STATUS_LABELS[r.status]];
  if (r.signal) parts.push(`signal ${r.signal}`);
  else if (r.exit_code !== null) parts.push(`exit ${r.exit_code}`);
  parts.push(formatDuration(r.duration_ms));
  return parts.join(", ");
}

// A collapsed block per candidate: feedback (not for passes), then stdout and stderr.
function details(r: Result, limits: Limits): string | undefined {
  const pass = r.status === "pass";
  const outputCap = pass ? limits.passOutput : limits.failOutput;
  const silent = r.stdout === "" && r.stderr === "";
  // A pass has only its output to show; a failure has something until its output and feedback are both cut.
  if (pass ? outputCap === 0 || silent : outputCap === 0 && limits.feedback === 0) return undefined;
  const sections = [
    pass ? undefined : section("Feedback", r.feedback, limits.feedback, false),
    ...(silent
      ? ["No output on stdout or stderr.\n"]
      : [
          section("stdout", r.stdout, outputCap, r.truncated.stdout),
          section("stderr", r.stderr, outputCap, r.truncated.stderr),
        ]),
  ];
  // One line: a blank line would end the HTML block and let the rest be parsed as markdown.
  const line = (text: string) => escapeHtml(text).replace(/\s*\n\s*/g, " ");
  const summary = `<summary><b>${line(clipped(r.id, LABEL_MAX))}</b>: ${line(outcome(r))}</summary>`;
  return ["<details>", summary, "", ...sections.filter((s) => s !== undefined), "</details>"].join("\n");
}

function section(title: string, text: string, cap: number, cutBySandbox: boolean): string {
  const note = cutBySandbox ? " (cut at `max-output` by the sandbox)" : "";
  if (text === "") return `**${title}**: empty\n`;
  if (cap === 0) return `**${title}**: omitted for length\n`;
  return `**${title}**${note}\n\n${pre(text, cap)}\n`;
}

// <pre> with HTML escaping rather than a fence: no content can end it, `</details>` included.
function pre(text: string, cap: number): string {
  const { head, omitted, tail } = clip(text.replace(/\n+$/, ""), cap);
  const cut = omitted > 0 ? `\n[… ${omitted} characters omitted …]\n${escapeHtml(tail)}` : "";
  return `<pre>\n${escapeHtml(head)}${cut}\n</pre>`;
}

function skippedList(skipped: Skipped[], shown: number): string | undefined {
  if (skipped.length === 0) return undefined;
  const items = skipped
    .slice(0, shown)
    .map((s) => `- **${label(s.id)}**: ${escapeMarkdown(clipped(s.reason, REASON_MAX))} (${sourceCell(s)})`);
  const hidden = skipped.length - items.length;
  if (hidden > 0) items.push(`- … and ${hidden} more`);
  return [`**Skipped** (not run):`, "", ...items].join("\n");
}
