// Which inputs each entry takes, and how each names an input to its user.
import { describe, expect, it } from "vitest";
import { ACTION_ONLY, BATCH_ONLY, CLI_INPUTS, LIBRARY_INPUTS } from "../../src/settings/entries.js";
import { InputError, camelCase, nameOfInput } from "../../src/core/errors.js";
import { DEFAULTS } from "../../src/settings/settings.js";

describe("the inputs of each entry", () => {
  const inputs = Object.keys(DEFAULTS);

  it("gives the CLI every input but the action's own, in the order settings.ts declares them", () => {
    expect(CLI_INPUTS).toEqual(inputs.filter((name) => !(ACTION_ONLY as readonly string[]).includes(name)));
  });

  it("gives the library the CLI's less what belongs to a batch", () => {
    expect(LIBRARY_INPUTS).toEqual(CLI_INPUTS.filter((name) => !(BATCH_ONLY as readonly string[]).includes(name)));
    for (const name of ["timeout", "memory", "image", "pull", "tests", "command", "test-results", "reruns"])
      expect(LIBRARY_INPUTS).toContain(name);
  });
});

describe("InputError naming", () => {
  it("names the input as each entry's user wrote it", () => {
    const error = new InputError("pids-limit", "'3' is not a whole number ≥ 8");
    expect(error.message).toBe("Input 'pids-limit': '3' is not a whole number ≥ 8");
    expect(error.in("cli").message).toBe("--pids-limit: '3' is not a whole number ≥ 8");
    expect(error.in("library").message).toBe("option 'pidsLimit': '3' is not a whole number ≥ 8");
    expect(error.in("cli")).toBeInstanceOf(InputError);
    expect(error.in("cli")).toMatchObject({ input: "pids-limit", detail: error.detail, naming: "cli" });
  });

  it("leaves the CLI's arguments (FILE, REPORT) as they are", () => {
    expect(nameOfInput("FILE", "cli")).toBe("FILE");
    expect(nameOfInput("REPORT", "action")).toBe("REPORT");
  });

  it("turns kebab case into camel case", () => {
    expect(camelCase("max-output")).toBe("maxOutput");
    expect(camelCase("setup-network")).toBe("setupNetwork");
    expect(camelCase("timeout")).toBe("timeout");
  });
});
