// Python's block structure as the tamper scan needs it, from masked source (strings and comments blanked):
// which function each line is in, its parameters, whether the line is under `if __name__ == "__main__":`,
// and where each logical line (a statement over its bracketed continuation lines) starts and ends. One pass,
// linear in the source. Pure.

/** A function: its name, parameters, those with a mutable default, and its lines (0-based, inclusive). */
export interface PyFunction {
  name: string;
  params: ReadonlySet<string>;
  mutableDefaults: ReadonlySet<string>;
  start: number;
  end: number;
  parent?: PyFunction;
}

/** One logical line: its first and last physical lines (0-based), the function it is in, and where. */
export interface PyStatement {
  first: number;
  last: number;
  indent: number;
  fn?: PyFunction;
  main: boolean;
  /** Not inside a function or a class. */
  top: boolean;
}

export interface PyBlocks {
  statements: PyStatement[];
  /** Physical line → its statement's index, -1 for a blank line. */
  statementOf: Int32Array;
  functions: PyFunction[];
}

interface Open {
  indent: number;
  kind: "def" | "class" | "main";
  fn?: PyFunction;
}

const MUTABLE_DEFAULT =
  /^\s*(?:\[\s*\]|\{\s*\}|(?:set|dict|list|(?:collections\.)?(?:defaultdict|Counter|deque))\(.*\))\s*$/;

/** The parameters of a signature's text (between its parentheses): names, and those with a mutable default. */
function parameters(signature: string): { params: Set<string>; mutableDefaults: Set<string> } {
  const params = new Set<string>();
  const mutableDefaults = new Set<string>();
  let depth = 0;
  let part = "";
  const take = () => {
    const [, name, rest] = /^\s*\**\s*(\w+)\s*(?::[^=]*)?(?:=(.*))?$/s.exec(part) ?? [];
    if (name) params.add(name);
    if (name && rest !== undefined && MUTABLE_DEFAULT.test(rest)) mutableDefaults.add(name);
    part = "";
  };
  for (const c of signature) {
    if ("([{".includes(c)) depth++;
    else if (")]}".includes(c)) depth--;
    if (c === "," && depth === 0) take();
    else part += c;
  }
  take();
  return { params, mutableDefaults };
}

/** The change in bracket depth over a masked line. */
function depthChange(line: string): number {
  let d = 0;
  for (const c of line) d += "([{".includes(c) ? 1 : ")]}".includes(c) ? -1 : 0;
  return d;
}

export function pythonBlocks(masked: string, raw: string): PyBlocks {
  const lines = masked.split("\n");
  const rawLines = raw.split("\n");
  const statementOf = new Int32Array(lines.length).fill(-1);
  const statements: PyStatement[] = [];
  const functions: PyFunction[] = [];
  const stack: Open[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === "" || /^\s*['"]+\s*$/.test(line)) {
      i++;
      continue;
    }
    // The statement's extent: until its brackets close and no backslash continues it.
    let last = i;
    let depth = depthChange(line);
    while (last + 1 < lines.length && (depth > 0 || /\\\s*$/.test(lines[last]!))) depth += depthChange(lines[++last]!);
    const indent = line.length - line.trimStart().length;
    while (stack.length > 0 && stack.at(-1)!.indent >= indent) {
      const closed = stack.pop()!;
      if (closed.fn) closed.fn.end = i - 1;
    }
    const fn = [...stack].reverse().find((o) => o.kind === "def")?.fn;
    const main = stack.some((o) => o.kind === "main");
    const top = !stack.some((o) => o.kind !== "main");
    statements.push({ first: i, last, indent, ...(fn && { fn }), main, top });
    for (let k = i; k <= last; k++) statementOf[k] = statements.length - 1;
    opened(lines.slice(i, last + 1).join("\n"), rawLines[i]!, indent, i, fn, stack, functions);
    i = last + 1;
  }
  for (const o of stack) if (o.fn) o.fn.end = lines.length - 1;
  return { statements, statementOf, functions };
}

/** The block a statement opens, if it opens one the scan follows: a def, a class, the `__main__` block. */
function opened(
  text: string,
  rawFirst: string,
  indent: number,
  line: number,
  parent: PyFunction | undefined,
  stack: Open[],
  functions: PyFunction[],
) {
  const def = /^\s*(?:async\s+)?def\s+(\w+)\s*\(/.exec(text);
  if (def) {
    const open = def[0].length;
    let depth = 1;
    let k = open;
    for (; k < text.length && depth > 0; k++) depth += text[k] === "(" ? 1 : text[k] === ")" ? -1 : 0;
    const fn: PyFunction = { name: def[1]!, ...parameters(text.slice(open, k - 1)), start: line, end: line };
    if (parent) fn.parent = parent;
    functions.push(fn);
    stack.push({ indent, kind: "def", fn });
  } else if (/^\s*class\s+\w+/.test(text)) stack.push({ indent, kind: "class" });
  else if (/^\s*if\s+__name__\s*==\s*(['"])__main__\1\s*:/.test(rawFirst)) stack.push({ indent, kind: "main" });
}
