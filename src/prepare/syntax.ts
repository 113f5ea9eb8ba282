// Phase 2's report: turn a parser's complaint, as printed inside the sandbox, into a located SyntaxInfo.
import type { Language, SyntaxInfo } from "../core/model.js";

type Parsed = Partial<SyntaxInfo> | undefined;

const WORKDIR = /(?:file:\/\/)?\/work\//g;

/** Paths as the user knows them: relative to the work dir, not the container's `/work/…` or a file URL. */
function relative(path: string): string {
  return path.replace(WORKDIR, "").replace(/^\.\//, "");
}

function positive(value: unknown): number | undefined {
  return typeof value === "number" && Number.isInteger(value) && value > 0 ? value : undefined;
}

// The preset's check script writes its verdict, {message, file, line, column}, on the nonce-marked
// channel (driver.ts): never read from the output, where compile()'s warnings would echo candidate lines
// that can look like a verdict.
function parsePython(_output: string, verdict: string | undefined): Parsed {
  if (verdict === undefined) return undefined;
  try {
    const info: unknown = JSON.parse(verdict);
    if (typeof info !== "object" || info === null) return undefined;
    const { message, file, line: lineNo, column } = info as Record<string, unknown>;
    if (typeof message !== "string") return undefined;
    return {
      message,
      file: typeof file === "string" ? file : undefined,
      line: positive(lineNo),
      column: positive(column),
    };
  } catch {
    return undefined;
  }
}

// node --check: "FILE:LINE", the source line, a caret line under the error, then "SyntaxError: …".
// Node 24 parsing TypeScript prints a file URL and context lines around the caret. Every source line
// shown is the candidate's and can say anything (the line `TypeError: forged )` is a label and a syntax
// error in one), and all of them come before the message, which only node's own stack frames follow:
// the message is the last line shaped like one.
function parseNode(output: string): Parsed {
  const lines = output.split("\n");
  const messageAt = lines.findLastIndex((line) => /^\w*Error\b[^:]*: \S/.test(line));
  if (messageAt < 0) return undefined;
  const headerAt = lines.findIndex((line) => /^.*:\d+$/.test(line));
  const header = headerAt >= 0 && headerAt < messageAt ? /^(.*):(\d+)$/.exec(lines[headerAt]!) : null;
  // node:internal/… headers locate node's own code, not the candidate's.
  if (!header || header[1]!.startsWith("node:")) return { message: lines[messageAt]! };
  const caret = lines.slice(headerAt + 1, messageAt).find((line) => /^[ \t]*\^+[ \t]*$/.test(line));
  return {
    message: lines[messageAt]!,
    file: header[1] || undefined,
    line: positive(Number(header[2])),
    // Node keeps tabs in the caret line, so its index is the character column.
    column: caret === undefined ? undefined : caret.indexOf("^") + 1,
  };
}

// bash -n: "FILE: line N: syntax error near unexpected token `)'", then the offending line quoted.
// Warnings come first and quote the candidate's words (a here-document's delimiter): never the message.
function parseBash(output: string): Parsed {
  const match = /^(.*?): line (\d+): (?!warning: )(.+)$/m.exec(output);
  return match ? { file: match[1], line: positive(Number(match[2])), message: match[3] } : undefined;
}

// php -l: "PHP Parse error:  MESSAGE in FILE on line N", with or without "PHP " (stderr and stdout copies).
function parsePhp(output: string): Parsed {
  const match = /^(?:PHP )?((?:Parse|Fatal) error):\s+(.+) in (.+) on line (\d+)$/m.exec(output);
  return match ? { message: `${match[1]}: ${match[2]}`, file: match[3], line: positive(Number(match[4])) } : undefined;
}

const PARSERS: Record<Language, (output: string, verdict: string | undefined) => Parsed> = {
  python: parsePython,
  javascript: parseNode,
  typescript: parseNode,
  bash: parseBash,
  php: parsePhp,
};

/**
 * Where and why the parse check failed. The check ran on `target` alone, so an error that names no
 * file is in `target`; output no parser shape matches is passed on whole as the message.
 */
export function parseCheckOutput(language: Language, output: string, target: string, verdict?: string): SyntaxInfo {
  const text = output.replace(/\r\n?/g, "\n").trim();
  const parsed = PARSERS[language](text, verdict) ?? {};
  const message = (parsed.message ?? text).replace(WORKDIR, "").trim() || "the parse check failed without a message";
  const info: SyntaxInfo = { message, file: relative(parsed.file || target) };
  if (parsed.line !== undefined) info.line = parsed.line;
  if (parsed.column !== undefined) info.column = parsed.column;
  return info;
}
