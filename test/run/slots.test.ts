import { describe, expect, it } from "vitest";
import type { RunFacts } from "../../src/core/model.js";
import type { JudgingEngine } from "../../src/sandbox/engine.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { Turns, slotted } from "../../src/run/slots.js";
import { runFacts } from "../support/facts.js";

/** Each run ends when the test says so; records how many ran at once and in which order they began. */
class HeldEngine implements JudgingEngine {
  running = 0;
  peak = 0;
  began: string[] = [];
  readonly #ends: Array<() => void> = [];
  async run(job: SandboxJob): Promise<RunFacts> {
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
    this.began.push(job.command);
    await new Promise<void>((resolve) => this.#ends.push(resolve));
    this.running -= 1;
    if (job.command === "throws") throw new Error("engine failed");
    return runFacts({});
  }
  /** Ends the oldest run still going. */
  endOne(): void {
    this.#ends.shift()!();
  }
  async hasImage(): Promise<boolean> {
    return true;
  }
  async pull(): Promise<void> {}
}

const job = (command: string) => ({ command }) as SandboxJob;
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe("slotted", () => {
  it("runs at most `slots` at once and lets the others in first come, first served", async () => {
    const engine = new HeldEngine();
    const slots = slotted(engine, 2);
    const runs = ["a", "b", "c", "d", "e"].map((name) => slots.run(job(name)));
    await settle();
    expect(engine.began).toEqual(["a", "b"]);
    engine.endOne();
    await settle();
    expect(engine.began).toEqual(["a", "b", "c"]);
    for (let i = 0; i < 4; i++) {
      engine.endOne();
      await settle();
    }
    await Promise.all(runs);
    expect(engine.began).toEqual(["a", "b", "c", "d", "e"]);
    expect(engine.peak).toBe(2);
  });

  it("frees the slot of a run that throws", async () => {
    const engine = new HeldEngine();
    const slots = slotted(engine, 1);
    const failing = slots.run(job("throws"));
    const next = slots.run(job("next"));
    await settle();
    engine.endOne();
    await expect(failing).rejects.toThrow("engine failed");
    await settle();
    expect(engine.began).toEqual(["throws", "next"]);
    engine.endOne();
    await expect(next).resolves.toMatchObject({ exitCode: 0 });
  });
});

describe("Turns", () => {
  it("gives the slots in the judging order, whichever candidate was ready first", async () => {
    const engine = new HeldEngine();
    const slots = slotted(engine, 1);
    const turns = new Turns(3);
    // The third is ready first, then the second, then the first: they still start first, second, third.
    const third = turns.engine(slots, 2).run(job("third"));
    const second = turns.engine(slots, 1).run(job("second"));
    await settle();
    expect(engine.began).toEqual([]);
    const first = turns.engine(slots, 0).run(job("first"));
    await settle();
    expect(engine.began).toEqual(["first"]);
    engine.endOne();
    await first;
    await settle();
    expect(engine.began).toEqual(["first", "second"]);
    engine.endOne();
    await second;
    await settle();
    engine.endOne();
    await third;
    expect(engine.began).toEqual(["first", "second", "third"]);
  });

  it("lets the next go once one finished without a run, and orders only a candidate's first run", async () => {
    const engine = new HeldEngine();
    const slots = slotted(engine, 2);
    const turns = new Turns(3);
    const firstSees = turns.engine(slots, 0);
    const later = turns.engine(slots, 2).run(job("third"));
    await settle();
    expect(engine.began).toEqual([]);
    turns.pass(1); // the second's patch did not apply: it never asks for a slot
    await settle();
    expect(engine.began).toEqual([]);
    const first = firstSees.run(job("first"));
    await settle();
    expect(engine.began).toEqual(["first", "third"]);
    engine.endOne();
    await first;
    // Its second run (a baseline, a rerun) takes the next free slot, in no turn.
    const again = firstSees.run(job("first again"));
    engine.endOne();
    await later;
    await settle();
    expect(engine.began).toEqual(["first", "third", "first again"]);
    engine.endOne();
    await again;
  });
});
