import { describe, expect, it } from "vitest";
import { Removals } from "../../src/sandbox/run.js";

describe("Removals", () => {
  it("asks again after a refused removal (a kill of the same container in flight), and reports one that stays refused", async () => {
    const asked: string[] = [];
    let refusals = 1;
    const removals = new Removals(async (name) => {
      asked.push(name);
      if (name === "stuck" || refusals-- > 0) throw new Error("removal of container is already in progress");
    });
    const gone: string[] = [];
    removals.remove("busy", () => gone.push("busy"));
    removals.remove("stuck", () => gone.push("stuck"));
    expect(await removals.settle()).toEqual(["stuck: removal of container is already in progress"]);
    expect(gone).toEqual(["busy"]);
    expect(asked.filter((n) => n === "busy")).toHaveLength(2);
    expect(asked.filter((n) => n === "stuck")).toHaveLength(3);
  });
});
