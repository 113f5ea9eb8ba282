import { describe, expect, it } from "vitest";
import { Removals } from "../../../src/sandbox/engines/base.js";

describe("Removals", () => {
  it("reports a refused removal once settled, and calls back only for the ones gone", async () => {
    const removals = new Removals(async (name) => {
      if (name === "stuck") throw new Error("removal of container is already in progress");
    });
    const gone: string[] = [];
    removals.remove("busy", () => gone.push("busy"));
    removals.remove("stuck", () => gone.push("stuck"));
    expect(await removals.settle()).toEqual(["stuck: removal of container is already in progress"]);
    expect(gone).toEqual(["busy"]);
    // The failures since the last call: none twice.
    expect(await removals.settle()).toEqual([]);
  });
});
