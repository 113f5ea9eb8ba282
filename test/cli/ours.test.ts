import { describe, expect, it } from "vitest";
import { CAUSES_SHOWN, oursLines } from "../../src/cli/ours.js";
import { feedbackFor } from "../../src/verdict/feedback.js";

/** A sandbox_error's feedback as the pipeline writes it, for `reason`. */
const ours = (reason: string) => ({
  status: "sandbox_error" as const,
  feedback: feedbackFor({
    status: "sandbox_error",
    stdout: "",
    stderr: "",
    truncated: { stdout: false, stderr: false },
    signal: null,
    exitCode: null,
    timeoutMs: 10_000,
    memoryBytes: 256 * 1024 * 1024,
    reason,
  }),
});
const judged = { status: "no_code" as const, feedback: "No runnable code was found in the reply." };

describe("oursLines", () => {
  it("says nothing when our side failed nothing", () => {
    expect(oursLines([judged])).toEqual([]);
  });

  it("names one cause once, however many candidates it stopped", () => {
    const dead =
      "cannot inspect image x: Cannot connect to the Docker daemon at unix:///none.sock. Is the docker daemon running?";
    expect(oursLines([...Array.from({ length: 37 }, () => ours(dead)), judged, judged, judged])).toEqual([
      `our side failed, so 37 of 40 candidate(s) were not judged (sandbox_error, exit 3): ${dead}`,
    ]);
  });

  it("lists a few distinct causes with their counts, and counts the rest", () => {
    const causes = Array.from({ length: CAUSES_SHOWN + 2 }, (_, i) => `cause ${i}`);
    const lines = oursLines([ours("cause 0"), ...causes.map(ours)]);
    expect(lines[0]).toBe(
      `our side failed, so ${causes.length + 1} of ${causes.length + 1} candidate(s) were not judged (sandbox_error, exit 3):`,
    );
    expect(lines.slice(1, 3)).toEqual(["  cause 0 (2 candidate(s))", "  cause 1 (1 candidate(s))"]);
    expect(lines).toHaveLength(CAUSES_SHOWN + 2);
    expect(lines.at(-1)).toBe("  … and 2 other cause(s): each candidate's feedback in the report says its own");
  });

  it("keeps a cause on its line and makes control characters harmless", () => {
    const [line] = oursLines([ours("the run's base could not be made: exit 1\n\n\u001b[31msetup said no")]);
    expect(line).toMatch(/: the run's base could not be made: exit 1 \?\[31msetup said no$/);
  });
});
