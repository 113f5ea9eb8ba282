import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { marked } from "marked";
import { describe, expect, it } from "vitest";
import {
  clip,
  COMMENT_MAX_LENGTH,
  escapeHtml,
  escapeMarkdown,
  renderComment,
  renderSummary,
  safeUrl,
  shownInFeedback,
  SUMMARY_MAX_LENGTH,
  type CommentInput,
} from "../../src/report/markdown.js";
import { formatDuration } from "../../src/core/units.js";
import { feedbackFor } from "../../src/verdict/feedback.js";
import { stickyMarker } from "../../src/github/sticky-comment.js";
import { conversationVerdict, skipsOf } from "../../src/action/conversation.js";
import type { Result } from "../../src/core/model.js";
import {
  CONVERSATION,
  CROWD,
  FAIL_ON,
  HOSTILE,
  MIXED,
  PASSING,
  reply,
  result,
  SKIPPED,
  TESTED,
  TESTED_BASE,
} from "./fixtures.js";

const MARKER = stickyMarker();
const RUN_URL = "https://github.com/acme/app/actions/runs/42";

// UPDATE_GOLDEN=1 rewrites the files; read every rewritten one before committing it.
function expectGolden(name: string, actual: string): void {
  const file = new URL(`./golden/${name}`, import.meta.url);
  if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, actual);
  expect(actual).toBe(readFileSync(file, "utf8"));
}

function input(fields: Partial<CommentInput>): CommentInput {
  return { results: [], skipped: [], gate: { failed: false, reason: "" }, marker: MARKER, ...fields };
}

/** Every status, a patch, skipped candidates, a failed gate. */
const mixed = () =>
  input({
    results: MIXED,
    skipped: SKIPPED,
    runUrl: RUN_URL,
    gate: conversationVerdict(MIXED, FAIL_ON, "latest", skipsOf(SKIPPED, [])),
  });

const count = (text: string, needle: string) => text.split(needle).length - 1;

// Cells split on `|` not escaped by a backslash (GFM tables).
function cellCount(row: string): number {
  return row.split(/(?<!\\)\|/).length - 2;
}

