import { describe, expect, it } from "vitest";
import { conversationVerdict, decidingIds, skipsOf } from "../../src/action/conversation.js";
import type { Result, Status } from "../../src/core/model.js";
import { FAIL_ON, result } from "../report/fixtures.js";

const by = (author: string, id: string, status: Status): Result => result({ id, status, author });

describe("decidingIds", () => {
  const results = [
    by("a[bot]", "1", "test_failed"),
    by("b[bot]", "2", "pass"),
    by("A[BOT]", "3", "pass"),
    result({ id: "f", status: "pass" }),
  ];
  it("latest: each author's most recent reply, and every result with no author", () => {
    expect([...decidingIds(results, "latest")].sort()).toEqual(["2", "3", "f"]);
  });
  it("all: every result", () => {
    expect(decidingIds(results, "all").size).toBe(4);
  });
});

describe("conversationVerdict", () => {
  it("follows the latest reply, and says so in one line", () => {
    const thread = [by("agent", "1", "test_failed"), by("agent", "2", "syntax_error"), by("agent", "3", "pass")];
    expect(conversationVerdict(thread, FAIL_ON, "latest")).toMatchObject({
      failed: false,
      reason: "the latest reply, from @agent, passes the tests — overall: 1 of 3 replies passed",
      passed: 1,
      total: 3,
    });
    expect(conversationVerdict([...thread, by("agent", "4", "test_failed")], FAIL_ON, "latest")).toMatchObject({
      failed: true,
      ours: false,
      reason: "the latest reply, from @agent, fails the tests — overall: 1 of 4 replies passed",
    });
    expect(conversationVerdict(thread, FAIL_ON, "all")).toMatchObject({
      failed: true,
      reason: "1 of 3 replies passed — 2 failed the gate",
    });
  });

  it("names up to three authors, counts more", () => {
    const two = [by("a", "1", "pass"), by("b", "2", "timeout")];
    expect(conversationVerdict(two, FAIL_ON, "latest").reason).toBe(
      "1 of 2 replies passed — latest from @a passes the tests, from @b timed out",
    );
    const four = ["a", "b", "c", "d"].map((a, i) => by(a, String(i), i === 0 ? "oom" : "pass"));
    expect(conversationVerdict(four, FAIL_ON, "latest").reason).toBe(
      "3 of 4 replies passed — the latest of 4 authors: 3 pass the gate, 1 fail it",
    );
  });

  it("with history, speaks first of the replies that decide, then of all", () => {
    // Sixty replies, the latest three (one per author) decide: a pass, a failure, our failure.
    const older = Array.from({ length: 57 }, (_, i) =>
      by(["a", "b", "c"][i % 3]!, `o${i}`, i % 6 ? "timeout" : "pass"),
    );
    const latest = [by("a", "l1", "pass"), by("b", "l2", "test_failed"), by("c", "l3", "sandbox_error")];
    expect(conversationVerdict([...older, ...latest], FAIL_ON, "latest").reason).toBe(
      "latest 3 replies (one per author): 1 failed, 1 could not be judged, 1 passed — overall: 11 of 60 replies passed",
    );
    // However many authors: counted.
    const five = ["a", "b", "c", "d", "e"].flatMap((a, i) => [
      by(a, `${a}1`, "pass"),
      by(a, `${a}2`, i ? "pass" : "oom"),
    ]);
    expect(conversationVerdict(five, FAIL_ON, "latest").reason).toBe(
      "latest 5 replies (one per author): 1 failed, 4 passed — overall: 9 of 10 replies passed",
    );
    // Under `all` every reply decides: the line stays about all of them.
    expect(conversationVerdict([...older, ...latest], FAIL_ON, "all").reason).toMatch(/^11 of 60 replies passed — /);
  });

  it("tells our failure from the agent's, a status fail-on allows, one reply and none", () => {
    const ours = conversationVerdict([by("agent", "1", "pass"), by("agent", "2", "sandbox_error")], FAIL_ON, "latest");
    expect(ours).toMatchObject({ failed: true, ours: true });
    expect(ours.reason).toContain("could not be judged (our sandbox failed: re-run)");
    expect(conversationVerdict([by("agent", "1", "timeout")], new Set(["test_failed"]), "latest")).toMatchObject({
      failed: false,
      reason: "the reply from @agent timed out (allowed by fail-on)",
    });
    expect(
      conversationVerdict(
        [result({ id: "x.md", status: "pass" }), result({ id: "y.md", status: "pass" })],
        FAIL_ON,
        "latest",
      ).reason,
    ).toBe("all 2 candidates passed");
    expect(conversationVerdict([], FAIL_ON, "latest")).toMatchObject({
      failed: false,
      reason: "no candidates to judge",
    });
  });
});

describe("conversationVerdict with skipped replies", () => {
  const quota = (count: number, unjudgedLatest: string[] = []) => ({
    count,
    why: "over max-candidates",
    unjudgedLatest,
  });
  const twenty = Array.from({ length: 20 }, (_, i) => by("bot", `r${i}`, "pass"));

  it("speaks of judged replies only and says how many were skipped", () => {
    expect(conversationVerdict(twenty, FAIL_ON, "latest", quota(180))).toMatchObject({
      failed: false,
      reason:
        "the latest reply, from @bot, passes the tests — overall: all 20 judged replies passed (180 skipped: over max-candidates)",
    });
    const one = [by("bot", "r1", "test_failed")];
    expect(conversationVerdict(one, FAIL_ON, "all", quota(5)).reason).toBe(
      "0 of 1 judged reply passed (5 skipped: over max-candidates) — 1 failed the gate",
    );
  });

  it("latest: an author whose newest reply was skipped fails the check, whatever its older replies did", () => {
    expect(conversationVerdict(twenty, FAIL_ON, "latest", quota(3, ["other"]))).toMatchObject({
      failed: true,
      ours: false,
      reason:
        "the latest reply from @other was not judged — overall: all 20 judged replies passed (3 skipped: over max-candidates)",
    });
    // Under `all` every judged reply decides; the skips are said, not counted against the check.
    expect(conversationVerdict(twenty, FAIL_ON, "all", quota(3, ["other"])).failed).toBe(false);
  });
});

describe("skipsOf", () => {
  const skip = (id: string) => ({ id, reason: "over the max-candidates quota of 2" });
  it("names the authors whose newest candidate reply was skipped", () => {
    const order = [
      { id: "1", author: "a" },
      { id: "2", author: "B" },
      { id: "3", author: "A" },
      { id: "4", author: "b" },
    ];
    expect(skipsOf([skip("1"), skip("4")], order)).toEqual({
      count: 2,
      why: "over max-candidates",
      unjudgedLatest: ["b"],
    });
    expect(skipsOf([{ id: "1", reason: "other" }], order)).toEqual({ count: 1, unjudgedLatest: [] });
  });
});
