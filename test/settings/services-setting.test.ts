import { describe, expect, it } from "vitest";
import { InputError } from "../../src/core/errors.js";
import { parseServices, servicesRefusal } from "../../src/settings/services-setting.js";
import { readSettings, type InputName } from "../../src/settings/settings.js";

const ctx = { defaultWorkdir: "/repo", machineBytes: 8 * 1024 ** 3 };
const read = (inputs: Partial<Record<InputName, string>>) => readSettings((name) => inputs[name] ?? "", ctx);

function refusal(value: string): string {
  try {
    parseServices(value);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`'${value}' was taken`);
}

describe("parseServices", () => {
  it("reads one service a line, with the container's arguments after ' -- ', blank lines skipped", () => {
    expect(
      parseServices(
        "redis=sandbox-gate-test/redis:1\n\n  db = postgres@sha256:abc -- -c fsync=off -c full_page_writes=off \n",
      ),
    ).toEqual([
      { name: "redis", image: "sandbox-gate-test/redis:1", args: [] },
      { name: "db", image: "postgres@sha256:abc", args: ["-c", "fsync=off", "-c", "full_page_writes=off"] },
    ]);
    expect(parseServices("")).toEqual([]);
    expect(parseServices("cache-2=registry:5000/team/redis:7 -- redis-server --port 7000")).toEqual([
      { name: "cache-2", image: "registry:5000/team/redis:7", args: ["redis-server", "--port", "7000"] },
    ]);
  });

  it.each([
    ["redis", "line 1 'redis': is not NAME=IMAGE"],
    ["ok=a\nRedis=b", "line 2 'Redis=b': the name 'Redis' is not a host name"],
    ["2db=postgres", "line 1 '2db=postgres': the name '2db' is not a host name"],
    ["db-=postgres", "the name 'db-' is not a host name"],
    [`${"a".repeat(64)}=x`, "is not a host name"],
    ["db=", "line 1 'db=': names no image"],
    ["db= -- -c x", "names no image"],
    [
      "db=postgres -c fsync=off",
      "'postgres -c fsync=off' is not one image name; put the container's arguments after ' -- '",
    ],
    ["db=-v", "'-v' is not an image name"],
    ["db=postgres --", "has ' -- ' but no arguments after it"],
    ["db=a\n\ndb=b", "line 3 'db=b': the name 'db' is taken by an earlier line"],
  ])("%j → one error naming the input, the line and why", (value, message) => {
    const error = refusal(value);
    expect(error.startsWith("Input 'services': line "), error).toBe(true);
    expect(error).toContain(message);
    expect(error.split("\n")).toHaveLength(1);
  });
});

describe("services in the settings", () => {
  it("are run settings, and mark the mode: no container is made ahead of a run's network", () => {
    const settings = read({ services: "redis=r:1" });
    expect(settings.run.services).toEqual([{ name: "redis", image: "r:1", args: [] }]);
    expect(settings.mode.services).toBe(true);
    expect(read({}).mode.services).toBe(false);
    expect(read({}).run.services).toEqual([]);
  });

  it("fit the concurrency to the memory a run takes with its services", () => {
    // 8 GB, three quarters usable: 24 sandboxes of 256 MB, but 8 runs of 256 MB with one 512 MB service.
    expect(read({ concurrency: "100" }).mode.concurrency).toBe(24);
    expect(read({ concurrency: "100", services: "redis=r:1" }).mode.concurrency).toBe(8);
  });

  it("are refused, naming the input, where the isolation cannot give each candidate its own", () => {
    expect(() => read({ services: "redis=r:1", isolation: "run" })).toThrow(
      /^Input 'services': cannot be combined with isolation: run .*use isolation: candidate$/,
    );
    expect(() => read({ services: "redis=r:1", isolation: "namespace" })).toThrow(
      /^Input 'services': cannot be combined with isolation: namespace/,
    );
    expect(() => read({ services: "redis=r:1", engine: "podman" })).toThrow(
      /^Input 'services': needs engine: docker \(podman's internal networks leave the host reachable/,
    );
    expect(servicesRefusal("docker", "candidate")).toBeUndefined();
    // Without services, those isolations are as ever.
    expect(read({ isolation: "run" }).mode.isolation).toBe("run");
  });
});
