import { describe, expect, it } from "vitest";
import { conversationVerdict } from "../../src/action/conversation.js";
import type { ActionIO } from "../../src/action/io.js";
import { annotationPrefix, commentInput, outputsOf, Publisher, upToDate } from "../../src/action/publish.js";
import type { Comment } from "../../src/github.js";
import { renderComment } from "../../src/report/markdown.js";
import { FAIL_ON, result } from "../report/fixtures.js";

const results = [result({ id: "a", status: "pass" }), result({ id: "b", status: "test_failed" })];
const verdict = conversationVerdict(results, FAIL_ON, "all");

/** An ActionIO that notes everything said to the runner. */
function recordingIO(): ActionIO & { said: string[] } {
  const said: string[] = [];
  return {
    said,
    info: (line) => said.push(`info ${line}`),
    warn: (line) => said.push(`warn ${line}`),
    debug: (line) => said.push(`debug ${line}`),
    summary: async () => {
      throw new Error("no summary file");
    },
    output: (name, value) => said.push(`output ${name}=${value}`),
    annotate: (level, message, place) => said.push(`${level} ${place.title}: ${message}`),
    fail: (message) => said.push(`fail ${message}`),
  };
}

describe("commentInput", () => {
  it("takes the gate, what decides and whether only our side failed from the verdict", () => {
    const input = commentInput({ results, skipped: [], verdict, marker: "<!-- m -->" });
    expect(input).toMatchObject({ gate: verdict, deciding: verdict.deciding, ours: false, marker: "<!-- m -->" });
    expect(input.results).toBe(results);
  });
});

describe("outputsOf", () => {
  it("counts, the status and the compact results, in action.yml's order", () => {
    const outputs = outputsOf(results, verdict, FAIL_ON, undefined);
    expect(Object.keys(outputs)).toEqual(["total", "passed", "failed", "status", "report", "results"]);
    expect(outputs).toMatchObject({ total: 2, passed: 1, failed: 1, status: "fail", report: "" });
    expect(JSON.parse(outputs.results as string)).toHaveLength(2);
  });
});

describe("annotationPrefix", () => {
  it("the work dir relative to the workspace, nothing for the workspace itself or a dir outside it", () => {
    expect(annotationPrefix("/ws", "/ws/sub/dir")).toBe("sub/dir");
    expect(annotationPrefix("/ws", "sub")).toBe("sub");
    expect(annotationPrefix("/ws", "/ws")).toBe("");
    expect(annotationPrefix("/ws", "/elsewhere")).toBe("");
  });
});

describe("upToDate", () => {
  const input = commentInput({ results, skipped: [], verdict, marker: "<!-- m -->" });
  const block = "<!-- sandbox-gate-state v1 {} -->\n";
  const body = renderComment(input) + block;
  const comment = (text: string) => ({ body: text }) as Comment;
  it("the same remembered verdicts and the same verdict line: the comment stands", () => {
    expect(upToDate(comment(body), block, body)).toBe(true);
  });
  it("otherwise it is written: no comment yet, nothing remembered, other verdicts or another verdict line", () => {
    expect(upToDate(null, block, body)).toBe(false);
    expect(upToDate(comment(body), "", body)).toBe(false);
    expect(upToDate(comment(renderComment(input)), block, body)).toBe(false);
    expect(upToDate(comment(body.replace(/^### .*$/m, "### other")), block, body)).toBe(false);
  });
});

describe("Publisher", () => {
  it("a summary that cannot be written is a warning, not a failure", async () => {
    const io = recordingIO();
    await new Publisher(io).summary("# report");
    expect(io.said).toEqual(["warn sandbox-gate could not write the job summary: no summary file"]);
  });
  it("sets every output", () => {
    const io = recordingIO();
    new Publisher(io).outputs({ total: 2, status: "fail" });
    expect(io.said).toEqual(["output total=2", "output status=fail"]);
  });
  it("annotates the verdict first, as the step's failure, then the failing candidates", () => {
    const io = recordingIO();
    new Publisher(io).annotate(results, verdict, FAIL_ON, "");
    expect(io.said[0]).toBe(`fail ${verdict.reason}`);
    expect(io.said.slice(1)).toEqual([expect.stringMatching(/^error sandbox-gate: .* in b: /)]);
  });
  it("a passing verdict is a line of the log, and no candidate is annotated", () => {
    const io = recordingIO();
    const passing = [results[0]!];
    new Publisher(io).annotate(passing, conversationVerdict(passing, FAIL_ON, "all"), FAIL_ON, "");
    expect(io.said).toEqual(["info the candidate passes the tests"]);
  });
});
