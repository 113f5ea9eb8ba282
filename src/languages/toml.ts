// pyproject.toml and its kind: the lines of the tables a test runner reads, by a tolerant line-based
// reader (no TOML parser). A line belongs to the key or table header that starts it; strings and brackets
// spanning lines are followed, so a header inside a string is no header. A line it cannot read counts as
// relevant: when in doubt, a change is protected (prepare/protect.ts). Pure.

const KEY_PART = /\s*(?:"((?:[^"\\]|\\.)*)"|'([^']*)'|([A-Za-z0-9_-]+))\s*(?:\.|$)/y;

/** `a . "b.c".d` → ["a", "b.c", "d"]; undefined when `text` is not a key. */
function tomlKey(text: string): string[] | undefined {
  const parts: string[] = [];
  for (let at = 0; at < text.length; at = KEY_PART.lastIndex) {
    KEY_PART.lastIndex = at;
    const m = KEY_PART.exec(text);
    if (!m) return undefined;
    if (m[1] !== undefined) {
      // A basic string's escapes: `"\u0070ytest"` is `pytest`. TOML's \U and \e are not JSON's: unreadable.
      try {
        parts.push(JSON.parse(`"${m[1]}"`) as string);
      } catch {
        return undefined;
      }
    } else parts.push(m[2] ?? m[3]!);
  }
  return parts.length > 0 ? parts : undefined;
}

type Mode = "code" | "basic" | "literal" | "mlBasic" | "mlLiteral";
interface Scan {
  mode: Mode;
  depth: number;
}

/** Follows strings, comments and brackets through `text` (one line); `scan` carries over to the next. */
function scanLine(text: string, scan: Scan): void {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const triple = text.startsWith(c!.repeat(3), i);
    if (scan.mode === "code") {
      if (c === "#") break;
      if (c === '"' || c === "'") {
        scan.mode = triple ? (c === '"' ? "mlBasic" : "mlLiteral") : c === '"' ? "basic" : "literal";
        if (triple) i += 2;
      } else if (c === "[" || c === "{") scan.depth++;
      else if (c === "]" || c === "}") scan.depth = Math.max(0, scan.depth - 1);
    } else if ((scan.mode === "basic" || scan.mode === "mlBasic") && c === "\\") i++;
    else if ((scan.mode === "basic" && c === '"') || (scan.mode === "literal" && c === "'")) scan.mode = "code";
    else if ((scan.mode === "mlBasic" && c === '"' && triple) || (scan.mode === "mlLiteral" && c === "'" && triple)) {
      scan.mode = "code";
      i += 2;
    }
  }
  // A one-line string does not run on (TOML refuses it): the next line starts afresh.
  if (scan.mode === "basic" || scan.mode === "literal") scan.mode = "code";
}

const QUOTED = `"(?:[^"\\\\]|\\\\.)*"|'[^']*'`;
const HEADER = new RegExp(`^\\s*\\[\\[?((?:${QUOTED}|[^\\]"'])*)\\]\\]?`);
const KEY_LINE = new RegExp(`^\\s*((?:${QUOTED}|[^="'#\\[])+)=`);

/** The lines of `text` that belong to the tables in `sections` (or hold them), trimmed; "" when none. */
export function tomlSections(text: string, sections: string[][]): string {
  const prefix = (short: string[], long: string[]) => short.every((part, i) => part === long[i]);
  // A key may assign a whole table that holds a watched one (`tool = {pytest = …}`); a header only
  // matters in or under one (an empty pytest table still makes pyproject.toml pytest's configuration).
  const related = (path: string[] | undefined, header: boolean) =>
    path === undefined ||
    sections.some((s) => (path.length >= s.length ? prefix(s, path) : !header && prefix(path, s)));
  const kept: string[] = [];
  const scan: Scan = { mode: "code", depth: 0 };
  let table: string[] = [];
  let owner: string[] | undefined = [];
  for (const line of text.split("\n")) {
    let rest = line;
    let header = false;
    if (scan.mode === "code" && scan.depth === 0) {
      const head = HEADER.exec(line);
      const key = head ? undefined : KEY_LINE.exec(line);
      header = head !== null;
      if (head) {
        owner = tomlKey(head[1]!);
        table = owner ?? [];
        rest = line.slice(head[0].length);
      } else if (key) {
        const parts = tomlKey(key[1]!);
        owner = parts && [...table, ...parts];
        rest = line.slice(key[0].length);
      } else if (/^\s*(#.*)?\r?$/.test(line)) continue;
      else owner = undefined;
    }
    scanLine(rest, scan);
    if (related(owner, header)) kept.push(line.trim());
  }
  return kept.join("\n");
}
