import { describe, expect, it } from "vitest";
import { DRIVER, driverArgv } from "../../../../src/sandbox/driver.js";
import { RESET, execArgv } from "../../../../src/sandbox/engines/api/shared.js";

describe("execArgv", () => {
  it("is the driver's argv with the reset before it and the command run as a child", () => {
    const argv = execArgv("python3 t.py", ["python3", "-c", "check", "t.py"]);
    const plain = driverArgv("python3 t.py", ["python3", "-c", "check", "t.py"]);
    expect(argv.slice(0, 2)).toEqual(plain.slice(0, 2));
    // The parameters travel unchanged: nothing of the command reaches the script text.
    expect(argv.slice(3)).toEqual(plain.slice(3));
    const script = argv[2]!;
    expect(script.startsWith(RESET)).toBe(true);
    expect(script).not.toContain('exec "$@"');
    expect(script).toContain('set -- sh -c "$command"\nfi\n"$@"\nstatus=$?\n');
    expect(script.endsWith('kill -9 -1 2>/dev/null\nexit "$status"\n')).toBe(true);
    // Everything the driver does before the command is kept as it is.
    expect(script).toContain(DRIVER.slice(0, DRIVER.indexOf('[ -n "$results" ] || exec "$@"')));
  });

  it("resets as a function, so the driver's parameters are intact, and fails the set-up when it cannot", () => {
    expect(RESET).toMatch(/^reset\(\) \{\n/);
    expect(RESET.trimEnd().endsWith("reset || exit 125")).toBe(true);
    for (const place of [
      "/work",
      "/tmp",
      "/dev/shm",
      "/dev/mqueue",
      "/proc/sysvipc/shm",
      "/proc/sysvipc/sem",
      "/proc/sysvipc/msg",
    ])
      expect(RESET).toContain(place);
  });
});
