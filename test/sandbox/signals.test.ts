import { afterEach, describe, expect, it, vi } from "vitest";
import { exitOnSignals } from "../../src/sandbox/signals.js";

const engine = () => ({
  abort: vi.fn(async () => ["a"]),
  removeLabelled: vi.fn(async () => ["a", "b"]),
});

describe("exitOnSignals", () => {
  afterEach(() => vi.restoreAllMocks());

  it("hands the signals back when released, so runs in one process do not pile up handlers", () => {
    const before = { int: process.listenerCount("SIGINT"), term: process.listenerCount("SIGTERM") };
    const releases = [1, 2, 3].map(() => exitOnSignals(engine(), "run=x", () => {}));
    expect(process.listenerCount("SIGINT")).toBe(before.int + 3);
    expect(process.listenerCount("SIGTERM")).toBe(before.term + 3);
    for (const release of releases) release();
    expect(process.listenerCount("SIGINT")).toBe(before.int);
    expect(process.listenerCount("SIGTERM")).toBe(before.term);
  });

  it("on SIGTERM ends the runs, removes the labelled containers, then exits 143", async () => {
    const exit = vi.spyOn(process, "exit").mockImplementation((() => undefined) as never);
    const fake = engine();
    const lines: string[] = [];
    const release = exitOnSignals(fake, "run=x", (line) => lines.push(line));
    try {
      process.emit("SIGTERM", "SIGTERM");
      await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(143));
      expect(fake.abort).toHaveBeenCalledOnce();
      expect(fake.removeLabelled).toHaveBeenCalledWith("run=x");
      expect(lines).toContain("sandbox-gate: removed 2 container(s)");
    } finally {
      release();
    }
  });
});
