import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { backoffDelays, ensureImage } from "../../src/sandbox/image.js";
import type { PullPolicy } from "../../src/settings/settings.js";

/** An engine whose image is present or not, and whose pulls fail `failures` times first. */
class FakeEngine {
  pulls = 0;
  constructor(
    private present: boolean | Error,
    private failures = 0,
  ) {}

  async hasImage(): Promise<boolean> {
    if (this.present instanceof Error) throw this.present;
    return this.present;
  }

  async pull(image: string): Promise<void> {
    this.pulls++;
    if (this.pulls <= this.failures) throw new Error(`pull of ${image} failed: connection refused (${this.pulls})`);
    this.present = true;
  }
}

async function ensure(engine: FakeEngine, policy: PullPolicy, retries = 0, backoffMs = 1) {
  const log: string[] = [];
  const result = await ensureImage(engine, "img:1", policy, { retries, backoffMs, log: (line) => log.push(line) });
  return { result, log };
}

describe("ensureImage", () => {
  it.each<[PullPolicy, boolean, boolean, number]>([
    // policy, present, pulled, pulls
    ["missing", true, false, 0],
    ["missing", false, true, 1],
    ["never", true, false, 0],
    ["always", true, true, 1],
    ["always", false, true, 1],
  ])("with pull %s and the image present: %s → pulled: %s", async (policy, present, pulled, pulls) => {
    const engine = new FakeEngine(present);
    const { result } = await ensure(engine, policy);
    // `existed`: the user's image, pulled again or not, which no release may remove.
    expect(result).toMatchObject({ ok: true, pulled, existed: present });
    expect(engine.pulls).toBe(pulls);
  });

  it("with pull always, pulls an image the engine could not tell about, and counts it as the user's", async () => {
    const engine = new FakeEngine(new Error("cannot inspect image img:1: timeout"));
    const { result } = await ensure(engine, "always");
    expect(result).toMatchObject({ ok: true, pulled: true, existed: true });
    expect(engine.pulls).toBe(1);
  });

  it("fails without pulling when the image is missing and pull is never", async () => {
    const engine = new FakeEngine(false);
    const { result } = await ensure(engine, "never");
    expect(result).toEqual({ ok: false, reason: 'image img:1 is missing and pull is "never"' });
    expect(engine.pulls).toBe(0);
  });

  it("reports an engine that cannot be asked, without pulling", async () => {
    const engine = new FakeEngine(new Error("cannot inspect image img:1: Cannot connect to the Docker daemon"));
    const { result } = await ensure(engine, "missing", 3);
    expect(result).toEqual({ ok: false, reason: "cannot inspect image img:1: Cannot connect to the Docker daemon" });
    expect(engine.pulls).toBe(0);
  });

  it("retries a failed pull and succeeds, saying so in the log", async () => {
    const engine = new FakeEngine(false, 2);
    const { result, log } = await ensure(engine, "missing", 3);
    expect(result).toMatchObject({ ok: true, pulled: true });
    expect(engine.pulls).toBe(3);
    expect(log.slice(0, 4)).toEqual([
      "pulling img:1 (attempt 1 of 4)",
      "pull of img:1 failed: connection refused (1); retrying in 1 ms",
      "pulling img:1 (attempt 2 of 4)",
      "pull of img:1 failed: connection refused (2); retrying in 2 ms",
    ]);
    expect(log.at(-1)).toMatch(/^pulled img:1 in \d+ ms$/);
  });

  it("gives up after the last retry with the engine's last message", async () => {
    const engine = new FakeEngine(false, Infinity);
    const { result } = await ensure(engine, "always", 2);
    expect(engine.pulls).toBe(3);
    expect(result).toEqual({ ok: false, reason: "pull of img:1 failed: connection refused (3) (3 attempts)" });
  });

  it("tries once when no retries are allowed", async () => {
    const engine = new FakeEngine(false, Infinity);
    const { result, log } = await ensure(engine, "missing", 0);
    expect(engine.pulls).toBe(1);
    expect(log).toEqual(["pulling img:1"]);
    expect(result).toEqual({ ok: false, reason: "pull of img:1 failed: connection refused (1) (1 attempt)" });
  });

  it("waits between attempts", async () => {
    const started = performance.now();
    await ensure(new FakeEngine(false, Infinity), "missing", 2, 25);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25 + 50 - 5);
  });

  it("reports the time spent", async () => {
    const { result } = await ensure(new FakeEngine(false, 1), "missing", 1, 30);
    expect(result.ok && result.ms).toBeGreaterThanOrEqual(25);
  });
});

describe("backoffDelays", () => {
  it.each([
    [0, 100, []],
    [1, 100, [100]],
    [4, 250, [250, 500, 1000, 2000]],
  ])("gives %i retries from %i ms: %j", (retries, backoffMs, delays) => {
    expect(backoffDelays(retries, backoffMs)).toEqual(delays);
  });
});
