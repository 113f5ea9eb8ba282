// The `setup-inputs` input, read: the default, extending it, turning it off, and what is refused.
import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { SETUP_INPUTS, parseSetupInputs } from "../../src/settings/setup-inputs.js";

describe("parseSetupInputs", () => {
  it("is the manifests and lock files when empty, and with `default`", () => {
    expect(parseSetupInputs([])).toEqual(SETUP_INPUTS);
    expect(parseSetupInputs(["default"])).toEqual(SETUP_INPUTS);
  });

  it("adds to the default with `default`, and replaces it without", () => {
    expect(parseSetupInputs(["default", "tools/deps.txt"])).toEqual([...SETUP_INPUTS, "tools/deps.txt"]);
    expect(parseSetupInputs(["deps/*.txt"])).toEqual(["deps/*.txt"]);
  });

  it("turns off with `none` alone", () => {
    expect(parseSetupInputs(["none"])).toEqual([]);
  });

  it.each([
    [["none", "default"], /'none' turns per-candidate set-ups off; it goes alone/],
    [["/etc/passwd"], /'\/etc\/passwd' .*relative to the base tree/],
    [["!package.json"], /'!package.json' is a negation/],
  ])("refuses %j naming the input", (items, message) => {
    let error: unknown;
    try {
      parseSetupInputs(items);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).input).toBe("setup-inputs");
    expect((error as Error).message).toMatch(message);
  });
});
