// The sticky PR comment, the job summary and the check's text as markdown. Pure: values in, a string out.
// Everything a candidate produced (ids, output, feedback, file names, authors) is untrusted text, and so
// is everything a report read from an artifact holds.
//
// Read in five seconds at a PR column's width (~760 px): an icon and one verdict line naming the commit;
// the workflow run's link beside it, never shortened away; one row per reply with an icon beside its
// label, the deciding replies first and the older ones collapsed as history; under the table, in view,
// the next step for each deciding candidate that did not pass (the failing tests and what they said, or
// "re-run" for a failure of ours); the details, output in fenced blocks, in that order.
import { failingCases } from "../core/tests.js";
import { type Result, type Skipped, type Status } from "../core/model.js";
import { STATUS_INFO } from "../core/statuses.js";
import type { Report } from "../core/schemas/report.js";
import { protectedNote, protectedStep } from "./protected.js";
import { failedForTampering, tamperingLines, tamperingNote } from "./tampering.js";
import { failuresOf, type Failure, type Failures } from "./failures.js";
import { formatDuration } from "../core/units.js";
import { SKIPPED_ICON, verdictIcon } from "./icons.js";
import { countResolved, resolvedText } from "./resolved-rate.js";
import { testTally, totalCounts } from "./test-counts.js";

export interface CommentInput {
  results: Result[];
  skipped: Skipped[];
  runUrl?: string;
  gate: { failed: boolean; reason: string };
  /** The sticky comment's marker (github/sticky-comment.ts `stickyMarker`): what the comment starts with. */
  marker: string;
  /** The commit the candidates were judged at, named short in the verdict line. */
  commit?: { sha: string; url?: string };
  /** The results the check follows; the others are history. Absent: every result decides. */
  deciding?: ReadonlySet<string>;
  /** Only our side failed: the verdict's icon says so, and nobody's code is blamed. */
  ours?: boolean;
  /** The pull request, for the job summary's link back to it. */
  pullRequest?: { url: string; number: number };
  /** The run that judged a carried-over result, by result id. */
  judgedIn?: ReadonlyMap<string, string>;
  /** With `compare: base`: the run on the unpatched base that the patches were held against. */
  base?: Report["base"];
}

/** GitHub refuses issue comments longer than this many characters. */
export const COMMENT_MAX_LENGTH = 65_536;
/** A job summary may hold 1 MiB; one UTF-16 unit never takes more than 3 bytes of UTF-8. */
export const SUMMARY_MAX_LENGTH = Math.floor((1024 * 1024) / 3);
/** A check run's summary holds at most this many characters. */
export const CHECK_SUMMARY_MAX_LENGTH = 65_535;

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

