// The warm checker's bookkeeping against fake checkers: which questions it answers, which it leaves to
// the job's own check, and when it starts, ends and gives up on a checker. The real checker in a real
// sandbox: test/integration/engines/namespace.test.ts; python's checker against its check: languages/.
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import type { SandboxJob } from "../../src/sandbox/job.js";
import type { LockDown } from "../../src/sandbox/policy.js";
import { type CheckerProcess, WarmChecker, WarmChecks } from "../../src/sandbox/warm-check.js";

interface Fake extends CheckerProcess {
  asked: string[];
  killed: boolean;
  exit(): void;
}

/** A checker that answers each framed source with `answer(source)`, or not at all where that is undefined. */
function fake(answer: (source: string) => string | undefined): Fake {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let exit!: () => void;
  const exited = new Promise<void>((resolve) => (exit = resolve));
  const process: Fake = {
    stdin,
    stdout,
    stderr,
    exited,
    asked: [],
    killed: false,
    exit: () => {
      stdout.end();
      exit();
    },
    kill: () => {
      process.killed = true;
      process.exit();
    },
  };
  let buffered = Buffer.alloc(0);
  stdin.on("data", (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      const size = Number(buffered.subarray(0, newline).toString());
      if (buffered.length < newline + 1 + size) return;
      const source = buffered.subarray(newline + 1, newline + 1 + size).toString();
      buffered = buffered.subarray(newline + 1 + size);
      process.asked.push(source);
      const reply = answer(source);
      if (reply !== undefined) stdout.write(reply);
    }
  });
  stdin.on("finish", () => process.exit());
  return process;
}

function starter(make: () => Fake | undefined) {
  const started: Fake[] = [];
  const start = () => {
    const made = make();
    if (made) started.push(made);
    return Promise.resolve(made);
  };
  return { started, start };
}

const parsesIfNoColon = (source: string) => (source.includes(":") ? "0\n" : "1\n");

describe("WarmChecker", () => {
  it("asks one checker for many sources and reads its answers in order", async () => {
    const { started, start } = starter(() => fake(parsesIfNoColon));
    const checker = new WarmChecker(start);
    const answers = await Promise.all(["x = 1", "def f(:", "y = 2", "é = 'ü'"].map((s) => checker.parses(s)));
    expect(answers).toEqual([true, false, true, true]);
    expect(started).toHaveLength(1);
    expect(started[0]!.asked).toEqual(["x = 1", "def f(:", "y = 2", "é = 'ü'"]);
    expect(checker.counts).toEqual({ parses: 3, fellBack: 1, started: 1 });
    await checker.close();
    expect(started[0]!.killed).toBe(false);
  });

  it("leaves a question unanswered in time to the job's check, ends that checker and starts another", async () => {
    let first = true;
    const { started, start } = starter(() => {
      const silent = first;
      first = false;
      return fake((source) => (silent ? undefined : parsesIfNoColon(source)));
    });
    const checker = new WarmChecker(start, { answerMs: 50 });
    expect(await checker.parses("x = 1")).toBe(false);
    expect(started[0]!.killed).toBe(true);
    expect(await checker.parses("x = 1")).toBe(true);
    expect(started).toHaveLength(2);
    await checker.close();
  });

  it("leaves the open questions of a checker that exits to the jobs' checks, and starts another for the next", async () => {
    const { started, start } = starter(() => fake(() => undefined));
    const checker = new WarmChecker(start, { answerMs: 60_000 });
    const open = [checker.parses("a = 1"), checker.parses("b = 2")];
    await new Promise((resolve) => setImmediate(resolve));
    started[0]!.exit();
    expect(await Promise.all(open)).toEqual([false, false]);
    void checker.parses("c = 3");
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    started[1]!.exit();
    await checker.close();
  });

  it("gives up on a checker that cannot be started, after maxFailures tries, for the rest of the run", async () => {
    let tries = 0;
    const checker = new WarmChecker(
      () => {
        tries++;
        return Promise.resolve(undefined);
      },
      { maxFailures: 3 },
    );
    for (let i = 0; i < 6; i++) expect(await checker.parses("x = 1")).toBe(false);
    expect(tries).toBe(3);
    expect(checker.counts).toEqual({ parses: 0, fellBack: 6, started: 0 });
  });

  it("gives up on checkers that end without an answer, and a `1` restores its patience", async () => {
    let answering = true;
    const { started, start } = starter(() => fake((source) => (answering ? parsesIfNoColon(source) : "")));
    const checker = new WarmChecker(start, { maxFailures: 2, answerMs: 60_000 });
    expect(await checker.parses("x = 1")).toBe(true);
    answering = false;
    // An empty write is no line: the fake says nothing, so the question stays open until the checker exits.
    const dying = async () => {
      const asked = checker.parses("y = 2");
      await new Promise((resolve) => setImmediate(resolve));
      started.at(-1)!.exit();
      return asked;
    };
    expect(await dying()).toBe(false);
    expect(await dying()).toBe(false);
    // Two checkers in a row ended with a question open: none is started again.
    expect(await checker.parses("z = 3")).toBe(false);
    expect(started).toHaveLength(2);
  });

  it("ends a checker whose output is not answers", async () => {
    const { started, start } = starter(() => fake(() => "x".repeat(64)));
    const checker = new WarmChecker(start);
    expect(await checker.parses("x = 1")).toBe(false);
    expect(started[0]!.killed).toBe(true);
  });

  it("takes a `1` only: any other line is an answer that the file does not parse", async () => {
    const { start } = starter(() => fake(() => "yes\n"));
    const checker = new WarmChecker(start);
    expect(await checker.parses("x = 1")).toBe(false);
    await checker.close();
  });

  it("sends no source larger than maxSourceBytes, and asks nothing once closed", async () => {
    const { started, start } = starter(() => fake(parsesIfNoColon));
    const checker = new WarmChecker(start, { maxSourceBytes: 8 });
    expect(await checker.parses("x = 123456789")).toBe(false);
    expect(started).toHaveLength(0);
    expect(await checker.parses(new Uint8Array([120, 61, 49]))).toBe(true);
    await checker.close();
    expect(await checker.parses("x = 1")).toBe(false);
    expect(started).toHaveLength(1);
  });
});

