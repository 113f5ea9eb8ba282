// Patches applied in memory: parse a unified diff (git-style or plain), then apply it to a map of base files,
// on bytes and as git apply does, so that a file in any encoding or none (CRLF, latin1, binary) comes out as
// git would write it. Pure: no I/O. The caller loads the base files named by touchedPaths and must refuse any
// path that resolves through a symlink in the checkout (see pathThroughSymlink): this module only ever sees
// path strings.
import { checkRelativePath, isSafeRelativePath } from "../core/paths.js";

/**
 * How a hunk found its place, strictest first: `exact` and `offset` are where git apply would put it,
 * `fuzz` is what only looser tools (GNU patch --fuzz, git apply -C) accept.
 */
export type Strategy = "exact" | "offset" | "fuzz";

const STRATEGIES: readonly Strategy[] = ["exact", "offset", "fuzz"];

export interface HunkLine {
  op: " " | "-" | "+";
  /** The line's bytes without its LF, one character a byte (see byteString): a CR before the LF stays. */
  text: string;
  /** Followed by `\ No newline at end of file`: the line has no LF. */
  noEol: boolean;
}

export interface Hunk {
  /** The `@@ -l,s +l,s @@` part of the header line, as written. */
  header: string;
  oldStart: number;
  oldCount: number;
  newStart: number;
  newCount: number;
  lines: HunkLine[];
}

/**
 * One file's part of a patch. Paths are text (git's bytes read as UTF-8), normalised when safe, kept raw
 * otherwise (applyPatch refuses them).
 */
export interface FilePatch {
  /** The file read; null when the patch creates it. */
  oldPath: string | null;
  /** The file written; null when the patch deletes it. A different oldPath is a rename, or a copy. */
  newPath: string | null;
  copy: boolean;
  /** The file mode the patch sets (`100755` for an executable), when it sets one. */
  mode?: string;
  hunks: Hunk[];
}

export interface HunkRef {
  /** 1-based, within its file. */
  index: number;
  header: string;
}

export interface PatchProblem {
  file: string | null;
  hunk: HunkRef | null;
  /** One line, naming the file and the hunk. */
  reason: string;
}

export interface ParsedPatch {
  /** File patches in order, up to the first problem. */
  files: FilePatch[];
  /** Why parsing stopped early: a malformed hunk, a binary patch, … */
  problem: PatchProblem | null;
}

export interface ApplySuccess {
  ok: true;
  /** Changed path → new content; null = deleted. A change of mode alone counts. */
  files: Map<string, Uint8Array | null>;
  /** The written paths that carry an execute bit: set by the patch, or kept from the base file. */
  executable: Set<string>;
  /** Sorted; a rename lists both paths. */
  changed: string[];
  /** The weakest strategy any hunk needed. */
  strategy: Strategy;
}

export interface ApplyFailure extends PatchProblem {
  ok: false;
}

export type ApplyOutcome = ApplySuccess | ApplyFailure;

export interface ApplyOptions {
  /** The weakest strategy allowed: `offset` (the default) is as far as git apply goes, `fuzz` goes further. */
  maxStrategy?: Strategy;
  /** The base tree's paths that carry an execute bit. */
  executable?: ReadonlySet<string>;
}

// ---------------------------------------------------------------------------------------------------------
// Paths (the rule itself is paths.ts)

/** Safe paths normalised; unsafe ones kept as written, for applyPatch to refuse by name. */
function normalisePath(path: string | null): string | null {
  const checked = path === null ? null : checkRelativePath(path);
  return checked?.ok ? checked.path : path;
}

/** The first path that is, or lies under, a symlink: the caller must refuse it, since writes would follow it. */
export function pathThroughSymlink(paths: Iterable<string>, isSymlink: (path: string) => boolean): string | null {
  for (const path of paths) {
    const parts = path.split("/");
    for (let i = 1; i <= parts.length; i++) if (isSymlink(parts.slice(0, i).join("/"))) return path;
  }
  return null;
}

/** Every safe path the patch reads or writes, sorted: the base files the caller should load. */
export function touchedPaths(patch: ParsedPatch): string[] {
  const paths = new Set<string>();
  for (const file of patch.files) {
    for (const path of [file.oldPath, file.newPath]) if (path !== null && isSafeRelativePath(path)) paths.add(path);
  }
  return [...paths].sort();
}

// ---------------------------------------------------------------------------------------------------------
// Messages: one line, with at most ~200 characters of the candidate's text (a path, a header, two lines).

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function quote(text: string): string {
  return JSON.stringify(clip(text, 40));
}

