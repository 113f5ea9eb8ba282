// Literals as a reader compares them: numbers by value, strings by content, lists and tuples by their
// elements' text. The tamper scan's hard-coded-answer rule (tamper-cheats.ts) holds the candidate's
// literals against those of the tests' own asserts, less those the task's statement shows. Pure.

/** A literal found in a text: its normal form and where it starts and ends. */
export interface Literal {
  norm: string;
  start: number;
  end: number;
}

/** The longest literal read whole: a longer table is still read element by element. */
const MAX_LITERAL = 4000;

const STRING_START = /^(?:[rRbBuUfF]{0,2})(['"`])/;
const NUMBER = /^-?(?:\d[\d_]*(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?(?![\w.])/;

/** Whether `(` or `[` at `at` opens a call or a subscript (after a name, `)` or `]`), not a tuple or list. */
function callsOrIndexes(raw: string, at: number): boolean {
  let k = at - 1;
  while (k >= 0 && (raw[k] === " " || raw[k] === "\t")) k--;
  return k >= 0 && /[\w)\]]/.test(raw[k]!);
}

/** The literal that starts at `at` of `raw`, if one does. */
export function literalAt(raw: string, at: number, depth = 0): Literal | undefined {
  const c = raw[at];
  if (c === undefined || depth > 4) return undefined;
  if (c === "[" || c === "(") return depth === 0 && callsOrIndexes(raw, at) ? undefined : sequenceAt(raw, at, depth);
  if (/[-\d.]/.test(c)) {
    if (at > 0 && /[\w.]/.test(raw[at - 1]!)) return undefined;
    const m = NUMBER.exec(raw.slice(at, at + 64));
    if (!m) return undefined;
    const value = Number(m[0].replace(/_/g, ""));
    return Number.isFinite(value) ? { norm: `n:${value}`, start: at, end: at + m[0].length } : undefined;
  }
  const head = STRING_START.exec(raw.slice(at, at + 4));
  if (!head || (at > 0 && /\w/.test(raw[at - 1]!))) return undefined;
  return stringAt(raw, at, at + head[0].length - 1);
}

function stringAt(raw: string, at: number, open: number): Literal | undefined {
  const q = raw[open]!;
  const triple = q !== "`" && raw.startsWith(q.repeat(3), open);
  const quote = triple ? q.repeat(3) : q;
  let k = open + quote.length;
  const limit = Math.min(raw.length, open + MAX_LITERAL);
  while (k < limit && !raw.startsWith(quote, k)) {
    if (!triple && q !== "`" && raw[k] === "\n") return undefined;
    k += raw[k] === "\\" ? 2 : 1;
  }
  if (k >= limit) return undefined;
  return { norm: `s:${raw.slice(open + quote.length, k)}`, start: at, end: k + quote.length };
}

function sequenceAt(raw: string, at: number, depth: number): Literal | undefined {
  const close = raw[at] === "[" ? "]" : ")";
  const parts: string[] = [];
  let k = at + 1;
  const limit = Math.min(raw.length, at + MAX_LITERAL);
  const skip = () => {
    while (k < limit && /\s/.test(raw[k]!)) k++;
  };
  for (;;) {
    skip();
    if (raw[k] === close) break;
    const element = literalAt(raw, k, depth + 1);
    if (!element) return undefined;
    parts.push(element.norm);
    k = element.end;
    skip();
    if (raw[k] === ",") k++;
    else if (raw[k] !== close) return undefined;
  }
  // `(x)` is x, not a tuple.
  if (close === ")" && parts.length === 1 && !/,\s*\)$/.test(raw.slice(at, k + 1))) return undefined;
  return { norm: `l:[${parts.join(",")}]`, start: at, end: k + 1 };
}

/**
 * Every literal in `raw[from, to)`. With `nested`, a list's elements are read as well as the list; without,
 * only the outermost (the arguments of a call, not their insides).
 */
export function literalsIn(raw: string, from = 0, to = raw.length, nested = true): Literal[] {
  const found: Literal[] = [];
  let k = from;
  while (k < to) {
    const c = raw[k]!;
    if (!/['"`\d.\-[(rRbBuUfF]/.test(c)) {
      k++;
      continue;
    }
    const literal = literalAt(raw, k);
    if (literal && literal.end <= to) {
      found.push(literal);
      k = nested && literal.norm.startsWith("l:") ? k + 1 : literal.end;
    } else k++;
  }
  return found;
}

/** What a reviewer reads of a normal form: the literal as Python would print it, cut short. */
export function shownLiteral(norm: string): string {
  const body = norm.slice(2);
  const shown = norm.startsWith("s:") ? `'${body}'` : norm.startsWith("l:") ? body.replace(/[nsl]:/g, "") : body;
  return shown.length > 40 ? `${shown.slice(0, 37)}…` : shown;
}

/**
 * Whether a literal says too little to be copied from a test: small numbers, short strings, empty or
 * one-element lists of those. Chosen by measurement (docs/judging.md, "Hard-coded test literals").
 */
export function isTrivial(norm: string): boolean {
  const body = norm.slice(2);
  if (norm.startsWith("n:")) return Number.isInteger(Number(body)) && Math.abs(Number(body)) < 10;
  if (norm.startsWith("s:")) return body.trim().length < 2;
  const inner = body.slice(1, -1);
  return inner === "" || (!inner.includes(",") && isTrivial(inner));
}

/**
 * Whether a literal says enough that a table of two or more test literals holding it was written for the
 * test rather than the task: a list or tuple, a string of four characters or more, a number that is not a
 * round one (`12`, `3.75`, not `90` or `1000`, the steps of a roman numeral's table). Chosen by measurement.
 */
export function isDistinctive(norm: string): boolean {
  const body = norm.slice(2);
  if (norm.startsWith("l:")) return true;
  if (norm.startsWith("s:")) return body.trim().length >= 4;
  const value = Number(body);
  return !Number.isInteger(value) || (Math.abs(value) >= 10 && value % 10 !== 0);
}

/** Every literal a statement shows: its code's and, one level in, those written inside its strings (a docstring's examples). */
export function shownLiterals(text: string): Set<string> {
  const set = new Set<string>();
  for (const l of literalsIn(text)) {
    set.add(l.norm);
    if (l.norm.startsWith("s:") && l.end - l.start > 8)
      for (const inner of literalsIn(text, l.start + 1, l.end - 1)) set.add(inner.norm);
  }
  return set;
}

/** Whether `text` holds `word` with no word character joined to either end: a string the prose shows. */
export function showsWord(text: string, word: string): boolean {
  if (word.length < 2) return false;
  for (let at = text.indexOf(word); at >= 0; at = text.indexOf(word, at + 1)) {
    const before = text[at - 1] ?? " ";
    const after = text[at + word.length] ?? " ";
    if (!(/\w/.test(word[0]!) && /\w/.test(before)) && !(/\w/.test(word.at(-1)!) && /\w/.test(after))) return true;
  }
  return false;
}
