import { describe, expect, it } from "vitest";
import { LogCapture, StreamCapture } from "../../src/sandbox/capture.js";

function capture(limit: number, ...chunks: (string | number[])[]): StreamCapture {
  const collector = new StreamCapture(limit);
  for (const chunk of chunks) collector.push(typeof chunk === "string" ? Buffer.from(chunk) : Uint8Array.from(chunk));
  return collector;
}

describe("StreamCapture", () => {
  it("keeps everything under the cap", () => {
    expect(capture(100, "hello ", "world\n").result()).toEqual({ text: "hello world\n", truncated: false, bytes: 12 });
  });

  it("keeps exactly the cap without calling it truncated", () => {
    expect(capture(4, "ab", "cd").result()).toEqual({ text: "abcd", truncated: false, bytes: 4 });
  });

  it("keeps the head, counts every byte and marks the stream truncated", () => {
    const collector = capture(5, "abc", "defgh", "ijk");
    expect(collector.result()).toEqual({ text: "abcde", truncated: true, bytes: 11 });
  });

  it("keeps counting long after the cap", () => {
    const collector = new StreamCapture(10);
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    for (let i = 0; i < 100; i++) collector.push(chunk);
    expect(collector.bytes).toBe(6_553_600);
    expect(collector.result().text).toBe("a".repeat(10));
  });

  it("copies what it keeps, so a reused buffer does not change the text", () => {
    const chunk = Buffer.from("abc");
    const collector = new StreamCapture(10);
    collector.push(chunk);
    chunk.write("xyz");
    expect(collector.result().text).toBe("abc");
  });

  it("with a cap of zero keeps nothing and still counts", () => {
    expect(capture(0, "abc").result()).toEqual({ text: "", truncated: true, bytes: 3 });
  });

  it("turns invalid UTF-8 into U+FFFD and survives a JSON round trip", () => {
    const { text } = capture(100, [0xff, 0xfe, 0x00, 0x61, 0x62, 0x63]).result();
    expect(text).toBe("\uFFFD\uFFFD\u0000abc");
    expect(JSON.parse(JSON.stringify({ text }))).toEqual({ text });
  });

  it("joins a character split across chunks", () => {
    const euro = [...Buffer.from("€")];
    expect(capture(100, euro.slice(0, 1), euro.slice(1)).result().text).toBe("€");
  });

  it("drops a character the cap cut in half instead of calling it invalid", () => {
    expect(capture(4, "ab€").result()).toEqual({ text: "ab", truncated: true, bytes: 5 });
  });

  it("reports a character cut by the end of the stream itself as invalid", () => {
    expect(capture(100, [0x61, 0xe2, 0x82]).result().text).toBe("a\uFFFD");
  });

  it("keeps a leading byte order mark", () => {
    expect(capture(100, [0xef, 0xbb, 0xbf, 0x61]).result().text).toBe("\uFEFFa");
  });
});

describe("LogCapture", () => {
  const text = (log: LogCapture) => log.result().bytes.toString("utf8");

  it("keeps both streams whole as one log, each line whole, in the order the lines ended", () => {
    const log = new LogCapture(1000);
    log.push("stdout", Buffer.from("PASSED tests/a.py::te"));
    log.push("stderr", Buffer.from("a warning\nhalf of "));
    log.push("stdout", Buffer.from("st_x\nFAILED tests/a.py::test_y\n"));
    log.push("stderr", Buffer.from("another\n"));
    expect(text(log)).toBe("a warning\nPASSED tests/a.py::test_x\nFAILED tests/a.py::test_y\nhalf of another\n");
    expect(log.result().truncated).toBe(false);
  });

  it("keeps the last lines that did not end, each on its own line", () => {
    const log = new LogCapture(1000);
    log.push("stdout", Buffer.from("out without end"));
    log.push("stderr", Buffer.from("err without end"));
    expect(text(log)).toBe("out without end\nerr without end");
  });

  it("keeps far more than an output cap would, up to its bound, then marks the log cut", () => {
    const log = new LogCapture(100);
    for (let i = 0; i < 20; i++) log.push("stdout", Buffer.from(`line ${String(i).padStart(3, "0")}\n`));
    const { bytes, truncated } = log.result();
    expect(bytes.length).toBe(100);
    expect(bytes.toString().startsWith("line 000\nline 001\n")).toBe(true);
    expect(truncated).toBe(true);
  });

  it("bounds a line that never ends: what is past the bound is only counted", () => {
    const log = new LogCapture(10);
    for (let i = 0; i < 1000; i++) log.push("stderr", Buffer.from("x".repeat(100)));
    const { bytes, truncated } = log.result();
    expect(bytes.toString()).toBe("x".repeat(10));
    expect(truncated).toBe(true);
  });
});