/** A line of the patch or of a file, quoted as text: its bytes read as UTF-8. */
function quoteBytes(bytes: string): string {
  return quote(utf8(bytes));
}

/** Paths keep their end: the file name says more than the directories above it. */
function clipPath(path: string): string {
  return path.length > 80 ? `…${path.slice(-79)}` : path;
}

function hunkPrefix(file: string, ref: HunkRef): string {
  return `${clipPath(file)} hunk ${ref.index} (${clip(ref.header, 40)})`;
}

// ---------------------------------------------------------------------------------------------------------
// Bytes. Patches and files are handled as byte strings, one character a byte (latin1 keeps every byte), so
// that string tools serve while nothing is decoded: a CR, a latin1 letter or a NUL stays what it was.

function byteString(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

function toBytes(bytes: string): Uint8Array {
  return Buffer.from(bytes, "latin1");
}

/** The bytes read as UTF-8: how paths are named, and how messages quote lines. */
function utf8(bytes: string): string {
  return Buffer.from(bytes, "latin1").toString("utf8");
}

/** Trailing ASCII whitespace off: JavaScript's trimEnd would also take byte 0xA0, half of a UTF-8 letter. */
function trimEndAscii(bytes: string): string {
  return bytes.replace(/[\t\n\v\f\r ]+$/, "");
}

// ---------------------------------------------------------------------------------------------------------
// Parsing

class PatchSyntaxError extends Error {
  constructor(readonly problem: PatchProblem) {
    super(problem.reason);
  }
}

function fail(file: string | null, hunk: HunkRef | null, what: string): never {
  const where = file === null ? "" : hunk === null ? `${clipPath(file)}: ` : `${hunkPrefix(file, hunk)}: `;
  throw new PatchSyntaxError({ file, hunk, reason: `${where}${what}` });
}

/** The patch's lines (byte strings), split at LF. */
class Cursor {
  private readonly lines: string[];
  index = 0;

  constructor(bytes: string) {
    // A byte order mark (UTF-8's) is an editor's, not the patch's.
    const raw = bytes.replace(/^\xEF\xBB\xBF/, "").split("\n");
    if (raw[raw.length - 1] === "") raw.pop();
    this.lines = raw;
  }

  get done(): boolean {
    return this.index >= this.lines.length;
  }

  /** The line `ahead` lines on, or "" past the end, without a CR at its end: git reads headers so too. */
  peek(ahead = 0): string {
    return (this.lines[this.index + ahead] ?? "").replace(/\r$/, "");
  }

  /** The current line as the patch has it, a CR at its end included: a hunk line's bytes. */
  peekRaw(): string {
    return this.lines[this.index] ?? "";
  }

  next(): string {
    const line = this.peek();
    this.index++;
    return line;
  }

  /** 1-based number of the current line, for messages. */
  get lineNumber(): number {
    return this.index + 1;
  }
}

const HUNK_HEADER = /^(@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@)/;
const GIT_HEADER =
  /^(old mode|new mode|deleted file mode|new file mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|index) (.*)$/;
const BINARY = /^(GIT binary patch|Binary files (.*) and (.*) differ)$/;
// `diff -u` puts the modification time after the name; GNU diff -N gives absent files the epoch.
const TIMESTAMP = /[ \t]+(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d+)?(?: [+-]\d{4})?)$/;
const EPOCH = /^(1970-01-01|1969-12-31) /;

function isPlainHeader(cur: Cursor): boolean {
  return cur.peek().startsWith("--- ") && cur.peek(1).startsWith("+++ ") && cur.peek(2).startsWith("@@");
}

const C_ESCAPES: Record<string, number> = { a: 7, b: 8, f: 12, n: 10, r: 13, t: 9, v: 11, "\\": 92, '"': 34 };

/** A git C-quoted name at the start of `text`: the name's bytes and the text after the closing quote. */
function readQuoted(text: string): { name: string; rest: string } | null {
  let name = "";
  for (let i = 1; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '"') return { name, rest: text.slice(i + 1) };
    if (ch !== "\\") {
      name += ch;
      continue;
    }
    const octal = /^[0-7]{3}/.exec(text.slice(i + 1));
    const escaped = C_ESCAPES[text[i + 1] ?? ""];
    if (octal) {
      // One byte, as git's unquoting keeps it.
      name += String.fromCharCode(parseInt(octal[0], 8) & 0xff);
      i += 3;
    } else if (escaped !== undefined) {
      name += String.fromCharCode(escaped);
      i += 1;
    } else return null;
  }
  return null;
}

