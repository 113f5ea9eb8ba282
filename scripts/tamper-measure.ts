// Measures the tamper scan's false alarms (src/prepare/tamper.ts with the cheat rules of tamper-cheats.ts,
// issue 56) where no cheat can be, with the findings counted per rule and each one listed to be read:
//
//   npx tsx scripts/tamper-measure.ts --replies ../shared/corpus/humaneval-replies/corpus.jsonl
//   npx tsx scripts/tamper-measure.ts --history /work/.mirror/pallets+click/repo [--commits 200] [--whole]
//
// --replies: each HumanEval reply's code as the gate extracts it (and every fallback block), scanned as the
// gate scans a reply of a dataset line whose files are prompt.py (the statement) and test.py (the tests),
// with the scan's cost per candidate. --history: the last N commits of a bare repository that change a
// non-test .py file, each such file scanned as a patch's is: the commit's version against its parent's,
// the tree's test files (at the commit: a commit's own test changes play a test_patch) as the tests, the
// parent's other files as the statement. Read in place: nothing of either is copied.
import { execFileSync, spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { extractCode } from "../src/prepare/extract.js";
import { isTestFile } from "../src/prepare/protect.js";
import { findTampering, type Tampering, type TreeFile } from "../src/prepare/tamper.js";

/** The rule a finding is of, by its text. */
function ruleOf(t: Tampering): string {
  if (/^calls .* inside /.test(t.what)) return "early exit";
  if (/^reads (the caller|the calling code|the interpreter's objects|the __main__)/.test(t.what))
    return "caller's frame";
  if (/^reads a test file/.test(t.what)) return "test file read";
  if (/^counts its calls/.test(t.what)) return "call-state";
  if (/tests' own literals|an input of the tests' own asserts/.test(t.what)) return "hard-coded test literals";
  return "earlier rules";
}

const RULES = [
  "early exit",
  "caller's frame",
  "test file read",
  "call-state",
  "hard-coded test literals",
  "earlier rules",
];

function tally(found: readonly { at: string; t: Tampering }[], scanned: string) {
  const counts = new Map(RULES.map((r) => [r, 0]));
  for (const { t } of found) counts.set(ruleOf(t), counts.get(ruleOf(t))! + 1);
  console.log(scanned);
  for (const [rule, n] of counts) console.log(`  ${rule.padEnd(26)} ${n}`);
  for (const { at, t } of found) console.log(`  - ${at} ${t.file}:${t.line}: ${t.what}`);
}

interface Reply {
  id: string;
  prompt: string;
  reply: string;
  test: string;
}

function replies(path: string) {
  const records = readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as Reply);
  const found: { at: string; t: Tampering }[] = [];
  const costs: number[] = [];
  let blocks = 0;
  for (const r of records) {
    const extraction = extractCode(r.reply, "python");
    if (extraction.kind === "none") continue;
    // As the gate builds them: a dataset line's files, new objects for each candidate.
    const tree = {
      tests: ["test.py"],
      code: [],
      testContents: [{ path: "test.py", content: r.test }],
      statement: [{ path: "prompt.py", content: r.prompt }],
    };
    const start = performance.now();
    for (const code of [extraction.code, ...extraction.fallbacks.map((b) => b.code)]) {
      blocks++;
      for (const t of findTampering([{ path: "solution.py", content: code }], tree)) found.push({ at: r.id, t });
    }
    costs.push(performance.now() - start);
  }
  costs.sort((a, b) => a - b);
  const total = costs.reduce((a, b) => a + b, 0);
  tally(found, `${records.length} replies, ${blocks} code blocks (the code and its fallbacks) scanned`);
  console.log(
    `  cost per candidate: median ${costs[costs.length >> 1]!.toFixed(3)} ms, p95 ${costs[Math.floor(costs.length * 0.95)]!.toFixed(3)} ms, max ${costs.at(-1)!.toFixed(2)} ms, total ${total.toFixed(1)} ms`,
  );
}

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["--git-dir", dir, ...args], { maxBuffer: 1 << 28 }).toString("utf8");

/** The contents of `rev:path` for each spec, read by one `git cat-file --batch`. */
function blobs(dir: string, specs: readonly string[]): Map<string, string> {
  const out = spawnSync("git", ["--git-dir", dir, "cat-file", "--batch"], {
    input: specs.join("\n") + "\n",
    maxBuffer: 1 << 30,
  }).stdout;
  const contents = new Map<string, string>();
  let at = 0;
  for (const spec of specs) {
    const eol = out.indexOf(10, at);
    const header = out.subarray(at, eol).toString();
    if (header.endsWith("missing")) {
      at = eol + 1;
      continue;
    }
    const size = Number(header.split(" ")[2]);
    contents.set(spec, out.subarray(eol + 1, eol + 1 + size).toString("utf8"));
    at = eol + 1 + size + 1;
  }
  return contents;
}

function history(dir: string, count: number, whole: boolean) {
  const commits = git(dir, "log", "--no-merges", "--format=%H", "-n", String(count * 4), "HEAD", "--", "*.py")
    .split("\n")
    .filter(Boolean);
  const found: { at: string; t: Tampering }[] = [];
  let scannedCommits = 0;
  let files = 0;
  for (const commit of commits) {
    if (scannedCommits >= count) break;
    const changed = git(dir, "diff-tree", "--no-commit-id", "-r", "--name-only", `${commit}^`, commit)
      .split("\n")
      .filter((p) => p.endsWith(".py") && !isTestFile(p));
    if (changed.length === 0) continue;
    scannedCommits++;
    const paths = git(dir, "ls-tree", "-r", "--name-only", commit).split("\n").filter(Boolean);
    const parentPaths = git(dir, "ls-tree", "-r", "--name-only", `${commit}^`).split("\n").filter(Boolean);
    const tests = paths.filter((p) => isTestFile(p));
    const statementPaths = parentPaths.filter((p) => p.endsWith(".py") && !isTestFile(p));
    const read = blobs(dir, [
      ...tests.map((p) => `${commit}:${p}`),
      ...statementPaths.map((p) => `${commit}^:${p}`),
      ...changed.flatMap((p) => [`${commit}:${p}`, `${commit}^:${p}`]),
    ]);
    const file = (rev: string, p: string): TreeFile[] => {
      const content = read.get(`${rev}:${p}`);
      return content === undefined ? [] : [{ path: p, content }];
    };
    const tree = {
      tests,
      code: paths.filter((p) => !isTestFile(p)),
      testContents: tests.flatMap((p) => file(commit, p)),
      statement: statementPaths.flatMap((p) => file(`${commit}^`, p)),
    };
    const scanned = changed.flatMap((p) => {
      const content = read.get(`${commit}:${p}`);
      // --whole: as if the candidate wrote the whole file, every line of it its own.
      const base = whole ? null : (read.get(`${commit}^:${p}`) ?? null);
      return content === undefined ? [] : [{ path: p, content, base }];
    });
    files += scanned.length;
    for (const t of findTampering(scanned, tree)) found.push({ at: commit.slice(0, 10), t });
  }
  tally(
    found,
    `${dir}: ${scannedCommits} commits, ${files} non-test Python files changed, scanned${whole ? " whole" : ""}`,
  );
}

const { values } = parseArgs({
  options: {
    replies: { type: "string" },
    history: { type: "string" },
    commits: { type: "string", default: "200" },
    whole: { type: "boolean", default: false },
  },
});
if (values.replies) replies(values.replies);
if (values.history) history(values.history, Number(values.commits), values.whole);
if (!values.replies && !values.history) {
  console.error("usage: tamper-measure.ts --replies CORPUS.jsonl | --history GIT_DIR [--commits N]");
  process.exit(2);
}
