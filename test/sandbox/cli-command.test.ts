// The engine CLI's short commands: they never reject, they end at their deadline, and a binary that is
// not there leaves nothing behind that would keep the process alive.
import { describe, expect, it } from "vitest";
import { cli, describeFailure } from "../../src/sandbox/cli-command.js";

const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;

describe("cli()", () => {
  it("gives the command's exit code and both streams", async () => {
    const r = await cli("sh", ["-c", "echo out; echo err >&2; exit 3"]);
    expect(r).toEqual({ code: 3, stdout: "out\n", stderr: "err\n" });
  });

  it("hands stdin over", async () => {
    const r = await cli("cat", [], { input: new TextEncoder().encode("tar bytes") });
    expect(r.stdout).toBe("tar bytes");
  });

  it("resolves with the error for a binary that does not exist, and keeps no timer", async () => {
    const before = timers();
    const r = await cli("/nonexistent/docker", ["ps"], { timeoutMs: 3_600_000 });
    expect(r.code).toBeNull();
    expect(r.error).toMatchObject({ code: "ENOENT" });
    expect(describeFailure(r)).toMatch(/ENOENT/);
    // The hour's deadline is gone with the command: the CLI can exit as soon as its work is done.
    expect(timers()).toBe(before);
  });

  it("kills a command past its deadline and says so", async () => {
    const r = await cli("sleep", ["30"], { timeoutMs: 50 });
    expect(r.code).toBeNull();
    expect(r.error?.message).toBe("sleep 30 did not answer within 0.05 s");
  });
});