/** The name on a `---`/`+++` line; null for an absent file (`/dev/null`, or the epoch timestamp). */
function headerName(rest: string, cur: Cursor): string | null {
  let name: string;
  let stamp: string;
  if (rest.startsWith('"')) {
    const quoted = readQuoted(rest);
    if (!quoted) fail(null, null, `line ${cur.lineNumber - 1} of the patch has a malformed quoted file name`);
    ({ name, rest: stamp } = quoted);
  } else {
    const tab = rest.indexOf("\t");
    const match = tab < 0 ? TIMESTAMP.exec(rest) : null;
    name = tab >= 0 ? rest.slice(0, tab) : match ? rest.slice(0, match.index) : rest;
    stamp = tab >= 0 ? rest.slice(tab + 1) : (match?.[1] ?? "");
  }
  name = trimEndAscii(name);
  return name === "/dev/null" || EPOCH.test(stamp.replace(/^[ \t]+/, "")) ? null : name;
}

/** Names from `diff --git A B`: quoted, or the split where both halves name the same file. */
function gitLineNames(rest: string): [string, string] | null {
  if (rest.startsWith('"')) {
    const first = readQuoted(rest);
    const second = first && first.rest.startsWith(' "') ? readQuoted(first.rest.slice(1)) : null;
    if (first && second) return [first.name, second.name];
    return first ? [first.name, first.rest.replace(/^ +/, "")] : null;
  }
  for (let i = rest.indexOf(" "); i >= 0; i = rest.indexOf(" ", i + 1)) {
    const [a, b] = [rest.slice(0, i), rest.slice(i + 1)];
    if (dropFirstComponent(a) === dropFirstComponent(b)) return [a, b];
  }
  return null;
}

function dropFirstComponent(path: string): string {
  return path.slice(path.indexOf("/") + 1);
}

