// Measures extractCode on real model replies, read in place (never copied): prints figures only.
// Usage: npx tsx scripts/corpus-extract.ts [corpus.jsonl]
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type ExtractedBlock, type Extraction, extractCode } from "../src/prepare/extract.js";

interface Sample {
  id: string;
  reply: string;
  tested_completion: string;
  official_category: string;
}

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_CORPUS = resolve(ROOT, "../shared/corpus/humaneval-replies/corpus.jsonl");

const compiled = new Map<string, boolean>();

/** Parses on the host's python3 without running anything: compile() only builds bytecode. */
function compiles(code: string): boolean {
  let ok = compiled.get(code);
  if (ok === undefined) {
    const child = spawnSync("python3", ["-c", "import sys; compile(sys.stdin.read(), 'x', 'exec')"], { input: code });
    if (child.error) throw child.error;
    ok = child.status === 0;
    compiled.set(code, ok);
  }
  return ok;
}

function choiceOf(extraction: Extraction): string {
  if (extraction.kind === "none") return "none";
  if (!extraction.block) return "no fence";
  return extraction.candidates > 1 ? "several blocks" : "single fence";
}

function tally(counts: Map<string, number>, key: string): void {
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

function print(label: string, value: number | string, indent = 0): void {
  console.log(`${" ".repeat(indent)}${label}: ${value}`);
}

type Code = Extract<Extraction, { kind: "code" }>;

/** The pipeline's walk: the first block in the ranking that parses, else the first (its error is the feedback). */
function firstThatParses(extraction: Code): ExtractedBlock {
  return [extraction, ...extraction.fallbacks].find((block) => compiles(block.code)) ?? extraction;
}

function report(title: string, samples: readonly Sample[], pick: (extraction: Code) => ExtractedBlock): void {
  const choices = new Map<string, number>();
  let code = 0;
  let compiling = 0;
  let laterBlock = 0;
  const differing: string[] = [];
  for (const sample of samples) {
    const extraction = extractCode(sample.reply, "python");
    tally(choices, choiceOf(extraction));
    if (extraction.kind === "none") continue;
    code++;
    const chosen = pick(extraction);
    if (compiles(chosen.code)) compiling++;
    if ((chosen.block?.index ?? 0) > 0) laterBlock++;
    if (chosen.code.trim() !== sample.tested_completion.trim()) {
      const theirs = compiles(sample.tested_completion) ? "compiles" : "does not compile";
      const ours = compiles(chosen.code) ? "compiles" : "does not compile";
      differing.push(
        `${sample.id} (official ${sample.official_category}; block ${chosen.block?.index ?? "none"}; ours ${ours}, theirs ${theirs})`,
      );
    }
  }
  console.log(`\n== ${title}`);
  print("runnable code", code);
  for (const [choice, count] of [...choices].sort()) print(choice, count, 2);
  print("extracted code compiles on host python3", compiling);
  print("chosen block is not the reply's first fence", laterBlock);
  print("same code as tested_completion (outer whitespace ignored)", code - differing.length);
  print("different from tested_completion", differing.length);
  for (const line of differing) console.log(`  ${line}`);
}

function main(): void {
  const path = resolve(process.argv[2] ?? DEFAULT_CORPUS);
  const samples = readFileSync(path, "utf8")
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line) as Sample);
  print("corpus", path);
  print("total", samples.length);
  print(
    "tested_completion compiles on host python3",
    samples.filter((sample) => compiles(sample.tested_completion)).length,
  );
  report("longest block (the first the pipeline tries)", samples, (extraction) => extraction);
  report(
    "longest block that parses (what the pipeline runs; host python3 stands in for the sandbox's check)",
    samples,
    firstThatParses,
  );
}

main();
