import { describe, expect, it } from "vitest";
import type { RunFacts } from "../../src/core/model.js";
import type { JudgingEngine } from "../../src/sandbox/engine.js";
import type { SandboxJob } from "../../src/sandbox/job.js";
import { slotted } from "../../src/run/slots.js";
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