function dropPrefix(path: string, prefix: string): string {
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/**
 * The `-p1` decision: strip the first component of both names when they agree after it (`a/x b/x`,
 * `old/x new/x`), and `a/`/`b/` alone when the other side is absent or a model prefixed one side only.
 * Names that still disagree (`x.orig` vs `x`) name one file: the shorter, as GNU patch prefers. Renames
 * and copies take their names from git's `rename`/`copy` lines instead.
 */
function resolveNames(oldName: string | null, newName: string | null): [string | null, string | null] {
  if (oldName === null || newName === null) {
    return [oldName === null ? null : dropPrefix(oldName, "a/"), newName === null ? null : dropPrefix(newName, "b/")];
  }
  if (oldName === newName) return [oldName, newName];
  if (oldName.includes("/") && newName.includes("/") && dropFirstComponent(oldName) === dropFirstComponent(newName)) {
    const path = dropFirstComponent(oldName);
    return [path, path];
  }
  const [a, b] = [dropPrefix(oldName, "a/"), dropPrefix(newName, "b/")];
  const path = a.length <= b.length ? a : b;
  return [path, path];
}

function parseHunkHeader(cur: Cursor, file: string, index: number): Omit<Hunk, "lines"> {
  const line = cur.next();
  const match = HUNK_HEADER.exec(line);
  if (!match) fail(file, null, `hunk ${index} has a malformed header ${quoteBytes(line)}`);
  const [, header, oldStart, oldCount, newStart, newCount] = match;
  const num = (value: string | undefined): number => (value === undefined ? 1 : Number(value));
  return {
    header: header!,
    oldStart: num(oldStart),
    oldCount: num(oldCount),
    newStart: num(newStart),
    newCount: num(newCount),
  };
}

/** A hunk: its body runs exactly as far as the header's line counts say. */
function parseHunk(cur: Cursor, file: string, index: number): Hunk {
  const head = parseHunkHeader(cur, file, index);
  const ref: HunkRef = { index, header: head.header };
  const lines: HunkLine[] = [];
  let [oldLeft, newLeft] = [head.oldCount, head.newCount];
  const markNoEol = (): void => {
    const last = lines[lines.length - 1];
    if (last) last.noEol = true;
    cur.next();
  };
  while (oldLeft > 0 || newLeft > 0) {
    if (cur.done) fail(file, ref, `the patch ends ${oldLeft} old and ${newLeft} new lines before the hunk does`);
    const raw = cur.peekRaw();
    if (raw.startsWith("\\")) {
      markNoEol();
      continue;
    }
    // An empty line is an empty context line whose leading space an editor or a model dropped.
    const dropped = raw === "" || raw === "\r";
    const op = dropped ? " " : raw[0];
    if (op !== " " && op !== "-" && op !== "+") {
      fail(
        file,
        ref,
        `line ${cur.lineNumber} of the patch (${quoteBytes(cur.peek())}) is not a hunk line; are the header's line counts right?`,
      );
    }
    if ((op !== "+" && oldLeft === 0) || (op !== "-" && newLeft === 0)) {
      fail(file, ref, `line ${cur.lineNumber} of the patch goes past the header's line counts`);
    }
    if (op !== "+") oldLeft--;
    if (op !== "-") newLeft--;
    lines.push({ op, text: dropped ? raw : raw.slice(1), noEol: false });
    cur.next();
  }
  if (cur.peek().startsWith("\\")) markNoEol();
  // A body longer than its counts would otherwise lose its last lines silently.
  const after = cur.peek();
  if (/^[-+]/.test(after) && after !== "-- " && !isPlainHeader(cur)) {
    fail(file, ref, `line ${cur.lineNumber} of the patch (${quoteBytes(after)}) goes past the header's line counts`);
  }
  return { ...head, lines };
}

function parseHunks(cur: Cursor, file: string): Hunk[] {
  const hunks: Hunk[] = [];
  while (cur.peek().startsWith("@@")) hunks.push(parseHunk(cur, file, hunks.length + 1));
  return hunks;
}

function checkMode(mode: string | undefined, file: string): void {
  if (mode === "120000") fail(file, null, "symbolic links are not supported");
  if (mode === "160000") fail(file, null, "submodules are not supported");
}

/** `---`/`+++` names when present; they move the cursor past both lines. */
function readHeaderPair(cur: Cursor): [string | null, string | null] {
  const oldName = headerName(cur.next().slice(4), cur);
  return [oldName, headerName(cur.next().slice(4), cur)];
}

function parseGitFile(cur: Cursor): FilePatch {
  const lineNames = gitLineNames(cur.next().slice("diff --git ".length));
  const ext = new Map<string, string>();
  let binary = false;
  for (;;) {
    const line = cur.peek();
    const match = GIT_HEADER.exec(line);
    if (match) ext.set(match[1]!, match[2]!);
    else if (BINARY.test(line)) binary = true;
    else break;
    cur.next();
  }
  const hasPair = cur.peek().startsWith("--- ") && cur.peek(1).startsWith("+++ ");
  const [oldName, newName] = hasPair
    ? readHeaderPair(cur)
    : [
        ext.has("new file mode") ? null : (lineNames?.[0] ?? null),
        ext.has("deleted file mode") ? null : (lineNames?.[1] ?? null),
      ];
  const [oldResolved, newResolved] = resolveNames(oldName, newName);
  const source = unquoteExt(ext.get("rename from") ?? ext.get("copy from"));
  const target = unquoteExt(ext.get("rename to") ?? ext.get("copy to"));
  const oldPath = textName(source ?? oldResolved);
  const newPath = textName(target ?? newResolved);
  const display = newPath ?? oldPath ?? (lineNames ? utf8(dropPrefix(lineNames[1], "b/")) : "(unnamed file)");
  if (oldPath === null && newPath === null) fail(display, null, "the diff names no file");
  if (binary) fail(display, null, "binary patches are not supported");
  const mode = ext.get("new file mode") ?? ext.get("new mode");
  checkMode(ext.get("old mode") ?? ext.get("deleted file mode"), display);
  checkMode(mode, display);
  const hunks = parseHunks(cur, display);
  const structural =
    source !== undefined || ["new file mode", "deleted file mode", "new mode"].some((key) => ext.has(key));
  if (hunks.length === 0 && !structural) fail(display, null, "the diff has no hunks");
  return {
    oldPath: normalisePath(oldPath),
    newPath: normalisePath(newPath),
    copy: ext.has("copy from"),
    ...(mode !== undefined && { mode }),
    hunks,
  };
}

/** A name's bytes as the path they name: git's names are UTF-8. */
function textName(name: string | null): string | null {
  return name === null ? null : utf8(name);
}

function unquoteExt(value: string | undefined): string | undefined {
  if (value === undefined || !value.startsWith('"')) return value;
  return readQuoted(value)?.name ?? value;
}

function parsePlainFile(cur: Cursor): FilePatch {
  const [oldName, newName] = readHeaderPair(cur);
  const [oldResolved, newResolved] = resolveNames(oldName, newName);
  const [oldPath, newPath] = [textName(oldResolved), textName(newResolved)];
  const display = newPath ?? oldPath ?? "(unnamed file)";
  if (oldPath === null && newPath === null) fail(display, null, "both sides of the diff are /dev/null");
  return {
    oldPath: normalisePath(oldPath),
    newPath: normalisePath(newPath),
    copy: false,
    hunks: parseHunks(cur, display),
  };
}

/** The file a plain `Binary files A and B differ` line names. */
function binaryName(line: string): string {
  const [, , oldName, newName] = BINARY.exec(line)!;
  return utf8(newName === "/dev/null" ? dropPrefix(oldName!, "a/") : dropPrefix(newName!, "b/"));
}

/**
 * Reads every file patch in `patch`: a string is text (taken as UTF-8), bytes are taken as they are. Anything
 * before, between or after the file patches (mail headers, a diffstat, a model's prose) is skipped, as git
 * apply does; a hunk body runs as far as its header's counts say.
 */
export function parsePatch(patch: string | Uint8Array): ParsedPatch {
  const cur = new Cursor(byteString(typeof patch === "string" ? Buffer.from(patch, "utf8") : patch));
  const files: FilePatch[] = [];
  try {
    while (!cur.done) {
      const line = cur.peek();
      if (line.startsWith("diff --git ")) files.push(parseGitFile(cur));
      else if (isPlainHeader(cur)) files.push(parsePlainFile(cur));
      else if (BINARY.test(line)) fail(binaryName(line), null, "binary patches are not supported");
      else if (HUNK_HEADER.test(line)) {
        fail(
          null,
          null,
          `line ${cur.lineNumber} of the patch starts a hunk (${quoteBytes(line)}) with no '---'/'+++' file header before it`,
        );
      } else cur.next();
    }
  } catch (error) {
    if (error instanceof PatchSyntaxError) return { files, problem: error.problem };
    throw error;
  }
  return { files, problem: null };
}

// ---------------------------------------------------------------------------------------------------------
// Applying

/** A file as git sees it: lines, each with its own bytes up to and including its LF (the last may lack one). */
function toLines(content: string): string[] {
  return content.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The line end the file's first ended line has, CR and LF or LF alone; null for a file without one. */
function lineEndOf(file: readonly string[]): string | null {
  const ended = file.find((line) => line.endsWith("\n"));
  return ended === undefined ? null : ended.endsWith("\r\n") ? "\r\n" : "\n";
}

/** Only the last line may lack a line end; one that stopped being last (under fuzz) gets the file's. */
function fromLines(lines: readonly string[], eol: string): string {
  const lastIndex = lines.length - 1;
  return lines.map((line, i) => (i < lastIndex && !line.endsWith("\n") ? line + eol : line)).join("");
}

/** A hunk line's bytes as the file should hold them. */
function lineBytes(line: HunkLine): string {
  return line.noEol ? line.text : `${line.text}\n`;
}

/** A hunk with its context counted, and where its header says it starts (0-based). */
interface Prepared {
  ref: HunkRef;
  oldStart: number;
  lines: HunkLine[];
  lead: number;
  trail: number;
  /** Any context line at all: `diff -U0` hunks have none. */
  context: boolean;
  stated: number;
}

function prepare(hunk: Hunk, index: number): Prepared {
  const changes = hunk.lines.map((line, i) => (line.op === " " ? -1 : i)).filter((i) => i >= 0);
  const first = changes[0] ?? hunk.lines.length;
  const lastChange = changes[changes.length - 1];
  return {
    ref: { index, header: hunk.header },
    oldStart: hunk.oldStart,
    lines: hunk.lines,
    lead: first,
    trail: lastChange === undefined ? 0 : hunk.lines.length - 1 - lastChange,
    context: hunk.lines.some((line) => line.op === " "),
    // `-l,0` means "after line l"; otherwise l is the first old line.
    stated: hunk.oldCount === 0 ? hunk.oldStart : hunk.oldStart - 1,
  };
}

interface Level {
  strategy: Strategy;
  /** Context lines that may be dropped at each end. */
  fuzz: number;
  /** Tolerate whitespace differences at line ends (a CR among them) and a missing final newline. */
  loose: boolean;
}

const LEVELS: readonly Level[] = [
  { strategy: "exact", fuzz: 0, loose: false },
  { strategy: "offset", fuzz: 0, loose: false },
  { strategy: "fuzz", fuzz: 0, loose: true },
  { strategy: "fuzz", fuzz: 1, loose: true },
  { strategy: "fuzz", fuzz: 2, loose: true },
];

/** Where a hunk landed: `take` file lines from `start` are replaced by the hunk's lines `from`..`to`. */
interface Placement {
  start: number;
  take: number;
  from: number;
  to: number;
  strategy: Strategy;
}

function oldSide(lines: readonly HunkLine[]): HunkLine[] {
  return lines.filter((line) => line.op !== "+");
}

/** Byte for byte, line end included, as git compares; loosely, without the whitespace at the end. */
function lineMatches(file: readonly string[], at: number, line: HunkLine, loose: boolean): boolean {
  const found = file[at];
  if (found === undefined) return false;
  return loose ? trimEndAscii(found) === trimEndAscii(line.text) : found === lineBytes(line);
}

function matchesAt(file: readonly string[], old: readonly HunkLine[], at: number, loose: boolean): boolean {
  return old.every((line, i) => lineMatches(file, at + i, line, loose));
}

/** guess, guess+1, guess-1, guess+2, … within [min, max]: the nearest occurrence wins, as in git and GNU patch. */
function* nearest(guess: number, min: number, max: number): Generator<number> {
  const from = Math.min(Math.max(guess, min), max);
  for (let d = 0; from + d <= max || from - d >= min; d++) {
    if (from + d <= max) yield from + d;
    if (d > 0 && from - d >= min) yield from - d;
  }
}

/**
 * The only places the hunk may start without fuzz, as git apply decides (null: anywhere, []: nowhere): a
 * hunk stated at line 1 (or 0) sits at the top, one without trailing context at the bottom. Hunks with no
 * context at all (`diff -U0`) float: git would pin them to the end, which puts an insertion in the wrong place.
 */
function pins(hunk: Prepared, fileLength: number, oldLength: number): number[] | null {
  if (!hunk.context && hunk.oldStart !== 0) return null;
  const at = [hunk.oldStart <= 1 ? 0 : null, hunk.trail === 0 ? fileLength - oldLength : null].filter(
    (p) => p !== null,
  );
  if (at.length === 0) return null;
  return at.every((p) => p === at[0]) ? [at[0]!] : [];
}

function locate(file: readonly string[], hunk: Prepared, level: Level, min: number, delta: number): Placement | null {
  const cutLead = Math.min(level.fuzz, hunk.lead);
  const cutTrail = Math.min(level.fuzz, hunk.trail);
  const lines = hunk.lines.slice(cutLead, hunk.lines.length - cutTrail);
  const old = oldSide(lines);
  // A hunk fuzzed down to nothing but additions would land anywhere.
  if (level.fuzz > 0 && old.length === 0 && oldSide(hunk.lines).length > 0) return null;
  const max = file.length - old.length;
  const stated = hunk.stated + cutLead;
  const pinned = level.strategy === "fuzz" ? null : pins(hunk, file.length, old.length);
  const positions =
    level.strategy === "exact"
      ? [stated].filter((at) => pinned?.includes(at) ?? true)
      : (pinned ?? nearest(stated + delta, min, max));
  for (const at of positions) {
    if (at < min || at > max) continue;
    if (matchesAt(file, old, at, level.loose)) {
      return { start: at, take: old.length, from: cutLead, to: hunk.lines.length - cutTrail, strategy: level.strategy };
    }
  }
  return null;
}

function lineEnd(line: string): string {
  return line.endsWith("\r\n") ? "ends in CRLF" : line.endsWith("\n") ? "ends in LF" : "has no line end";
}

/** How a file line differs from the line the hunk expects there: in its text, or in its line end alone. */
function difference(lineNumber: number, found: string, expected: string): string {
  const [text, wanted] = [found.replace(/\r?\n$/, ""), expected.replace(/\r?\n$/, "")];
  if (text !== wanted) return `line ${lineNumber} reads ${quoteBytes(text)}, the patch expects ${quoteBytes(wanted)}`;
  return `line ${lineNumber} ${lineEnd(found)}, the patch's line ${lineEnd(expected)}`;
}

/** Why a hunk found no place: what its header's line holds against what the hunk expects. */
function mismatch(file: readonly string[], hunk: Prepared, min: number): string {
  const old = oldSide(hunk.lines);
  const bad = old.findIndex((line, i) => !lineMatches(file, hunk.stated + i, line, false));
  if (bad < 0) return hunk.stated < min ? " (hunks must come in file order, without overlapping)" : "";
  const at = hunk.stated + bad;
  const found = file[at];
  if (found === undefined)
    return file.length === 0 ? " (the file is empty)" : ` (the file ends at line ${file.length})`;
  return ` (${difference(at + 1, found, lineBytes(old[bad]!))})`;
}

type FileResult = { ok: true; content: string; strategy: Strategy } | ApplyFailure;

function rank(strategy: Strategy): number {
  return STRATEGIES.indexOf(strategy);
}

/**
 * The file's own bytes where the hunk keeps context, the patch's where it adds, as git writes them. Only a
 * hunk placed by fuzz, which matched without line ends, gives its added lines the file's line end.
 */
function replacement(file: readonly string[], hunk: Prepared, place: Placement, eol: string | null): string[] {
  const out: string[] = [];
  let at = place.start;
  for (const line of hunk.lines.slice(place.from, place.to)) {
    if (line.op === " ") out.push(file[at]!);
    else if (line.op === "+") {
      const loose = place.strategy === "fuzz" && eol !== null && !line.noEol;
      out.push(loose ? `${line.text.replace(/\r$/, "")}${eol}` : lineBytes(line));
    }
    if (line.op !== "+") at++;
  }
  return out;
}

function patchContent(path: string, content: string, hunks: readonly Hunk[], levels: readonly Level[]): FileResult {
  // A rename or a change of mode alone: the bytes move as they are, whatever they hold.
  if (hunks.length === 0) return { ok: true, content, strategy: "exact" };
  const file = toLines(content);
  const eol = lineEndOf(file);
  const out: string[] = [];
  let [next, delta, weakest] = [0, 0, 0];
  for (const [i, hunk] of hunks.entries()) {
    const prepared = prepare(hunk, i + 1);
    let place: Placement | null = null;
    for (const level of levels) {
      place = locate(file, prepared, level, next, delta);
      if (place) break;
    }
    if (!place) {
      const why = `context does not match at line ${hunk.oldStart} or anywhere else in the file${mismatch(file, prepared, next)}`;
      return { ok: false, file: path, hunk: prepared.ref, reason: `${hunkPrefix(path, prepared.ref)}: ${why}` };
    }
    out.push(...file.slice(next, place.start), ...replacement(file, prepared, place, eol));
    next = place.start + place.take;
    delta = place.start - place.from - prepared.stated;
    weakest = Math.max(weakest, rank(place.strategy));
  }
  out.push(...file.slice(next));
  return { ok: true, content: fromLines(out, eol ?? "\n"), strategy: STRATEGIES[weakest]! };
}

function refuse(file: string, reason: string): ApplyFailure {
  return { ok: false, file, hunk: null, reason: `${clipPath(file)}: ${reason}` };
}

function unsafePath(patch: ParsedPatch): ApplyFailure | null {
  for (const file of patch.files) {
    for (const path of [file.oldPath, file.newPath]) {
      const checked = path === null ? null : checkRelativePath(path);
      if (checked && !checked.ok) {
        // A name the file system cannot hold is the candidate's, like one that escapes, but not an escape.
        return {
          ok: false,
          file: clipPath(path!),
          hunk: null,
          reason: checked.tooLong
            ? `path too long: ${quote(path!)} ${checked.why}`
            : `path escapes the tree: ${quote(path!)} (${checked.why})`,
        };
      }
    }
  }
  return null;
}

/** A file's content (a byte string) and its execute bit. */
interface Entry {
  content: string;
  executable: boolean;
}

/** A rename (not a copy): its source is gone afterwards. */
function isRename(file: FilePatch): boolean {
  return file.oldPath !== null && file.newPath !== null && file.oldPath !== file.newPath && !file.copy;
}

/**
 * Applies the patch to `tree` (relative path → bytes) without touching it, as git apply does. Each hunk tries
 * its stated line, then the nearest place it matches, both as git apply places hunks, comparing lines byte
 * for byte (CR included); added lines are written as the patch has them. Then, only when maxStrategy allows,
 * fuzz: git's pins lifted, whitespace at line ends (CR included) ignored, up to 2 context lines dropped at
 * each end (GNU patch's fuzz factor 2), and added lines given the file's line end.
 *
 * Files as git: a rename or a copy reads its source from the base tree, a change in place what an earlier
 * part of the patch wrote there (so a patch may touch the same file twice). A path created, or renamed or
 * copied onto, must not be in the base tree unless the patch deletes it or renames it away (a swap, a → b and
 * b → a, applies). Written files win over removed ones and a later write over an earlier one, as git removes
 * all before it writes any.
 *
 * Unlike git: hunks must come in file order without overlapping (GNU patch's rule), and zero-context hunks
 * stay at their stated line (git apply --unidiff-zero).
 */
export function applyPatch(
  tree: ReadonlyMap<string, Uint8Array>,
  patch: ParsedPatch,
  opts: ApplyOptions = {},
): ApplyOutcome {
  const unsafe = unsafePath(patch);
  if (unsafe) return unsafe;
  if (patch.problem) return { ok: false, ...patch.problem };
  if (patch.files.length === 0)
    return { ok: false, file: null, hunk: null, reason: "no file changes found in the patch" };
  const allowed = rank(opts.maxStrategy ?? "offset");
  const applying: Applying = {
    tree,
    levels: LEVELS.filter((level) => rank(level.strategy) <= allowed),
    base: (path) => {
      const bytes = tree.get(path);
      return bytes && { content: byteString(bytes), executable: opts.executable?.has(path) ?? false };
    },
    // The paths the patch deletes or renames away, wherever in it: git lets a creation or a rename take them.
    leaving: new Set(
      patch.files.filter((file) => file.newPath === null || isRename(file)).map((file) => file.oldPath!),
    ),
    latest: new Map(),
    writes: new Map(),
    removals: new Set(),
    weakest: 0,
  };
  for (const file of patch.files) {
    const failure = applyFile(file, applying);
    if (failure) return failure;
  }
  return outcome(applying);
}

/** One patch application under way: what it reads from, and what it has written so far. */
interface Applying {
  tree: ReadonlyMap<string, Uint8Array>;
  levels: readonly Level[];
  /** A path as the base tree has it, undefined when it has none. */
  base: (path: string) => Entry | undefined;
  leaving: ReadonlySet<string>;
  /** What a change in place reads: the last write of the path, or null once it is deleted or renamed away. */
  latest: Map<string, Entry | null>;
  writes: Map<string, Entry>;
  removals: Set<string>;
  /** The rank of the weakest strategy any file needed. */
  weakest: number;
}

/** Applies one file's part of the patch onto what `applying` has so far; a failure ends the whole patch. */
function applyFile(file: FilePatch, applying: Applying): ApplyOutcome | null {
  const { tree, leaving, latest, base } = applying;
  const { oldPath, newPath } = file;
  const path = newPath ?? oldPath!;
  const moved = oldPath !== null && newPath !== null && oldPath !== newPath;
  if (newPath !== null && (oldPath === null || moved) && tree.has(newPath) && !leaving.has(newPath)) {
    const how = oldPath === null ? "creates it" : `${file.copy ? "copies" : "renames"} ${clipPath(oldPath)} onto it`;
    return refuse(newPath, `the patch ${how}, but it already exists`);
  }
  if (oldPath !== null && !moved && latest.get(oldPath) === null)
    return refuse(oldPath, "the patch changes it after deleting it or renaming it away");
  const source =
    oldPath === null
      ? { content: "", executable: false }
      : moved
        ? base(oldPath)
        : (latest.get(oldPath) ?? base(oldPath));
  if (source === undefined) return refuse(oldPath!, "the patch changes it, but it does not exist in the base tree");
  const result = patchContent(path, source.content, file.hunks, applying.levels);
  if (!result.ok) return result;
  if (newPath === null && result.content !== "")
    return refuse(path, "the patch deletes it, but the file holds more than the patch removes");
  applying.weakest = Math.max(applying.weakest, rank(result.strategy));
  if (newPath === null || isRename(file)) {
    applying.removals.add(oldPath!);
    latest.set(oldPath!, null);
  }
  if (newPath !== null) {
    // Git's mode line when there is one; otherwise a file keeps the mode of the one it came from.
    const written = {
      content: result.content,
      executable: file.mode === undefined ? source.executable : (parseInt(file.mode, 8) & 0o111) !== 0,
    };
    applying.writes.set(newPath, written);
    latest.set(newPath, written);
  }
  return null;
}

/** The files that differ from the base tree once every part is applied: written files win over removed ones. */
function outcome({ base, removals, writes, weakest }: Applying): ApplyOutcome {
  const after = new Map<string, Entry | null>([...[...removals].map((path) => [path, null] as const), ...writes]);
  const changed = ([path, entry]: [string, Entry | null]): boolean => {
    const before = base(path);
    if (entry === null) return before !== undefined;
    return before === undefined || entry.content !== before.content || entry.executable !== before.executable;
  };
  const kept = [...after].filter(changed);
  const files = new Map(kept.map(([path, entry]) => [path, entry && toBytes(entry.content)]));
  const executable = new Set(kept.filter(([, entry]) => entry?.executable).map(([path]) => path));
  return { ok: true, files, executable, changed: [...files.keys()].sort(), strategy: STRATEGIES[weakest]! };
}
