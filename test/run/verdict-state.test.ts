import { describe, expect, it } from "vitest";
import type { Candidate } from "../../src/core/model.js";
import {
  carriedOver,
  nextState,
  readState,
  renderState,
  trustedState,
  STATE_MAX_CHARS,
  verdictKey,
  withoutState,
  type KeyParts,
  type VerdictState,
} from "../../src/run/verdict-state.js";
import { bodyHash, type Fingerprint } from "../../src/candidates/comments.js";
import { readSettings } from "../../src/settings/settings.js";
import { result } from "../report/fixtures.js";

const settings = readSettings(() => "", { defaultWorkdir: "/repo", cpuCount: 1 });
const PARTS: KeyParts = {
  tests: [{ path: "test_solution.py", content: "assert add(1, 2) == 3\n" }],
  run: settings.run,
  limits: settings.limits,
  version: "0.1.0",
};
const KEY = verdictKey(PARTS);
const AT = "2025-01-01T00:00:01Z";

const reply = (n: number): Candidate => ({
  id: `comment-${n}`,
  source: `https://github.com/o/r/pull/1#issuecomment-${n}`,
  url: `https://github.com/o/r/pull/1#issuecomment-${n}`,
  author: "coder[bot]",
  kind: "reply",
  text: `reply ${n}`,
});
const print = (n: number, at = AT): [string, Fingerprint] => [
  `comment-${n}`,
  { updatedAt: at, hash: bodyHash(`reply ${n}`) },
];
const FINGERPRINTS = new Map([print(1), print(2), print(3)]);

function judged(): VerdictState {
  const results = [
    result({ id: "comment-1", status: "test_failed", duration_ms: 812 }),
    result({ id: "comment-2", status: "pass", duration_ms: 640 }),
    result({ id: "comment-3", status: "sandbox_error" }),
  ];
  return nextState(KEY, results, FINGERPRINTS, undefined, { id: "4242", commit: "a".repeat(40) });
}

const roundTrip = (state: VerdictState) => readState(`<!-- sandbox-gate:k -->\nbody\n${renderState(state)}`);

describe("verdictKey", () => {
  it("changes with the tests, image, command, limits and version, and not with the files' order", () => {
    const other = (over: Partial<KeyParts>) => verdictKey({ ...PARTS, ...over });
    expect(other({ tests: [{ path: "test_solution.py", content: "assert add(1, 2) == 4\n" }] })).not.toBe(KEY);
    expect(other({ run: { ...settings.run, image: "python:3.13" } })).not.toBe(KEY);
    expect(other({ run: { ...settings.run, command: "pytest" } })).not.toBe(KEY);
    expect(other({ limits: { ...settings.limits, timeoutMs: 1 } })).not.toBe(KEY);
    expect(other({ version: "0.2.0" })).not.toBe(KEY);
    expect(other({ run: { ...settings.run, resultsFormat: "pytest" } })).not.toBe(KEY);
    expect(other({ run: { ...settings.run, pull: "always" } })).toBe(KEY);
    const two = [...PARTS.tests, { path: "a.py", content: "x" }];
    expect(other({ tests: two })).toBe(other({ tests: [...two].reverse() }));
  });
});

describe("the state block", () => {
  it("round-trips, keeps no candidate text and never remembers our own failure", () => {
    const state = judged();
    expect(state.entries.map((e) => [e.id, e.status, e.run])).toEqual([
      ["comment-1", "test_failed", "4242"],
      ["comment-2", "pass", "4242"],
    ]);
    const block = renderState(state);
    expect(block).toMatch(/^<!-- sandbox-gate-state v1 \{.*\} -->$/);
    expect(block).not.toContain("reply 1");
    expect(roundTrip(state)).toEqual({ ok: true, state });
    expect(withoutState(`head\n${block}`)).toBe("head\n");
  });

  it("stays within its size, keeping the newest replies", () => {
    const many = Array.from({ length: 500 }, (_, i) => print(i));
    const results = many.map(([id]) => result({ id, status: "pass" }));
    const state = nextState(KEY, results, new Map(many), undefined, { id: "1" });
    const block = renderState(state);
    expect(block.length).toBeLessThanOrEqual(STATE_MAX_CHARS);
    const read = readState(block);
    expect(read.ok && read.state.entries.at(-1)!.id).toBe("comment-499");
  });

  it.each<[string, (block: string) => string]>([
    ["no block", () => "just a comment"],
    ["not JSON", (b) => b.replace(/\{.*\}/, "{not json")],
    ["unclosed", (b) => b.replace(/ -->$/, "")],
    ["two blocks", (b) => `${b}\n${b}`],
    ["another version", (b) => b.replace("v1", "v9")],
    ["an unknown status", (b) => b.replace('"s":"test_failed"', '"s":"great"')],
    ["a field that is not declared", (b) => b.replace('"s":"pass"', '"s":"pass","text":"print(1)"')],
    ["markup in an id", (b) => b.replace('"id":"comment-2"', '"id":"<img src=x>"')],
    ["a short hash", (b) => b.replace(/"h":"[0-9a-f]{32}"/, '"h":"00"')],
    ["a reply listed twice", (b) => b.replace('"id":"comment-2"', '"id":"comment-1"')],
    [
      "a huge block",
      (b) =>
        b.replace(
          '"e":[',
          `"e":[${'{"id":"comment-9","u":"2025-01-01T00:00:01Z","h":"00000000000000000000000000000000","s":"pass","l":null,"ms":1,"x":0},'.repeat(400)}`,
        ),
    ],
  ])("%s: not trusted", (_, spoil) => {
    expect(readState(spoil(renderState(judged())))).toMatchObject({ ok: false, why: expect.any(String) });
  });
});

