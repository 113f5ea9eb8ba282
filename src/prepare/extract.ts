// Phase 1: find the code in a model's reply. Pure: no I/O. Blocks are ranked, longest first; which of
// them parses is the sandbox's question (phase 2), so the caller walks the ranking.
import { LANGUAGES, LANGUAGE_NAMES, languageOfTag, type Language } from "../languages/registry.js";

/** Where the chosen code came from in the reply. */
export interface BlockRef {
  /** Position among all fences of the reply, from 0. */
  index: number;
  /** First word of the info string, lower case; "" for a bare fence. */
  tag: string;
  /** 1-based line of the opening fence in the reply (CR/CRLF counted as one line end). */
  startLine: number;
}

export interface ExtractedBlock {
  /** The code, without surrounding blank lines, ending with one newline. */
  code: string;
  /** The fence the code came from; null when the whole reply is the code. */
  block: BlockRef | null;
  /** 1-based reply line of the code's first line, to map parser positions back to the reply. */
  firstLine: number;
}

export type Extraction =
  | (ExtractedBlock & {
      kind: "code";
      language: Language | null;
      /** How many fences competed for the choice; 0 when the reply had none. */
      candidates: number;
      /**
       * The other blocks for the language, in the order to try them when the chosen one does not parse
       * (EvalPlus takes the longest block that parses).
       */
      fallbacks: ExtractedBlock[];
      reason: string;
    })
  | { kind: "none"; reason: string };

/** A fenced block as CommonMark reads it. */
interface Fence {
  index: number;
  info: string;
  tag: string;
  startLine: number;
  /** Content lines with the fence's indentation removed. */
  lines: string[];
}

/** Tags of blocks that show what a program printed, never a program. `console` is also a bash tag. */
const OUTPUT_TAGS = new Set(["text", "txt", "output", "console", "plaintext", "shell-session", "stdout"]);
const PATCH_TAGS = new Set(["diff", "patch", "udiff"]);