/** `body` without its fenced code blocks, each of which must be closed by a fence as long as its opening. */
function withoutFences(body: string): string {
  const kept: string[] = [];
  let open: string | undefined;
  for (const line of body.split("\n")) {
    if (open === undefined) {
      const fence = /^(`{3,})$/.exec(line);
      if (fence) open = fence[1];
      else kept.push(line);
    } else if (line === open) open = undefined;
    // A line of backticks as long as the fence inside the block would have closed it early.
    else expect(/^`+\s*$/.test(line) && line.trim().length >= open.length).toBe(false);
  }
  expect(open).toBeUndefined();
  return kept.join("\n");
}

/** The body as a GFM renderer makes it HTML (GitHub's sanitizer only removes more). */
function rendered(body: string): string {
  return marked.parse(body, { gfm: true, async: false });
}

function expectWellFormed(body: string): void {
  // Outside code: what is left is markdown and our own HTML, whose blocks a renderer closes as they open.
  const outside = withoutFences(body);
  const html = rendered(body);
  expect(count(html, "<details>")).toBe(count(html, "</details>"));
  expect(count(html, "<details>")).toBe(count(body, "\n<details>\n"));
  expect(outside).not.toContain("<pre>");
  // Table rows only: a fenced block may hold lines that look like rows.
  const rows = outside.split("\n").filter((l) => l.startsWith("| "));
  for (const row of rows) expect(cellCount(row)).toBe(cellCount(rows[0]!));
}

describe("renderComment golden files", () => {
  it("all passing", () => {
    const body = renderComment(
      input({ results: PASSING, gate: { failed: false, reason: "all 2 candidates passed the gate" }, runUrl: RUN_URL }),
    );
    expectWellFormed(body);
    expectGolden("passing.md", body);
  });

  it("every status, a patch, skipped candidates", () => {
    const body = renderComment(mixed());
    expectWellFormed(body);
    expectGolden("mixed.md", body);
  });

  it("hostile candidate output stays inert", () => {
    const body = renderComment(
      input({ results: [HOSTILE], gate: { failed: true, reason: "1 of 1 candidates failed the gate" } }),
    );
    expectWellFormed(body);
    expect(body.startsWith(`${MARKER}\n`)).toBe(true);
    // The output is shown as it is, in fenced blocks: outside them, and once rendered, it is text only.
    const outside = withoutFences(body);
    expect(count(outside, "<details>")).toBe(1);
    // A copy of the marker in the output must not make the comment look like two.
    expect(count(body, MARKER)).toBe(1);
    expect(body).not.toMatch(/@someone|@org/);
    expect(outside).not.toMatch(/<img|<script|<b>x/);
    expect(body).not.toMatch(/[\x00-\x08\x0b-\x1f\u202e]/);
    const html = rendered(body);
    expect(count(html, "<details>")).toBe(1);
    expect(count(html, "</details>")).toBe(1);
    expect(html).not.toMatch(/<img|<script|<b>x|<a /);
    // Markdown is parsed outside HTML blocks only: there, no link or image may survive.
    const markdown = withoutFences(body).replace(/<summary>.*<\/summary>/g, "");
    expect(markdown).not.toMatch(/(?<!\\)\[a\]\(b\)|(?<!\\)!\[i\]|\]\(javascript:/);
    expectGolden("hostile.md", body);
  });

  it("the job summary: no marker, a link back to the pull request, every result's output", () => {
    const fields = conversationInput(CONVERSATION);
    const summary = renderSummary(fields);
    expect(summary.includes("sandbox-gate:default")).toBe(false);
    expect(summary.split("\n")[0]).toBe(renderComment(fields).split("\n")[2]);
    expect(summary).toContain("[pull request #7](https://github.com/acme/app/pull/7)");
    expectWellFormed(summary);
    expectGolden("summary.md", summary);
  });

  it("a shortened comment keeps the verdict, the run link and the table, and says so", () => {
    const body = renderComment(mixed(), 2500);
    expect(body.length).toBeLessThanOrEqual(2500);
    expect(body.split("\n")[2]).toBe(
      "### ❌ 1 of 8 judged candidates passed (2 skipped: over max-candidates) — 7 failed the gate",
    );
    expect(body).toContain(`[workflow run](${RUN_URL})`);
    expectWellFormed(body);
    expectGolden("shortened.md", body);
  });
});

/** What the action hands the renderer for a conversation: the verdict over the replies, the commit, the PR. */
function conversationInput(results: Result[]): CommentInput {
  const verdict = conversationVerdict(results, FAIL_ON, "latest");
  return input({
    results,
    gate: verdict,
    deciding: verdict.deciding,
    ours: verdict.ours,
    runUrl: RUN_URL,
    commit: {
      sha: "abc1234def5678abc1234def5678abc1234def56",
      url: "https://github.com/acme/app/commit/abc1234def5678abc1234def5678abc1234def56",
    },
    pullRequest: { url: "https://github.com/acme/app/pull/7", number: 7 },
    judgedIn: new Map(
      results.filter((r) => r.cached).map((r) => [r.id, "https://github.com/acme/app/actions/runs/41"]),
    ),
  });
}

describe("the conversation comment: verdict first, read in five seconds", () => {
  const verdictFirst = (body: string) => body.split("\n")[2]!;
  /** The comment for `results`, checked to fit and be well formed, and kept as the golden file `name`. */
  const comment = (name: string, results: Result[]) => {
    const body = renderComment(conversationInput(results));
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    expectWellFormed(body);
    expectGolden(name, body);
    return body;
  };

  it("one reply", () => {
    const body = comment("reply-1.md", [
      reply(1, { status: "pass", stdout: "Ran 3 tests in 0.001s\n\nOK\n", duration_ms: 405 }),
    ]);
    expect(verdictFirst(body)).toBe(
      "### ✅ the reply from @\u200bcoder\\[bot\\] passes the tests — at [`abc1234`](https://github.com/acme/app/commit/abc1234def5678abc1234def5678abc1234def56)",
    );
    expect(body).toContain("405\u00a0ms");
  });

  it("four replies: the latest decides, the older three are history with their verdicts", () => {
    const body = comment("replies-4.md", CONVERSATION);
    expect(verdictFirst(body)).toMatch(
      /^### ❌ the latest reply, from @\u200bcoder\\\[bot\\\], fails the tests — overall: 1 of 4 replies passed — at \[`abc1234`\]/,
    );
    expect(body).toContain("<summary>History: 3 earlier replies, 1 passed</summary>");
    expect(body).toContain("[workflow run](https://github.com/acme/app/actions/runs/42)");
    expect(body).toContain("1 judged, 3 carried over");
    // The traceback in a fenced block, its lines and indents kept; not inline-code chips joined by <br>.
    expect(body).toContain(
      `**Feedback**\n\n\`\`\`\nTraceback (most recent call last):\n  File "/work/test_solution.py"`,
    );
    expect(body).not.toMatch(/<br>|<p><code>/);
    // Why it failed, in view: the failing test and its assertion, outside any <details>.
    expect(body.slice(0, body.indexOf("<details>"))).toContain(
      "- ❌ **reply 4** by @\u200bcoder\\[bot\\]: the reply's code fails `test_add_floats` — `AssertionError: 0.30000000000000004 != 0.3 within 9 places",
    );
    expect(count(body, "<details>")).toBe(2);
  });

  it("sixty replies by three agents: three decide, fifty-seven are history, output cut to fit", () => {
    const body = comment("replies-60.md", CROWD);
    // The three replies that decide first, the totals second.
    expect(verdictFirst(body)).toMatch(
      /^### ❌ latest 3 replies \(one per author\): 1 failed, 1 could not be judged, 1 passed — overall: 10 of 60 replies passed — at /,
    );
    // A next step for each: what failed for the agent's, re-run for ours.
    const steps = body.slice(body.indexOf("**Next steps**"), body.indexOf("<details>"));
    expect(steps).toContain(
      "**reply 59** by @\u200bagent-b\\[bot\\]: the reply's code fails `test_add_floats` — `AssertionError:",
    );
    expect(steps).toContain(
      "- ⚠️ **reply 60** by @\u200bagent-c\\[bot\\]: our failure, not the code's: re-run — image python:3.12-slim: pull failed",
    );
    expect(steps).not.toContain("reply 58");
    expect(body).toContain("History: 57 earlier replies");
    expect(body).toContain("⚠️ sandbox error (ours: re-run)");
    expect(body).toContain("some output was shortened");
  });

  it("only our side failed: a warning sign, not a cross", () => {
    const ours = [reply(1, { status: "pass" }), reply(2, { status: "sandbox_error", feedback: "engine down" })];
    const body = renderComment(conversationInput(ours));
    expect(verdictFirst(body)).toMatch(
      /^### ⚠️ the latest reply, from .* could not be judged \(our sandbox failed: re-run\) — overall: 1 of 2 replies passed/,
    );
  });
});

describe("the 65 536 character limit", () => {
  it("every golden file fits in a comment", () => {
    for (const name of readdirSync(new URL("./golden/", import.meta.url))) {
      const text = readFileSync(new URL(`./golden/${name}`, import.meta.url), "utf8");
      expect([name, Array.from(text).length < COMMENT_MAX_LENGTH]).toEqual([name, true]);
    }
  });

  const huge = (n: number, char: string) => `${char.repeat(n - 1)}\n`;

  it("cuts outputs of many huge candidates, keeps marker, table and note", () => {
    const results = Array.from({ length: 30 }, (_, i) =>
      result({
        id: `candidate-${i}`,
        status: i % 3 === 0 ? "pass" : "test_failed",
        stdout: huge(1_000_000, "o"),
        stderr: huge(500_000, "<"),
        feedback: huge(100_000, "f"),
      }),
    );
    const body = renderComment(input({ results, gate: { failed: true, reason: "failed" } }));
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    expect(body.length).toBeGreaterThan(COMMENT_MAX_LENGTH - 2000);
    expect(body.startsWith(MARKER)).toBe(true);
    expect(body).toContain("some output was shortened");
    for (let i = 0; i < 30; i++) expect(body).toContain(`| candidate-${i} | `);
    expectWellFormed(body);
  });

  it("cuts passing output before failing output, and output before feedback", () => {
    const results = [
      result({ id: "passes", status: "pass", stdout: huge(60_000, "p") }),
      result({ id: "fails", status: "test_failed", stdout: huge(20_000, "o"), feedback: huge(10_000, "f") }),
    ];
    const body = renderComment(input({ results, gate: { failed: true, reason: "failed" } }));
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    expect(body).toContain("o".repeat(19_999));
    expect(body).toContain("f".repeat(9_999));
    expect(body).toMatch(/p+\n\[… \d+ characters omitted …\]\np+/);
  });

  it("drops rows past what fits, saying how many", () => {
    const results = Array.from({ length: 3000 }, (_, i) =>
      result({ id: `${"long-id-".repeat(12)}${i}`, status: "no_code" }),
    );
    const body = renderComment(
      input({ results, skipped: Array(500).fill(SKIPPED[0]), gate: { failed: true, reason: "failed" } }),
    );
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    expect(body).toMatch(/… and \d+ more candidates not shown\./);
    expect(body).toContain("- … and 500 more");
    expectWellFormed(body);
  });

  it("never exceeds even an absurdly small limit", () => {
    const body = renderComment(input({ results: [HOSTILE], gate: { failed: true, reason: "failed" } }), 40);
    expect(body.length).toBeLessThanOrEqual(40);
    expect(body.startsWith(MARKER)).toBe(true);
  });
});

describe("escaping helpers", () => {
  it("escapeMarkdown leaves no markup, pipe, link or mention", () => {
    expect(escapeMarkdown("a|b *c* _d_ `e` [f](g) ![h] ~i~ $j$ \\k")).toBe(
      "a\\|b \\*c\\* \\_d\\_ \\`e\\` \\[f\\](g) \\!\\[h\\] \\~i\\~ \\$j\\$ \\\\k",
    );
    expect(escapeMarkdown("<b>&amp;</b>\nnext")).toBe("&lt;b&gt;&amp;amp;&lt;/b&gt; next");
    expect(escapeMarkdown("hi @octocat, mail a@b.c")).toBe("hi @\u200boctocat, mail a@\u200bb.c");
  });

  it("escapeHtml escapes markup and makes terminal noise visible", () => {
    expect(escapeHtml('<a href="x">&</a>')).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    expect(escapeHtml("\x1b[1;31mred\x1b[0m\r\nnext\rline \x00\x07\x7f \u202e \x9b")).toBe(
      "red\nnext\nline \u2400\u2407\u2421 \\u202e \\u009b",
    );
  });

  it("safeUrl keeps http(s) only and encodes what would break a table link", () => {
    expect(safeUrl("javascript:alert(1)")).toBeUndefined();
    expect(safeUrl("not a url")).toBeUndefined();
    expect(safeUrl("https://x.example/a|b(c)")).toBe("https://x.example/a%7Cb%28c%29");
  });

  it("clip keeps head and tail without splitting a surrogate pair", () => {
    expect(clip("abcdefghij", 4)).toEqual({ head: "ab", omitted: 6, tail: "ij" });
    const { head, tail } = clip("a😀😀😀b", 4);
    expect(`${head}${tail}`).not.toMatch(/[\ud800-\udfff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });

  it("formatDuration", () => {
    expect([formatDuration(850), formatDuration(1234), formatDuration(125_000)]).toEqual([
      "850 ms",
      "1.23 s",
      "2 m 05 s",
    ]);
  });
});

describe("per-test results in the comment", () => {
  const body = renderComment(
    input({
      results: TESTED,
      runUrl: RUN_URL,
      base: TESTED_BASE,
      gate: { failed: true, reason: "2 of 4 candidates failed the gate (2 test_failed)" },
    }),
  );

  it("shows the counts, the failing tests (what a patch broke first), the base and the notes", () => {
    expectWellFormed(body);
    expectGolden("tests.md", body);
    expect(body).toContain("base: ❌ tests failed (tests: 1 passed, 2 failed)");
    expect(body).toContain("| ✅ passed · tests: 2 passed, 1 failed |");
    expect(body).toContain("| ❌ tests failed · tests: 1 passed, 2 failed |");
    expect(body).toContain("✅ passed · tests: 1 passed, 1 skipped · flaky");
    expect(body).toContain("**Tests**: 1 passed, 1 skipped\n");
    expect(body).toContain("Against the base: 1 fixed, 1 broken, 0 new failing, 1 already failing (not counted).");
    // The broken test first, then the one the base fails too.
    const breaks = body.slice(body.indexOf("<b>breaks.patch</b>"));
    expect(breaks.indexOf("- tests.test\\_stock::test\\_add")).toBeLessThan(breaks.indexOf("- tests.test\\_pricing"));
    expect(body).toContain("**Attempts**: ❌ tests failed (300 ms) → ✅ passed (280 ms) — flaky");
    expect(body).toContain("Flaky (failed in one attempt, passed in another): t::sometimes");
  });

  it("the job summary adds up the tests of the results that read some; the comment leaves that to the rows", () => {
    const fields = input({ results: TESTED, runUrl: RUN_URL, gate: { failed: true, reason: "failed" } });
    expect(renderSummary(fields).split("\n")[2]).toBe(
      `[workflow run](${RUN_URL}) · tests of 3 candidates: 4 passed, 3 failed, 1 skipped · sandbox-gate`,
    );
    expect(body).not.toContain("tests of 3 candidates");
    // One result's counts are its row's: no total.
    const one = renderSummary({ ...fields, results: TESTED.slice(0, 1) });
    expect(one).not.toContain("tests of");
    // Only the deciding results count: the history's are older runs of the same tests.
    const deciding = renderSummary({ ...fields, deciding: new Set(["fix.patch", "flaky.md"]) });
    expect(deciding).toContain(" · tests of 2 candidates: 3 passed, 1 failed, 1 skipped · ");
  });

  it("escapes what the test results say", () => {
    expect(body).not.toContain("<and a");
    expect(body).not.toMatch(/(?<!@\u200b)@team/);
  });

  it("caps the failing tests it lists, and counts the rest", () => {
    const many = result({
      id: "many",
      status: "test_failed",
      tests: {
        counts: { passed: 0, failed: 25, error: 0, skipped: 0 },
        cases: Array.from({ length: 25 }, (_, i) => ({ id: `t::${i}`, name: `${i}`, status: "failed" as const })),
      },
    });
    const text = renderComment(input({ results: [many] }));
    expect(count(text, "\n- t::")).toBe(10);
    expect(text).toContain("- … and 15 more");
  });
});

describe("next steps: why a candidate failed and what to do, in view", () => {
  /** What a reader sees without expanding anything: everything before the first <details>. */
  const inView = (body: string) =>
    body.slice(0, body.indexOf("<details>") === -1 ? undefined : body.indexOf("<details>"));
  const pytest = (n: number, message = (i: number) => `AssertionError: assert ${i} == ${i + 1}`) =>
    Array.from({ length: n }, (_, i) => `FAILED tests/test_calc.py::test_${i} - ${message(i)}`).join("\n");

  it("a patch: which files to fix, the failing tests with what each said, then how many more", () => {
    const patch = result({
      id: "calc.patch",
      status: "test_failed",
      changed_files: ["calc.py"],
      stdout: `${pytest(5)}\n5 failed in 0.1s\n`,
    });
    const view = inView(renderComment(input({ results: [patch], gate: { failed: true, reason: "failed" } })));
    expect(view).toContain(
      [
        "- ❌ **calc.patch**: fix `calc.py`: 5 tests fail",
        "  - `tests/test_calc.py::test_0` — `AssertionError: assert 0 == 1`",
        "  - `tests/test_calc.py::test_1` — `AssertionError: assert 1 == 2`",
        "  - `tests/test_calc.py::test_2` — `AssertionError: assert 2 == 3`",
        "  - … and 2 more",
      ].join("\n"),
    );
  });

  it("a reply: the reply's code fails the test, named, with its assertion", () => {
    const body = renderComment(
      conversationInput([
        reply(1, { status: "pass" }),
        reply(2, {
          status: "test_failed",
          stdout: "FAILED t.py::test_fizz - AssertionError: assert 'nope' == 'Fizz'\n",
        }),
      ]),
    );
    expect(inView(body)).toContain(
      "- ❌ **reply 2** by @\u200bcoder\\[bot\\]: the reply's code fails `t.py::test_fizz` — `AssertionError: assert 'nope' == 'Fizz'`",
    );
    // The older reply is history: no step for it, nor for a pass.
    expect(count(inView(body), "\n- ")).toBe(1);
  });

  it("our failure: re-run, and the cause; never the code's", () => {
    const ours = result({ id: "r", status: "sandbox_error", feedback: "image python:3.12-slim: pull failed\nmore" });
    const view = inView(
      renderComment(input({ results: [ours], gate: { failed: true, reason: "failed" }, ours: true })),
    );
    expect(view).toContain("- ⚠️ **r**: our failure, not the code's: re-run — image python:3.12-slim: pull failed\n");
    expect(view).not.toContain("fix");
  });

  it("protected files: they must not change, which to restore, and what the real tests said", () => {
    const hacked = result({
      id: "weaken.patch",
      status: "protected",
      changed_files: ["calc.py", "tests/test_calc.py"],
      protected: ["tests/test_calc.py"],
      stdout: "FAILED tests/test_calc.py::test_fizz - AssertionError: assert 'nope' == 'Fizz'\n",
    });
    expect(inView(renderComment(input({ results: [hacked], gate: { failed: true, reason: "failed" } })))).toContain(
      "- 🛡️ **weaken.patch**: the test files must not change: restore `tests/test_calc.py`; with the base's versions, 1 test fails\n" +
        "  - `tests/test_calc.py::test_fizz` — `AssertionError: assert 'nope' == 'Fizz'`",
    );
  });

  it("hostile test names and messages stay one inert line: no table, details, HTML, mention or marker", () => {
    const nasty = [
      "FAILED t.py::test_`x`|y</details> - AssertionError: ``` `` </details><img src=x> @someone <!-- sandbox-gate:default --> | a |",
      `FAILED t.py::test_long - AssertionError: ${"z".repeat(100_000)}`,
    ].join("\n");
    const body = renderComment(
      input({
        results: [result({ id: "evil", status: "test_failed", stdout: nasty })],
        gate: { failed: true, reason: "failed" },
      }),
    );
    expectWellFormed(body);
    expect(count(body, MARKER)).toBe(1);
    expect(body).not.toMatch(/@someone/);
    const steps = inView(body).slice(inView(body).indexOf("**Next steps**"));
    // Each item one line, long ones cut.
    for (const line of steps.split("\n")) expect(line.length).toBeLessThan(400);
    const html = rendered(steps);
    expect(html).not.toMatch(/<details|<\/details|<img|<table|<a /);
    expect(count(html, "<li>")).toBe(3);
    // The backticks are in a code span whose own backticks outnumber them.
    expect(steps).toContain(
      "````AssertionError: ``` `` </details><img src=x> @\u200bsomeone <!\u200b-- sandbox-gate:default --> | a |````",
    );
    expect(html).toContain("<code>AssertionError: ``` `` &lt;/details&gt;&lt;img src=x&gt;");
  });

  it("10 000 failing tests, many failing candidates: steps are cut before rows, and counted", () => {
    const cases = Array.from({ length: 10_000 }, (_, i) => ({
      id: `t::${i}`,
      name: `${i}`,
      status: "failed" as const,
    }));
    const junit = result({
      id: "junit",
      status: "test_failed",
      tests: { counts: { passed: 0, failed: 10_000, error: 0, skipped: 0 }, cases },
    });
    // max-output's default keeps 64 KiB of a stream: some thousand summary lines.
    const scraped = result({ id: "scraped", status: "test_failed", stdout: pytest(10_000).slice(0, 65_536) });
    const rest = Array.from({ length: 600 }, (_, i) =>
      result({ id: `c${i}`, status: "test_failed", stderr: `AssertionError: ${"x".repeat(5000)}\n` }),
    );
    const fields = input({ results: [junit, scraped, ...rest], gate: { failed: true, reason: "failed" } });
    const body = renderComment(fields);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
    expect(body).toContain(
      "- ❌ **junit**: the candidate's code fails 10000 tests\n  - `t::0`\n  - `t::1`\n  - `t::2`\n  - … and 9997 more\n",
    );
    expect(body).toMatch(
      /- ❌ \*\*scraped\*\*: the candidate's code fails \d+ tests\n {2}- `tests\/test_calc.py::test_0`/,
    );
    expect(body).toMatch(/\n- … and \d+ more candidates\n/);
    // Every row is kept: the steps went first.
    expect(body).toContain("| c599 |");
    expectWellFormed(body);
    // The job summary has more room, under its own limit.
    const summary = renderSummary(fields);
    expect(summary.length).toBeLessThanOrEqual(SUMMARY_MAX_LENGTH);
    expect(summary).toContain("- ❌ **c599**:");
  });
});

describe("output in fenced blocks", () => {
  it("a fence longer than any backtick run inside: nothing in the output ends it or the <details>", () => {
    const out = "before\n````\n</details>\n`````\n<!-- sandbox-gate:default -->\n@someone\nafter\n";
    const body = renderComment(
      input({
        results: [result({ id: "f", status: "test_failed", stdout: out })],
        gate: { failed: true, reason: "x" },
      }),
    );
    expect(body).toContain(
      "``````\nbefore\n````\n</details>\n`````\n<!\u200b-- sandbox-gate:default -->\n@\u200bsomeone\nafter\n``````",
    );
    expectWellFormed(body);
    const html = rendered(body);
    expect(count(html, "<details>")).toBe(1);
    // The whole output is one code block, the <details> closing after it.
    expect(html).toMatch(
      /<pre><code>before\n````\n&lt;\/details&gt;\n`````\n[^]*after\n<\/code><\/pre>[^]*<\/details>/,
    );
    expect(body).not.toMatch(/<br>|<pre>/);
  });

  it("a cut output says how much was left out, inside the block", () => {
    const body = renderComment(
      input({
        results: [result({ id: "f", status: "test_failed", stdout: `${"a".repeat(60_000)}${"b".repeat(60_000)}` })],
        gate: { failed: true, reason: "x" },
      }),
    );
    expect(body).toMatch(/```\na+\n\[… \d+ characters omitted …\]\nb+\n```/);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_LENGTH);
  });
});

describe("each output once: a stream the feedback quotes points to it", () => {
  const traceback = [
    "Traceback (most recent call last):",
    '  File "/work/test_solution.py", line 12, in test_add',
    "    self.assertEqual(add(2, 2), 4)",
    "AssertionError: 5 != 4",
  ].join("\n");
  // The feedback as the verdict writes it for failed tests: its own words around the output.
  const feedback = feedbackFor({
    status: "test_failed",
    stdout: "Ran 3 tests in 0.002s\n\nFAILED (failures=1)\n",
    stderr: `${traceback}\n`,
    truncated: { stdout: false, stderr: false },
    signal: null,
    exitCode: 1,
    timeoutMs: 10_000,
    memoryBytes: 256 * 1024 ** 2,
  });

  it("shownInFeedback: the whole output, as whole lines of the feedback, indents aside", () => {
    expect(feedback).toContain(traceback);
    expect(shownInFeedback(feedback, `${traceback}\n`)).toBe(true);
    expect(shownInFeedback(traceback, `\n${traceback}\n\n`)).toBe(true);
    // The feedback trims what it quotes: an output that starts indented is still found.
    expect(shownInFeedback(`It said:\nFile x, line 3\nboom\n\nFix it.`, "  File x, line 3\nboom\n")).toBe(true);
    expect(shownInFeedback(`It said:\n  File x, line 3\nboom   \nFix it.`, "File x, line 3\nboom")).toBe(true);
  });

  it("shownInFeedback: not an output the feedback holds in part, inside a sentence, or not at all", () => {
    expect(shownInFeedback(feedback, "Ran 3 tests in 0.002s\n\nFAILED (failures=1)\n")).toBe(false);
    // `1` is inside "exited with code 1)": a sentence of the feedback, not the output.
    expect(shownInFeedback("The tests failed (the test command exited with code 1).", "1\n")).toBe(false);
    expect(shownInFeedback(feedback, `${traceback}\nAnd a line the feedback cut`)).toBe(false);
    expect(shownInFeedback(feedback, "")).toBe(false);
    expect(shownInFeedback("", traceback)).toBe(false);
    expect(shownInFeedback("x AssertionError: 5 != 4\nAssertionError: 5 != 4 y", "AssertionError: 5 != 4")).toBe(false);
    // The first place is inside a line, the last a line of its own.
    expect(shownInFeedback("x AssertionError: 5 != 4\n\nAssertionError: 5 != 4\n", "AssertionError: 5 != 4")).toBe(
      true,
    );
  });

  it("the comment shows the traceback once, in the feedback, and the stderr points there", () => {
    const r = result({
      id: "r",
      status: "test_failed",
      stdout: "Ran 3 tests in 0.002s\n\nFAILED (failures=1)\n",
      stderr: `${traceback}\n`,
      truncated: { stdout: false, stderr: true },
      feedback,
    });
    const body = renderComment(input({ results: [r], gate: { failed: true, reason: "failed" } }));
    expectWellFormed(body);
    expect(count(body, "AssertionError: 5 != 4")).toBe(2); // the feedback's block, and the next step's line
    expect(count(body, "Traceback (most recent call last):")).toBe(1);
    expect(body).toContain("**stderr** (cut at `max-output` by the sandbox): in the feedback above\n");
    // The output the feedback does not quote keeps its block.
    expect(body).toContain("**stdout**\n\n```\nRan 3 tests in 0.002s\n\nFAILED (failures=1)\n```");
    // A pass has no feedback: its output is shown.
    const pass = result({ id: "p", status: "pass", stdout: "ok\n", feedback: "ok" });
    expect(renderComment(input({ results: [pass], gate: { failed: false, reason: "passed" } }))).toContain(
      "**stdout**\n\n```\nok\n```",
    );
  });
});