describe("trustedState", () => {
  it("trusts the state only while nobody but the gate edited its comment", () => {
    const body = `<!-- sandbox-gate:k -->\n${renderState(judged())}`;
    expect(trustedState(body, null, "github-actions[bot]").ok).toBe(true);
    expect(trustedState(body, "github-actions", "github-actions[bot]").ok).toBe(true);
    expect(trustedState(body, "coder[bot]", "github-actions[bot]")).toEqual({
      ok: false,
      why: "the comment was last edited by coder[bot], not by github-actions[bot]",
    });
  });
});

describe("carriedOver", () => {
  it("carries an unchanged reply's verdict as a cached result", () => {
    const lookup = carriedOver(judged(), KEY, FINGERPRINTS, undefined);
    expect(lookup(reply(1))).toMatchObject({
      id: "comment-1",
      status: "test_failed",
      duration_ms: 812,
      cached: true,
      author: "coder[bot]",
      stdout: "",
      feedback: expect.stringContaining("carried over"),
    });
    expect(lookup(reply(2))).toMatchObject({ status: "pass", feedback: "", cached: true });
    // Our own failure last time: judged again.
    expect(lookup(reply(3))).toBeUndefined();
  });

  it("judges again an edited reply, a new one, and everything under another key", () => {
    const edited = new Map([...FINGERPRINTS, print(1, "2025-01-02T00:00:00Z")]);
    expect(carriedOver(judged(), KEY, edited, undefined)(reply(1))).toBeUndefined();
    const rewritten = new Map([...FINGERPRINTS, ["comment-2", { updatedAt: AT, hash: bodyHash("new text") }] as const]);
    expect(carriedOver(judged(), KEY, rewritten, undefined)(reply(2))).toBeUndefined();
    expect(carriedOver(judged(), KEY, new Map([...FINGERPRINTS, print(4)]), undefined)(reply(4))).toBeUndefined();
    expect(carriedOver(judged(), "f".repeat(64), FINGERPRINTS, undefined)(reply(2))).toBeUndefined();
    expect(carriedOver(undefined, KEY, FINGERPRINTS, undefined)(reply(2))).toBeUndefined();
  });

  it("never carries a candidate with settings of its own (a line's results_format, command, …): the key holds only the run's", () => {
    const lookup = carriedOver(judged(), KEY, FINGERPRINTS, undefined);
    expect(lookup(reply(2))).toBeDefined();
    expect(lookup({ ...reply(2), overrides: { resultsFormat: "pytest" } })).toBeUndefined();
    expect(lookup({ ...reply(2), overrides: { command: "pytest -rA" } })).toBeUndefined();
    expect(lookup({ ...reply(2), overrides: {} })).toBeDefined();
  });

  it("never carries a verdict over to a candidate with an image of its own: the key holds only the run's", () => {
    const lookup = carriedOver(judged(), KEY, FINGERPRINTS, undefined);
    expect(lookup(reply(2))).toMatchObject({ status: "pass", cached: true });
    // The same reply, unchanged, but in its own environment (a line's `image`), or in another one.
    expect(
      lookup({ ...reply(2), overrides: { image: "swebench/sweb.eval.x86_64.a_1776_b-1:latest" } }),
    ).toBeUndefined();
    expect(lookup({ ...reply(2), overrides: { image: "python:3.12-slim" } })).toBeUndefined();
    expect(lookup({ ...reply(2), overrides: { command: "pytest" } })).toBeUndefined();
  });

  it("holds a patch's verdict for its base commit only, and keeps the run that judged a carried one", () => {
    const patch = result({ id: "comment-1", status: "pass", changed_files: ["calc/ops.py"] });
    const state = nextState(KEY, [patch], FINGERPRINTS, undefined, { id: "7", commit: "a".repeat(40) });
    expect(state.entries[0]!.baseCommit).toBe("a".repeat(40));
    expect(carriedOver(state, KEY, FINGERPRINTS, "a".repeat(40))(reply(1))).toMatchObject({ status: "pass" });
    expect(carriedOver(state, KEY, FINGERPRINTS, "b".repeat(40))(reply(1))).toBeUndefined();
    expect(nextState(KEY, [patch], FINGERPRINTS, undefined, { id: "7" }).entries).toEqual([]);
    const carried = carriedOver(state, KEY, FINGERPRINTS, "a".repeat(40))(reply(1))!;
    expect(nextState(KEY, [carried], FINGERPRINTS, state, { id: "8" }).entries[0]).toMatchObject({
      run: "7",
      baseCommit: "a".repeat(40),
    });
  });
});