describe("WarmChecks", () => {
  const SERVER = ["checker", "--serve"];
  const job = (image: string, sources: string[] = ["x = 1"], over: Partial<SandboxJob> = {}): SandboxJob => ({
    image,
    files: [],
    command: "python3 test.py",
    check: ["false"],
    warmCheck: { server: SERVER, sources },
    limits: {
      timeoutMs: 1000,
      memoryBytes: 64 << 20,
      cpus: 1,
      pidsLimit: 64,
      maxOutputBytes: 1024,
      workdirBytes: 1 << 20,
    },
    labels: {},
    ...over,
  });

  function checks(options: ConstructorParameters<typeof WarmChecks>[1] = {}) {
    const started: Array<{ policy: LockDown; process: Fake }> = [];
    const made = new WarmChecks((policy) => {
      const process = fake(parsesIfNoColon);
      started.push({ policy, process });
      return Promise.resolve(process);
    }, options);
    return { made, started };
  }

  it("skips a job's check where its checker says every file parses, in a sandbox of the job's lock-down", async () => {
    const { made, started } = checks();
    expect((await made.checked(job("img", ["x = 1", "y = 2"]))).check).toEqual([]);
    expect((await made.checked(job("img", ["x = 1", "def f(:"]))).check).toEqual(["false"]);
    expect(started).toHaveLength(1);
    expect(started[0]!.policy).toMatchObject({ image: "img", argv: SERVER, network: "none", user: "65534:65534" });
    // A rerun asks the same checker.
    expect((await made.checked({ ...job("img"), attempt: 2 })).check).toEqual([]);
    expect(started).toHaveLength(1);
    expect(made.counts).toEqual({ parses: 4, fellBack: 1, started: 1 });
    await made.close();
  });

  it("asks nothing for a job it cannot answer for, or with the warm check off", async () => {
    const { made, started } = checks();
    const unchanged = [
      { ...job("img"), warmCheck: undefined },
      { ...job("img"), checkRuns: true },
      { ...job("img"), check: [] },
      { ...job("img"), network: "services-net" },
    ];
    for (const given of unchanged) expect(await made.checked(given)).toBe(given);
    const off = checks(false);
    const given = job("img");
    expect(await off.made.checked(given)).toBe(given);
    expect([...started, ...off.started]).toHaveLength(0);
  });

  it("starts a lock-down's checker only after its first `startAfter` jobs, which keep their check", async () => {
    const { made, started } = checks({ startAfter: 2 });
    expect((await made.checked(job("img"))).check).toEqual(["false"]);
    expect((await made.checked(job("other"))).check).toEqual(["false"]);
    expect((await made.checked(job("img"))).check).toEqual(["false"]);
    expect(started).toHaveLength(0);
    expect((await made.checked(job("img"))).check).toEqual([]);
    expect(started.map((s) => s.policy.image)).toEqual(["img"]);
    expect(made.counts).toEqual({ parses: 1, fellBack: 3, started: 1 });
    await made.close();
  });

  it("keeps at most `maxLive` checkers, ending the least recently asked", async () => {
    const { made, started } = checks({ maxLive: 2 });
    for (const image of ["a", "b", "a", "c"]) expect((await made.checked(job(image))).check).toEqual([]);
    expect(started.map((s) => s.policy.image)).toEqual(["a", "b", "c"]);
    // b was asked least recently when c's checker started: its stdin was closed, so it ended.
    await new Promise((resolve) => setImmediate(resolve));
    expect(started.map((s) => s.process.stdin.writableEnded)).toEqual([false, true, false]);
    expect((await made.checked(job("b"))).check).toEqual([]);
    expect(started).toHaveLength(4);
    await made.close();
    expect(started.every((s) => s.process.stdin.writableEnded)).toBe(true);
  });
});
