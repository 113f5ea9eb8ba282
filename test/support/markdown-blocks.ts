// The fenced code blocks of the project's Markdown pages: what a user copies, so what the tests run.
import { readdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

export interface CodeBlock {
  /** The page, relative to the repository's root. */
  page: string;
  /** The line of the opening fence, 1-based. */
  line: number;
  lang: string;
  code: string;
}

/** README.md and every page in docs/. */
export const PAGES = [
  "README.md",
  ...readdirSync(resolve(ROOT, "docs"))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `docs/${f}`),
];

export function codeBlocks(page: string): CodeBlock[] {
  const lines = readFileSync(resolve(ROOT, page), "utf8").split("\n");
  const blocks: CodeBlock[] = [];
  for (let i = 0; i < lines.length; i += 1) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([\w-]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open;
    // A closing fence: the same character only, at least as many of it.
    const closes = (l: string) => l.trim().length >= fence!.length && l.trim() === fence![0]!.repeat(l.trim().length);
    const end = lines.findIndex((l, j) => j > i && closes(l));
    const body = lines
      .slice(i + 1, end < 0 ? lines.length : end)
      .map((l) => (l.startsWith(indent!) ? l.slice(indent!.length) : l));
    blocks.push({ page, line: i + 1, lang: lang!.toLowerCase(), code: `${body.join("\n")}\n` });
    i = end < 0 ? lines.length : end;
  }
  return blocks;
}

/** Every block of a language across the pages. */
export const blocksOf = (lang: string): CodeBlock[] => PAGES.flatMap(codeBlocks).filter((b) => b.lang === lang);