const OPENING = /^( {0,3})(`{3,}|~{3,})(.*)$/;

function normalise(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
}

function tagOf(info: string): string {
  return info.split(/[\s{,]/, 1)[0]?.toLowerCase() ?? "";
}

function isClosing(line: string, marker: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line);
  return match !== null && match[1]![0] === marker[0] && match[1]!.length >= marker.length;
}

/** CommonMark strips up to the opening fence's indentation from each content line. */
function dedent(line: string, indent: number): string {
  const leading = /^ */.exec(line)![0].length;
  return line.slice(Math.min(leading, indent));
}

/** Every fenced block, in order; an unclosed fence runs to the end of the reply. */
function findFences(text: string): Fence[] {
  const lines = text.split("\n");
  const fences: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = OPENING.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const marker = open[2]!;
    const rawInfo = open[3]!;
    // A backtick in a backtick fence's info string makes it inline code (```x```), not a fence.
    if (marker[0] === "`" && rawInfo.includes("`")) continue;
    const info = rawInfo.trim();
    let end = i + 1;
    while (end < lines.length && !isClosing(lines[end]!, marker)) end++;
    fences.push({
      index: fences.length,
      info,
      tag: tagOf(info),
      startLine: i + 1,
      lines: lines.slice(i + 1, end).map((line) => dedent(line, indent)),
    });
    i = end;
  }
  return fences;
}

function looksLikeDiff(lines: readonly string[]): boolean {
  const text = lines.join("\n").trimStart();
  return text.startsWith("diff --git ") || /^--- \S.*\n\+\+\+ \S/.test(text);
}

type BlockKind = "patch" | "output" | "foreign" | "code";

function kindOf(fence: Fence): BlockKind {
  if (PATCH_TAGS.has(fence.tag) || (fence.tag === "" && looksLikeDiff(fence.lines))) return "patch";
  if (OUTPUT_TAGS.has(fence.tag)) return "output";
  if (fence.tag === "" || languageOfTag(fence.info)) return "code";
  return "foreign";
}

/** The contents of the reply's diff/patch fences (tagged so, or bare fences holding a unified diff). */
export function findPatchBlocks(reply: string): string[] {
  return findFences(normalise(reply))
    .filter((fence) => kindOf(fence) === "patch")
    .map((fence) => `${fence.lines.join("\n")}\n`);
}

/** Drops blank lines around the code so line 1 is real code; returns null when nothing is left. */
function trimBlank(lines: readonly string[], firstLine: number): { code: string; firstLine: number } | null {
  const first = lines.findIndex((line) => line.trim() !== "");
  if (first < 0) return null;
  return { code: `${lines.slice(first).join("\n").trimEnd()}\n`, firstLine: firstLine + first };
}

/** The no-fence heuristic: code unless no line looks like code (for `null`, in any language). */
export function looksLikeCode(text: string, language: Language | null): boolean {
  const patterns = language
    ? LANGUAGES[language].codeLines
    : LANGUAGE_NAMES.flatMap((name) => LANGUAGES[name].codeLines);
  return text.split("\n").some((line) => patterns.some((pattern) => pattern.test(line)));
}

interface Candidate {
  fence: Fence;
  language: Language | null;
  code: string;
  firstLine: number;
}

function candidateOf(fence: Fence): Candidate | null {
  const trimmed = trimBlank(fence.lines, fence.startLine + 1);
  return trimmed && { fence, language: languageOfTag(fence.info) ?? null, ...trimmed };
}

/** For `auto`, the language of the longest block that names one: a leading install snippet loses to the answer. */
function resolveLanguage(blocks: readonly Candidate[]): Language | null {
  return ranked(blocks.filter((block) => block.language !== null))[0]?.language ?? null;
}

/** Longest first; on a tie the later one first, since replies correct themselves further down. */
function ranked(blocks: readonly Candidate[]): Candidate[] {
  return [...blocks].sort((a, b) => b.code.length - a.code.length || b.fence.index - a.fence.index);
}

function extracted(block: Candidate): ExtractedBlock {
  return {
    code: block.code,
    block: { index: block.fence.index, tag: block.fence.tag, startLine: block.fence.startLine },
    firstLine: block.firstLine,
  };
}

/** What the fences held instead, for the `none` reason: `diff, empty python, javascript`. */
function describeFences(fences: readonly Fence[]): string {
  const describe = (fence: Fence): string => {
    const kind = kindOf(fence);
    if (kind === "patch") return "diff";
    const tag = fence.tag || "bare";
    return kind === "code" && !candidateOf(fence) ? `empty ${tag}` : tag;
  };
  return [...new Set(fences.map(describe))].join(", ");
}

function fromWholeReply(reply: string, language: Language | null): Extraction {
  const trimmed = trimBlank(reply.split("\n"), 1);
  if (!trimmed) return { kind: "none", reason: "empty reply" };
  if (!looksLikeCode(trimmed.code, language)) {
    return { kind: "none", reason: `no fence and no line that looks like ${language ?? "code"}: prose only` };
  }
  return {
    kind: "code",
    ...trimmed,
    language,
    block: null,
    candidates: 0,
    fallbacks: [],
    reason: "no fence: the whole reply is the code",
  };
}

/**
 * The code of a reply: the best fenced block for `language`, or the whole reply when it has no fence
 * and looks like code. Patch, output and other-language blocks never count.
 */
export function extractCode(reply: string, language: Language | "auto"): Extraction {
  const text = normalise(reply);
  const fences = findFences(text);
  const wanted = language === "auto" ? null : language;
  if (fences.length === 0) return fromWholeReply(text, wanted);

  const blocks = fences.filter((fence) => kindOf(fence) === "code").flatMap((fence) => candidateOf(fence) ?? []);
  const target = wanted ?? resolveLanguage(blocks);
  const eligible = blocks.filter((block) => block.language === null || block.language === target);
  if (eligible.length === 0) {
    return { kind: "none", reason: `no ${wanted ?? "code"} block among the fences (${describeFences(fences)})` };
  }
  const [chosen, ...others] = ranked(eligible);
  const name = target ?? "untagged";
  return {
    kind: "code",
    ...extracted(chosen!),
    language: target,
    candidates: eligible.length,
    fallbacks: others.map(extracted),
    reason: eligible.length === 1 ? `only ${name} block` : `longest of ${eligible.length} ${name} blocks`,
  };
}