// GFM links a bare `https://…` or `www.…` in text: a zero-width space inside keeps an untrusted one inert.
function neutralizeAutolinks(text: string): string {
  return text.replace(/:\/\//g, ":/\u200b/").replace(/\bwww\./gi, (m) => `${m.slice(0, 3)}\u200b.`);
}

const HTML_ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

/** For HTML contexts (`<summary>`): markdown is not parsed there, entities are. */
export function escapeHtml(text: string): string {
  return neutralizeMentions(cleanText(text).replace(/[&<>"]/g, (c) => HTML_ENTITIES[c] ?? c));
}

/** For one line of markdown (table cells, paragraphs, list items): no markup, links, images or mentions. */
export function escapeMarkdown(text: string): string {
  const line = cleanText(text)
    .replace(/\s*\n\s*/g, " ")
    .replace(/\t/g, " ");
  return neutralizeAutolinks(
    neutralizeMentions(line.replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c).replace(/[\\`*_[\]!|~$]/g, "\\$&")),
  );
}

// A copy of our marker in untrusted text shown verbatim (code) must not read as our comment's.
function neutralizeMarker(text: string): string {
  return text.replace(/<!--/g, "<!\u200b--");
}

/** The longest run of backticks in `text`. */
function longestBackticks(text: string): number {
  let longest = 0;
  for (const run of text.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return longest;
}

/**
 * For one line of untrusted text shown as code in markdown (not in a table): a code span whose backticks
 * outnumber any run inside, so nothing in it is markup and nothing can end it early.
 */
export function codeSpan(text: string): string {
  const flat = neutralizeMarker(neutralizeMentions(cleanText(text)))
    .replace(/\s+/g, " ")
    .trim();
  if (flat === "") return "";
  const ticks = "`".repeat(longestBackticks(flat) + 1);
  // A span may not start or end with its own delimiter's character: a space on both sides is stripped.
  const pad = flat.startsWith("`") || flat.endsWith("`") ? " " : "";
  return `${ticks}${pad}${flat}${pad}${ticks}`;
}

/**
 * A code span inside a table's cell: GFM splits cells at every unescaped `|`, inside code spans too, and
 * reads `\|` there as `|`: a candidate's file name must not add cells to the row.
 */
function cellCodeSpan(text: string): string {
  return codeSpan(text).replace(/\|/g, "\\|");
}

/**
 * Untrusted text as a fenced code block: its fence is longer than any run of backticks inside, so no line
 * of it (`</details>`, a fence of its own) can end the block; inside, nothing is markup, HTML or a mention.
 */
export function fence(text: string): string {
  const safe = neutralizeMarker(neutralizeMentions(cleanText(text)));
  const ticks = "`".repeat(Math.max(3, longestBackticks(safe) + 1));
  return `${ticks}\n${safe}\n${ticks}`;
}

/** An http(s) URL safe to put in a link inside a table, or undefined. */
export function safeUrl(url: string | undefined): string | undefined {
  if (url === undefined || !URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return undefined;
  // A `|` would split the table cell; parentheses and brackets would end the link.
  return parsed.href.replace(/[|()[\]]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
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
  history: number;
  skipped: number;
  /** Next steps listed under the table. */
  steps: number;
  rows: number;
}
const SHRINK_ORDER = ["passOutput", "failOutput", "feedback", "history", "skipped", "steps", "rows"] as const;
const UNLIMITED: Limits = {
  passOutput: Infinity,
  failOutput: Infinity,
  feedback: Infinity,
  history: Infinity,
  skipped: Infinity,
  steps: Infinity,
  rows: Infinity,
};
// Ids, sources and file names are labels: a page-long one is cut wherever it appears.
const LABEL_MAX = 100;
const REASON_MAX = 1000;
const FILES_SHOWN = 3;
const NBSP = "\u00a0";

/** The PR comment: marker first, never longer than `maxLength`. Details for the deciding results only. */
export function renderComment(input: CommentInput, maxLength = COMMENT_MAX_LENGTH): string {
  return fit(input, { marker: input.marker, history: false, totals: false }, maxLength);
}

/** The job summary: no marker, a link back to the PR, and its larger room for every result's output. */
export function renderSummary(input: CommentInput, maxLength = SUMMARY_MAX_LENGTH): string {
  return fit(input, { history: true, totals: true }, maxLength);
}

interface Shape {
  marker?: string;
  /** Details blocks for the history too, not only for the deciding results. */
  history: boolean;
  /** The deciding results' tests added up, under the verdict. */
  totals: boolean;
}

// Renders in full if it fits; otherwise, for each kind of content from the least important on,
// the largest limit that fits (binary search), so every character of room is used.
function fit(input: CommentInput, shape: Shape, maxLength: number): string {
  const doc = prepare(input, shape);
  let body = render(doc, UNLIMITED, maxLength);
  if (body.length <= maxLength) return body;
  const limits = { ...UNLIMITED };
  for (const kind of SHRINK_ORDER) {
    const fits = (value: number) => render(doc, { ...limits, [kind]: value }, maxLength).length <= maxLength;
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
    return render(doc, limits, maxLength);
  }
  // Only a tiny maxLength gets here: the heading alone does not fit.
  body = render(doc, limits, maxLength);
  return body.length <= maxLength ? body : body.slice(0, maxLength);
}

/** One result as shown: its text cleaned once, so each of the many renders only clips and escapes. */
interface Row {
  r: Result;
  /** "reply 4" in a conversation, else the id. */
  name: string;
  deciding: boolean;
  /** What to do about a deciding result that did not pass, as a list item (its sub-items included). */
  step?: string;
  /** The streams the feedback already shows in full: their blocks point to it (see `shownInFeedback`). */
  quoted: { stdout: boolean; stderr: boolean };
}

interface Prepared {
  input: CommentInput;
  shape: Shape;
  /** Deciding results first, then history; newest first in a conversation, input order otherwise. */
  deciding: Row[];
  history: Row[];
  conversation: boolean;
}

function prepare(input: CommentInput, shape: Shape): Prepared {
  const conversation = input.results.length > 0 && input.results.every((r) => r.author !== undefined);
  const rows = input.results.map((r, i): Row => {
    const clean = { ...r, stdout: cleanText(r.stdout), stderr: cleanText(r.stderr), feedback: cleanText(r.feedback) };
    // A pass's feedback is empty: its output is all it shows.
    const feedback = r.status === "pass" ? "" : clean.feedback;
    const row: Row = {
      r: clean,
      name: conversation ? `reply ${i + 1}` : r.id,
      deciding: input.deciding === undefined || input.deciding.has(r.id),
      quoted: { stdout: shownInFeedback(feedback, clean.stdout), stderr: shownInFeedback(feedback, clean.stderr) },
    };
    // Made once: reading the failures off the output is the costly part, and each render only picks.
    return row.deciding && r.status !== "pass" ? { ...row, step: nextStep(row, conversation) } : row;
  });
  const ordered = conversation ? rows.reverse() : rows;
  return {
    input,
    shape,
    deciding: ordered.filter((row) => row.deciding),
    history: ordered.filter((row) => !row.deciding),
    conversation,
  };
}

function upperBound(doc: Prepared, kind: keyof Limits): number {
  const longest = (texts: string[]) => Math.max(0, ...texts.map((t) => t.length));
  const all = [...doc.deciding, ...doc.history].map((row) => row.r);
  const passing = all.filter((r) => r.status === "pass");
  const failing = all.filter((r) => r.status !== "pass");
  switch (kind) {
    case "passOutput":
      return longest(passing.flatMap((r) => [r.stdout, r.stderr]));
    case "failOutput":
      return longest(failing.flatMap((r) => [r.stdout, r.stderr]));
    case "feedback":
      return longest(failing.map((r) => r.feedback));
    case "history":
      return doc.history.length;
    case "skipped":
      return doc.input.skipped.length;
    case "steps":
      return doc.deciding.filter((row) => row.step !== undefined).length;
    case "rows":
      return doc.deciding.length;
  }
}

function render(doc: Prepared, given: Limits, maxLength: number): string {
  const { input, shape } = doc;
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
  const deciding = doc.deciding.slice(0, limits.rows);
  const history = doc.history.slice(0, limits.history);
  const withDetails = [...deciding, ...(shape.history ? history : [])];
  const blocks = [
    shape.marker,
    verdictLine(input),
    metaLine(doc, shape),
    shortened && `> **Note:** some output was shortened to keep this under ${maxLength} characters.`,
    deciding.length > 0 && table(doc, deciding, doc.deciding.length - deciding.length),
    stepsBlock(deciding, limits.steps),
    ...withDetails.map((row) => details(row, limits)),
    history.length > 0 && historyBlock(doc, history),
    skippedList(input.skipped, limits.skipped),
  ];
  return `${blocks.filter((b): b is string => typeof b === "string" && b !== "").join("\n\n")}\n`;
}

/** `### ❌ 1 of 4 replies passed — latest from @agent fails the tests — at abc1234` */
function verdictLine(input: CommentInput): string {
  const icon = verdictIcon(input.gate.failed, input.ours === true);
  const reason = escapeMarkdown(clipped(input.gate.reason || (input.gate.failed ? "failed" : "passed"), REASON_MAX));
  const sha = input.commit && /^[0-9a-f]{7,64}$/.test(input.commit.sha) ? input.commit.sha.slice(0, 7) : undefined;
  const url = safeUrl(input.commit?.url);
  const at = sha ? ` — at ${url ? `[\`${sha}\`](${url})` : `\`${sha}\``}` : "";
  return `### ${icon} ${reason}${at}`;
}

/** The line under the verdict: where the run is (always kept), what was judged and what carried over. */
function metaLine(doc: Prepared, shape: Shape): string {
  const { input } = doc;
  const runUrl = safeUrl(input.runUrl);
  const prUrl = safeUrl(input.pullRequest?.url);
  const carried = input.results.filter((r) => r.cached).length;
  const judged = input.results.length - carried;
  const resolved = countResolved(input.results);
  const parts = [
    shape.history && prUrl && `[pull request #${input.pullRequest!.number}](${prUrl})`,
    runUrl && `[workflow run](${runUrl})`,
    carried > 0 && `${judged} judged, ${carried} carried over from earlier runs`,
    input.skipped.length > 0 && `${SKIPPED_ICON} ${input.skipped.length} skipped`,
    shape.totals && testTotals(doc),
    input.base && baseCell(input.base),
    resolved && resolvedText(resolved),
    `sandbox-gate`,
  ];
  return parts.filter((p): p is string => typeof p === "string").join(" · ");
}

function clipped(text: string, max: number): string {
  const { head, omitted } = clip(text, max);
  return omitted > 0 ? `${head}…` : head;
}

/** An id, a source or a file name as one line of markdown: cut at LABEL_MAX, escaped. */
export function label(text: string): string {
  return escapeMarkdown(clipped(text, LABEL_MAX));
}

/** `❌ tests failed`: a status as a reader sees it. */
function iconed(status: Status): string {
  return `${STATUS_INFO[status].icon} ${STATUS_INFO[status].shown}`;
}

function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

/** `405 ms` that never wraps between the number and its unit; "not run" when nothing of the code ran. */
function timeCell(r: Result): string {
  const ran = r.duration_ms > 0 && STATUS_INFO[r.status].sandboxed;
  return ran ? formatDuration(r.duration_ms).replace(/ /g, NBSP) : `not${NBSP}run`;
}

function nameCell(row: Row, doc: Prepared): string {
  const { r } = row;
  const url = safeUrl(r.url);
  const name = url ? `[${label(row.name)}](${url})` : label(row.name);
  const by = r.author ? ` by ${label(r.author.startsWith("@") ? r.author : `@${r.author}`)}` : "";
  const latest = doc.conversation && row.deciding && doc.history.length > 0 ? " · latest" : "";
  return `${name}${by}${latest}`;
}

/** The base run, in the line under the verdict: what the patches were held against. */
function baseCell(base: NonNullable<Report["base"]>): string {
  const notes = [
    base.tests && `tests: ${testTally(base.tests.counts)}`,
    base.notes?.some((note) => note.includes("void")) && "comparison void",
  ].filter((n): n is string => typeof n === "string");
  return `base: ${iconed(base.status)}${notes.length > 0 ? ` (${notes.join("; ")})` : ""}`;
}

/**
 * `tests of 3 candidates: 30 passed, 2 failed`: the deciding results' tests added up, for the job summary;
 * said when two or more read tests (one result's counts are in its row already).
 */
function testTotals(doc: Prepared): string | undefined {
  const tested = doc.deciding.flatMap((row) => (row.r.tests ? [row.r.tests.counts] : []));
  if (tested.length < 2) return undefined;
  const whose = doc.conversation ? plural(tested.length, "reply", "replies") : plural(tested.length, "candidate");
  return `tests of ${whose}: ${testTally(totalCounts(tested))}`;
}

function resultCell(r: Result, input: CommentInput): string {
  const marks = [
    r.tests && `tests: ${testTally(r.tests.counts)}`,
    r.flaky && "flaky",
    r.retried && "retried after a failure of ours",
    protectedNote(r, FILES_SHOWN, label),
    tamperingNote(r, FILES_SHOWN, cellCodeSpan),
  ].filter((m): m is string => typeof m === "string");
  const text = [iconed(r.status), ...marks].join(" · ");
  if (!r.cached) return text;
  const run = safeUrl(input.judgedIn?.get(r.id));
  return `${text} · ${run ? `[earlier run](${run})` : "earlier run"}`;
}

function table(doc: Prepared, rows: Row[], hidden: number): string {
  const patch = rows.some((row) => row.r.changed_files !== undefined || row.r.patch_strategy !== undefined);
  const time = rows.some((row) => timeCell(row.r) !== `not${NBSP}run`);
  const head = [
    doc.conversation ? "Reply" : "Candidate",
    "Result",
    ...(time ? ["Time"] : []),
    ...(patch ? ["Patch"] : []),
  ];
  const align = ["---", "---", ...(time ? ["--:"] : []), ...(patch ? ["---"] : [])];
  const line = (cells: string[]) => `| ${cells.join(" | ")} |`;
  const body = rows.map((row) =>
    line([
      nameCell(row, doc),
      resultCell(row.r, doc.input),
      ...(time ? [timeCell(row.r)] : []),
      ...(patch ? [patchCell(row.r)] : []),
    ]),
  );
  const note = hidden > 0 ? `\n\n… and ${plural(hidden, "more candidate")} not shown.` : "";
  return [line(head), line(align), ...body].join("\n") + note;
}

/** The older replies, collapsed: one row each, their verdicts kept. */
function historyBlock(doc: Prepared, rows: Row[]): string {
  const passed = doc.history.filter((row) => row.r.status === "pass").length;
  const hidden = doc.history.length - rows.length;
  const summary = `<summary>History: ${plural(doc.history.length, "earlier reply", "earlier replies")}, ${passed} passed</summary>`;
  return ["<details>", summary, "", table(doc, rows, hidden), "", "</details>"].join("\n");
}

function patchCell(r: Result): string {
  const files = r.changed_files ?? [];
  const shown = files.slice(0, FILES_SHOWN).map(label).join(", ");
  const more = files.length > FILES_SHOWN ? ` and ${files.length - FILES_SHOWN} more` : "";
  const strategy = r.patch_strategy ? ` (${label(r.patch_strategy)})` : "";
  return `${shown}${more}${strategy}` || "—";
}

function outcome(r: Result): string {
  const where = syntaxWhere(r);
  const { shown } = STATUS_INFO[r.status];
  const parts = [where ? `${shown} at ${where}` : shown];
  if (r.signal) parts.push(`signal ${r.signal}`);
  else if (r.exit_code !== null) parts.push(`exit ${r.exit_code}`);
  parts.push(timeCell(r).replace(new RegExp(NBSP, "g"), " "));
  return parts.join(", ");
}

// A collapsed block per result: feedback (not for passes), then stdout and stderr.
function details(row: Row, limits: Limits): string | undefined {
  const { r } = row;
  const pass = r.status === "pass";
  const outputCap = pass ? limits.passOutput : limits.failOutput;
  const silent = r.stdout === "" && r.stderr === "";
  if (r.cached) return undefined;
  // A pass has only its output to show; a failure has something until its output and feedback are both cut.
  const extra = r.tests !== undefined || (r.notes?.length ?? 0) > 0 || (r.attempts?.length ?? 0) > 1;
  if (pass ? outputCap === 0 || (silent && !extra) : outputCap === 0 && limits.feedback === 0) return undefined;
  const sections = [
    attemptsSection(r),
    testsSection(r),
    notesSection(r),
    pass ? undefined : feedbackSection(r.feedback, limits.feedback),
    ...(silent
      ? ["No output on stdout or stderr.\n"]
      : [
          stream("stdout", r.stdout, outputCap, r.truncated.stdout, row.quoted.stdout),
          stream("stderr", r.stderr, outputCap, r.truncated.stderr, row.quoted.stderr),
        ]),
  ];
  // One line: a blank line would end the HTML block and let the rest be parsed as markdown.
  const line = (text: string) => escapeHtml(text).replace(/\s*\n\s*/g, " ");
  const author = r.author ? ` by ${r.author.startsWith("@") ? r.author : `@${r.author}`}` : "";
  const summary = `<summary>${STATUS_INFO[r.status].icon} <b>${line(clipped(row.name, LABEL_MAX))}</b>${line(author)}: ${line(outcome(r))}</summary>`;
  return ["<details>", summary, "", ...sections.filter((s) => s !== undefined), "</details>"].join("\n");
}

/** Failing tests named under the table for each candidate; more are counted. */
export const FAILURES_SHOWN = 3;
/** What a failing test said, or why a candidate failed, in one line under the table. */
const SAID_MAX = 240;

/** The next steps, under the table: one item per deciding result that did not pass, then how many more. */
function stepsBlock(rows: Row[], shown: number): string | undefined {
  const steps = rows.flatMap((row) => (row.step === undefined ? [] : [row.step]));
  if (steps.length === 0) return undefined;
  const items = steps.slice(0, shown);
  if (steps.length > items.length) items.push(`- … and ${plural(steps.length - items.length, "more candidate")}`);
  return [`**Next steps**`, "", ...items].join("\n");
}

/**
 * What the maintainer does about `row`: for the candidate's failure, what to fix (the patch's files, the
 * reply's code) and the tests that fail with the first line each said; for our failure, re-run, and why;
 * for protected files, leave them as they are; for code that reaches into the judge, where it does.
 */
function nextStep(row: Row, conversation: boolean): string {
  const { r } = row;
  const by = r.author ? ` by ${label(r.author.startsWith("@") ? r.author : `@${r.author}`)}` : "";
  const item = (text: string) => `- ${STATUS_INFO[r.status].icon} **${label(row.name)}**${by}: ${text}`;
  if (STATUS_INFO[r.status].ours) return item(`our failure, not the code's: re-run${cause(r.feedback)}`);
  const patch = r.changed_files !== undefined || r.patch_strategy !== undefined;
  const subject = patch ? "the patch" : conversation ? "the reply" : "the candidate";
  const failures = STATUS_INFO[r.status].sandboxed ? failuresOf(r, FAILURES_SHOWN) : { shown: [], total: 0 };
  // Its tests passed; what fails it is where its code reaches into the judge: each place, as it is.
  if (failedForTampering(r))
    return item(
      `the tests passed, but ${subject}'s code reaches into the judge: remove it` +
        tamperingLines(r, codeSpan, label)
          .map((line) => `\n  - ${line}`)
          .join(""),
    );
  switch (r.status) {
    case "protected": {
      const ran = failures.total > 0 ? `; with the base's versions, ${testsFail(failures.total)}` : "";
      return item(`${protectedStep(r, FILES_SHOWN, codeSpan)}${ran}${subItems(failures)}`);
    }
    case "syntax_error": {
      const where = syntaxWhere(r);
      const said = r.syntax?.message ? ` — ${codeSpan(clipped(r.syntax.message, SAID_MAX))}` : cause(r.feedback);
      return item(`fix the syntax error${where ? ` at ${label(where)}` : ""}${said}`);
    }
    case "patch_failed":
      return item(`regenerate the patch against the current files${cause(r.feedback)}`);
    case "test_failed":
      return item(testsStep(r, failures, patch ? undefined : `${subject}'s code`));
    default:
      return item(`${subject} ${STATUS_INFO[r.status].phrase}${cause(r.feedback)}`) + subItems(failures);
  }
}

/**
 * What to fix when tests fail: the patch's files, or the reply's code (`whose`), and which tests, with what
 * the only one said; with none named, what the feedback says.
 */
function testsStep(r: Result, failures: Failures, whose: string | undefined): string {
  const { shown, total } = failures;
  if (total === 0) return `${whose ?? "the patch"} fails the tests${cause(r.feedback)}`;
  if (whose === undefined) return `fix ${changedFiles(r)}: ${testsFail(total)}${subItems(failures)}`;
  if (total > 1) return `${whose} fails ${plural(total, "test")}${subItems(failures)}`;
  // One test, or only what the output said: in the line itself.
  return `${whose} fails ${shown[0]!.name === undefined ? "the tests — " : ""}${failureText(shown[0]!)}`;
}

/** `2 tests fail`, `1 test fails`. */
function testsFail(n: number): string {
  return `${plural(n, "test")} ${n === 1 ? "fails" : "fail"}`;
}

/** `solution.py:3:5`: where the parser stopped, as much of it as is known. */
function syntaxWhere(r: Result): string | undefined {
  return r.syntax && [r.syntax.file, r.syntax.line, r.syntax.column].filter((p) => p !== undefined).join(":");
}

/** The files a patch changed, as code, the first few: what to fix. */
function changedFiles(r: Result): string {
  const files = r.changed_files ?? [];
  if (files.length === 0) return "the patch";
  const more = files.length > FILES_SHOWN ? ` and ${files.length - FILES_SHOWN} more` : "";
  return `${files
    .slice(0, FILES_SHOWN)
    .map((f) => codeSpan(clipped(f, LABEL_MAX)))
    .join(", ")}${more}`;
}

/** ` — The first line of the feedback`, as plain text; nothing when there is none. */
function cause(feedback: string): string {
  const first = feedback.split("\n").find((line) => line.trim() !== "");
  return first ? ` — ${escapeMarkdown(clipped(first.trim(), SAID_MAX))}` : "";
}

/** `` `test_fizz` (tests/test_calc.py:3) — `AssertionError: …` ``: a failing test and what it said. */
function failureText(f: Failure): string {
  const name = f.name !== undefined ? codeSpan(clipped(f.name, LABEL_MAX)) : "";
  const where = f.where ? ` (${label(f.where)})` : "";
  const said = f.message ? codeSpan(clipped(f.message, SAID_MAX)) : "";
  return [`${name}${where}`, said].filter((part) => part !== "").join(" — ");
}

/** The failures under a step's line, then how many more. */
function subItems({ shown, total }: { shown: Failure[]; total: number }): string {
  const items = shown.map((f) => `\n  - ${failureText(f)}`);
  if (total > shown.length) items.push(`\n  - … and ${total - shown.length} more`);
  return items.join("");
}

/** Failing tests listed in the comment; more are counted. */
export const FAILING_TESTS_SHOWN = 10;

/** The tests that failed (with `compare`, those the candidate broke first), and how it did against the base. */
function testsSection(r: Result): string | undefined {
  const { tests, compare } = r;
  if (!tests) return undefined;
  const { held, preexisting } = failingCases(r);
  const ordered = [...held, ...preexisting];
  const items = ordered.slice(0, FAILING_TESTS_SHOWN).map((c) => {
    const where = c.file ? ` (${label(c.file)}${c.line ? `:${c.line}` : ""})` : "";
    const first = c.message?.split("\n").find((line) => line.trim() !== "");
    const said = first ? `: ${escapeMarkdown(clipped(first.trim(), REASON_MAX / 5))}` : "";
    const already = preexisting.includes(c) ? " — already failing on the base" : "";
    return `- ${label(c.id)}${where}${said}${already}${c.flaky ? " · flaky" : ""}`;
  });
  if (ordered.length > FAILING_TESTS_SHOWN) items.push(`- … and ${ordered.length - FAILING_TESTS_SHOWN} more`);
  const against = compare
    ? `Against the base: ${[
        `${compare.fail_to_pass?.length ?? 0} fixed`,
        `${compare.pass_to_fail?.length ?? 0} broken`,
        `${compare.new_failing?.length ?? 0} new failing`,
        `${compare.fail_to_fail?.length ?? 0} already failing (not counted)`,
      ].join(", ")}.`
    : undefined;
  const head = `**Tests**: ${testTally(tests.counts)}`;
  const flaky = tests.cases.filter((c) => c.flaky && !ordered.includes(c));
  const flakyLine = flaky.length
    ? `Flaky (failed in one attempt, passed in another): ${flaky
        .slice(0, FAILING_TESTS_SHOWN)
        .map((c) => label(c.id))
        .join(", ")}${flaky.length > FAILING_TESTS_SHOWN ? ", …" : ""}`
    : undefined;
  return `${[head, against, items.length > 0 ? items.join("\n") : undefined, flakyLine].filter(Boolean).join("\n\n")}\n`;
}

/** Each attempt of a rerun candidate, in order. */
function attemptsSection(r: Result): string | undefined {
  if (!r.attempts || r.attempts.length < 2) return undefined;
  const steps = r.attempts.map((a) => `${iconed(a.status)} (${formatDuration(a.duration_ms)})`);
  return `**Attempts**: ${steps.join(" → ")}${r.flaky ? " — flaky" : ""}\n`;
}

function notesSection(r: Result): string | undefined {
  if (!r.notes || r.notes.length === 0) return undefined;
  return `${r.notes.map((note) => `> **Note:** ${escapeMarkdown(clipped(note, REASON_MAX))}`).join("\n>\n")}\n`;
}

/**
 * Whether `feedback` already shows all of `output` (an output stream), as whole lines: the feedback of
 * failed tests quotes the output under its own words ("The tests failed …", the failing tests, "Output:",
 * the traceback, "Fix the code."), and an older report's feedback may be the output itself. Then the
 * output is said once, in the feedback, and the stream's block points there; the feedback keeps its own
 * words, which name the failure. Whole lines only (indents aside, as the feedback trims what it quotes),
 * so a short output such as `1` that a sentence of the feedback happens to hold is still shown. Only the
 * first and the last place the feedback holds it are looked at: the quote is one of them, and a hostile
 * output repeated on every line of a long feedback must not cost a search per line. Pure.
 */
export function shownInFeedback(feedback: string, output: string): boolean {
  const quoted = output.trim();
  if (quoted === "" || feedback === "") return false;
  const wholeLines = (at: number) =>
    at !== -1 && blankTo(feedback, at - 1, -1) && blankTo(feedback, at + quoted.length, 1);
  return wholeLines(feedback.indexOf(quoted)) || wholeLines(feedback.lastIndexOf(quoted));
}

/** Whether only blanks lie from `at` to its line's start (`step` -1) or end (`step` 1). */
function blankTo(text: string, at: number, step: -1 | 1): boolean {
  for (let i = at; i >= 0 && i < text.length; i += step) {
    if (text[i] === "\n") return true;
    if (text[i] !== " " && text[i] !== "\t") return false;
  }
  return true;
}

// An output the feedback shows (see shownInFeedback): said once, not twice.
function stream(title: string, text: string, cap: number, cutBySandbox: boolean, quoted: boolean): string {
  if (quoted) return `**${title}**${sandboxCut(cutBySandbox)}: in the feedback above\n`;
  return section(title, text, cap, cutBySandbox);
}

function sandboxCut(cutBySandbox: boolean): string {
  return cutBySandbox ? " (cut at `max-output` by the sandbox)" : "";
}

function section(title: string, text: string, cap: number, cutBySandbox: boolean): string {
  const note = sandboxCut(cutBySandbox);
  if (text === "") return `**${title}**: empty\n`;
  if (cap === 0) return `**${title}**: omitted for length\n`;
  return `**${title}**${note}\n\n${excerpt(text, cap)}\n`;
}

// Feedback (often a traceback) keeps its line breaks and indents in a fenced block, as output does.
function feedbackSection(text: string, cap: number): string {
  if (text === "") return "**Feedback**: empty\n";
  if (cap === 0) return "**Feedback**: omitted for length\n";
  return `**Feedback**\n\n${excerpt(text, cap)}\n`;
}

/** At most `cap` characters of `text`, its head and tail, in a fenced block that no content can end. */
function excerpt(text: string, cap: number): string {
  const { head, omitted, tail } = clip(text.replace(/\n+$/, ""), cap);
  return fence(omitted > 0 ? `${head}\n[… ${omitted} characters omitted …]\n${tail}` : head);
}

function skippedList(skipped: Skipped[], shown: number): string | undefined {
  if (skipped.length === 0) return undefined;
  const items = skipped.slice(0, shown).map((s) => {
    const url = safeUrl(s.url);
    const where = url ? `[comment](${url})` : label(s.source);
    return `- ${SKIPPED_ICON} **${label(s.id)}**: ${escapeMarkdown(clipped(s.reason, REASON_MAX))} (${where})`;
  });
  const hidden = skipped.length - items.length;
  if (hidden > 0) items.push(`- … and ${hidden} more`);
  return [`**Skipped** (not run):`, "", ...items].join("\n");
}
