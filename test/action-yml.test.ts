// action.yml as the Marketplace reads it.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const yml = readFileSync(new URL("../action.yml", import.meta.url), "utf8");

describe("action.yml", () => {
  it("has a description the Marketplace takes whole (at most 125 characters)", () => {
    const description = /^description: (.*)$/m.exec(yml)?.[1]?.replace(/^"(.*)"$/, "$1");
    expect(description).toBeTruthy();
    expect(description!.length).toBeLessThanOrEqual(125);
  });
});
