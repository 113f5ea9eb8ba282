// A resumed run (`resume`) with a scripted engine: only what the earlier report lacks, changed since or
// ended sandbox_error is judged; the rest is carried over. A run cut short leaves a partial report to
// resume from.
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { candidateSource } from "../../src/candidates/sources.js";
import { runSession } from "../../src/run/run.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";
import { ScriptedEngine } from "../support/scripted-engine.js";
import { expectValidReport } from "../support/report-schema.js";
import { tempDir } from "../support/temp.js";

const reply = (id: string, code: string) => JSON.stringify({ id, reply: `\`\`\`python\n${code}\n\`\`\`` });

async function run(
  dir: string,
  inputs: Partial<Record<InputName, string>>,
  judged?: (done: number) => void,
  { down = true } = {},
) {
  const given: Partial<Record<InputName, string>> = {
    source: "files",
    files: "data.jsonl",
    language: "python",
    pull: "never",
    concurrency: "1",
    "max-candidates": "100",
    report: "out/report.json",
    ...inputs,
  };
  const settings = readSettings((name) => given[name] ?? "", { defaultWorkdir: dir, cpuCount: 2 });
  const source = candidateSource(settings.source, {});
  const engine = new ScriptedEngine(down);
  const logs: string[] = [];
  const outcome = await runSession(settings, { kind: "judge", entries: () => source.entries() }, "r1", {
    log: (line) => void logs.push(line),
    warn: () => {},
    audit: () => {},
    engine: async () => engine,
    ...(judged && { judged }),
  });
  return { outcome, engine, logs };
}

describe("resume", () => {
  it("judges only the lines the report lacks, changed since, or that ended sandbox_error", async () => {
    const dir = tempDir("resume");
    const data = join(dir, "data.jsonl");
    writeFileSync(
      data,
      [reply("a", "ok = 1"), reply("b", "FAIL = 1"), reply("c", "OURS = 1"), reply("d", "ok = 4")].join("\n"),
    );
    const first = await run(dir, {});
    expect(first.outcome.results.map((r) => r.status)).toEqual(["pass", "test_failed", "sandbox_error", "pass"]);
    expect(first.outcome.results.every((r) => /^[0-9a-f]{64}$/.test(r.fingerprint ?? ""))).toBe(true);
    // The partial report served its run: the report is written, the partial one is gone.
    expect(existsSync(join(dir, "out/report.json.partial.jsonl"))).toBe(false);

    // Our side works again for c (unchanged); d's code changed under its id; e is new.
    writeFileSync(
      data,
      [
        reply("a", "ok = 1"),
        reply("b", "FAIL = 1"),
        reply("c", "OURS = 1"),
        reply("d", "FAIL = 4"),
        reply("e", "ok = 5"),
      ].join("\n"),
    );
    const again = await run(dir, { resume: "out/report.json", report: "out/again.json" }, undefined, { down: false });
    expect(again.engine.ran).toEqual(["OURS = 1", "FAIL = 4", "ok = 5"]);
    expect(again.outcome.results.map((r) => [r.id, r.status, r.cached === true])).toEqual([
      ["a", "pass", true],
      ["b", "test_failed", true],
      ["c", "pass", false],
      ["d", "test_failed", false],
      ["e", "pass", false],
    ]);
    expect(again.logs).toContain("sandbox-gate: resume: 2 result(s) carried over from 'out/report.json', 3 judged");
    const report = JSON.parse(readFileSync(join(dir, "out/again.json"), "utf8"));
    expectValidReport(report);
    // A carried-over result keeps what it said (its output, its fingerprint): a third run carries it again.
    expect(report.results[1]).toMatchObject({ id: "b", cached: true, stderr: "AssertionError" });
    const third = await run(dir, { resume: "out/again.json", report: "out/third.json" });
    expect(third.engine.ran).toEqual([]);
  });

  it("judges everything again when what changes verdicts changed (here the timeout)", async () => {
    const dir = tempDir("resume");
    writeFileSync(join(dir, "data.jsonl"), [reply("a", "ok = 1"), reply("b", "ok = 2")].join("\n"));
    await run(dir, {});
    const again = await run(dir, { resume: "out/report.json", report: "out/again.json", timeout: "20s" });
    expect(again.engine.ran).toEqual(["ok = 1", "ok = 2"]);
  });

  it("resumes a run cut short from the partial report it left, judging only what it had not finished", async () => {
    const dir = tempDir("resume");
    writeFileSync(join(dir, "data.jsonl"), [1, 2, 3, 4].map((n) => reply(`l${n}`, `ok = ${n}`)).join("\n"));
    const killed = await run(dir, {}, (done) => {
      if (done === 2) throw new Error("killed");
    }).catch((error: Error) => error);
    expect(killed).toBeInstanceOf(Error);
    expect(existsSync(join(dir, "out/report.json"))).toBe(false);
    const partial = join(dir, "out/report.json.partial.jsonl");
    expect(
      readFileSync(partial, "utf8")
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line).id),
    ).toEqual(["l1", "l2"]);
    // The kill cut a third result off mid-write: its line is dropped, its candidate judged again.
    appendFileSync(partial, '{"id": "l3", "status": "pa');
    const resumed = await run(dir, { resume: "out/report.json.partial.jsonl" });
    expect(resumed.engine.ran).toEqual(["ok = 3", "ok = 4"]);
    expect(resumed.outcome.results.map((r) => r.cached === true)).toEqual([true, true, false, false]);
    expect(JSON.parse(readFileSync(join(dir, "out/report.json"), "utf8")).summary.total).toBe(4);
    expect(existsSync(partial)).toBe(false);
  });

  it("keeps carried-over results in the partial report too: a resumed run cut short loses nothing", async () => {
    const dir = tempDir("resume");
    writeFileSync(join(dir, "data.jsonl"), [1, 2, 3].map((n) => reply(`l${n}`, `ok = ${n}`)).join("\n"));
    await run(dir, { report: "first.json" });
    writeFileSync(join(dir, "data.jsonl"), [1, 2, 3, 4, 5].map((n) => reply(`l${n}`, `ok = ${n}`)).join("\n"));
    await run(dir, { resume: "first.json", report: "second.json" }, (done) => {
      if (done === 1) throw new Error("killed");
    }).catch(() => undefined);
    const kept = readFileSync(join(dir, "second.json.partial.jsonl"), "utf8").trim().split("\n");
    expect(kept.map((line) => JSON.parse(line).id)).toEqual(["l1", "l2", "l3", "l4"]);
  });
});
