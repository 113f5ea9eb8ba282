import { describe, expect, it } from "vitest";
import { FrameReader, endpointFromEnv } from "../../../../src/sandbox/engines/api/engine-api.js";

function frame(stream: number, text: string): Buffer {
  const payload = Buffer.from(text);
  const header = Buffer.alloc(8);
  header[0] = stream;
  header.writeUInt32BE(payload.length, 4);
  return Buffer.concat([header, payload]);
}

describe("FrameReader", () => {
  it("splits the multiplexed stream into stdout and stderr frames, however it is chunked", () => {
    const wire = Buffer.concat([frame(1, "out"), frame(2, "err\n"), frame(1, ""), frame(1, "x".repeat(70_000))]);
    for (const size of [1, 3, 7, 8, 9, 4096, wire.length]) {
      const got: Array<[number, string]> = [];
      const reader = new FrameReader((stream, payload) => got.push([stream, payload.toString()]));
      for (let at = 0; at < wire.length; at += size) reader.push(wire.subarray(at, at + size));
      expect(got).toEqual([
        [1, "out"],
        [2, "err\n"],
        [1, ""],
        [1, "x".repeat(70_000)],
      ]);
      expect(reader.leftover).toBe(0);
    }
  });

  it("keeps an unfinished frame as leftover", () => {
    const reader = new FrameReader(() => {});
    reader.push(frame(1, "abc").subarray(0, 10));
    expect(reader.leftover).toBe(10);
  });
});

describe("endpointFromEnv", () => {
  it("reads DOCKER_HOST as the CLI does; leaves ssh, TLS and contexts to the CLI", () => {
    expect(endpointFromEnv({})).toEqual({ socketPath: "/var/run/docker.sock" });
    expect(endpointFromEnv({ DOCKER_HOST: "unix:///run/user/1000/docker.sock" })).toEqual({
      socketPath: "/run/user/1000/docker.sock",
    });
    expect(endpointFromEnv({ DOCKER_HOST: "tcp://127.0.0.1:2375" })).toEqual({ host: "127.0.0.1", port: 2375 });
    expect(endpointFromEnv({ DOCKER_HOST: "tcp://[::1]:2375/" })).toEqual({ host: "::1", port: 2375 });
    expect(endpointFromEnv({ DOCKER_HOST: "tcp://127.0.0.1:2376", DOCKER_TLS_VERIFY: "1" })).toBeUndefined();
    expect(endpointFromEnv({ DOCKER_HOST: "ssh://me@host" })).toBeUndefined();
    expect(endpointFromEnv({ DOCKER_CONTEXT: "remote" })).toBeUndefined();
  });
});
