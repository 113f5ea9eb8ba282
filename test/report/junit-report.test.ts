import { describe, expect, it } from "vitest";
import type { Status } from "../../src/core/model.js";
import { escapeXml, renderJUnit } from "../../src/report/junit-report.js";
import { HOSTILE, MIXED, SKIPPED } from "./fixtures.js";

interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string): string {
  if (/[<]|&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);)/i.test(text))
    throw new Error(`unescaped markup in ${JSON.stringify(text)}`);
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (_, e: string) =>
    e.startsWith("#x")
      ? String.fromCodePoint(parseInt(e.slice(2), 16))
      : e.startsWith("#")
        ? String.fromCodePoint(Number(e.slice(1)))
        : ENTITIES[e]!,
  );
}

// A strict little parser: enough to prove the report is well-formed XML 1.0 and to read it back.
function parseXml(xml: string): XmlElement {
  if (/[^\t\n\r\x20-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/u.test(xml))
    throw new Error("character not allowed in XML");
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, "");
  const root: XmlElement = { name: "#document", attrs: {}, children: [], text: "" };
  const stack = [root];
  const token = /<\/([\w-]+)>|<([\w-]+)((?:\s+[\w-]+="[^"]*")*)\s*(\/?)>|([^<]+)/gy;
  let match: RegExpExecArray | null;
  while (token.lastIndex < body.length) {
    if (!(match = token.exec(body)))
      throw new Error(`malformed XML at ${token.lastIndex}: ${body.slice(token.lastIndex, token.lastIndex + 40)}`);
    const [, close, open, attrText, selfClosing, text] = match;
    const top = stack[stack.length - 1]!;
    if (text !== undefined) top.text += decode(text);
    else if (close !== undefined) {
      if (top.name !== close) throw new Error(`</${close}> closes <${top.name}>`);
      stack.pop();
    } else {
      const attrs = Object.fromEntries(
        [...attrText!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k!, decode(v!)]),
      );
      const element = { name: open!, attrs, children: [], text: "" };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1 || root.children.length !== 1) throw new Error("unbalanced XML");
  return root.children[0]!;
}

const child = (e: XmlElement, name: string) => e.children.find((c) => c.name === name);

describe("renderJUnit", () => {
  const xml = renderJUnit(MIXED, SKIPPED, { timestamp: "2025-01-02T03:04:05Z" });
  const suites = parseXml(xml);
  const suite = suites.children[0]!;
  const cases = suite.children;

  it("has one testsuite with a testcase per candidate and per skipped candidate", () => {
    expect(suites.name).toBe("testsuites");
    expect(suite.name).toBe("testsuite");
    expect(suite.attrs).toMatchObject({
      name: "sandbox-gate",
      tests: "10",
      failures: "6",
      errors: "1",
      skipped: "2",
      timestamp: "2025-01-02T03:04:05Z",
    });
    expect(cases.map((c) => c.attrs.name)).toEqual([...MIXED.map((r) => r.id), ...SKIPPED.map((s) => s.id)]);
    expect(cases[2]!.attrs).toMatchObject({ classname: "sandbox-gate.python", time: "10.004" });
  });

  it("marks failing statuses as failure, sandbox_error as error, skipped as skipped, pass as nothing", () => {
    const verdict = (i: number) => cases[i]!.children.find((c) => ["failure", "error", "skipped"].includes(c.name));
    expect(verdict(0)).toBeUndefined();
    expect(verdict(1)).toMatchObject({
      name: "failure",
      attrs: { type: "syntax_error", message: "invalid syntax" },
      text: MIXED[1]!.feedback,
    });
    expect(verdict(7)).toMatchObject({ name: "error", attrs: { type: "sandbox_error" } });
    expect(verdict(8)).toMatchObject({ name: "skipped", attrs: { message: SKIPPED[0]!.reason } });
    expect(cases[1]!.attrs.file).toBe("solution.py");
  });

  it("keeps stdout and stderr apart", () => {
    expect(child(cases[4]!, "system-out")?.text).toBe(MIXED[4]!.stdout);
    expect(child(cases[4]!, "system-err")?.text).toBe(MIXED[4]!.stderr);
    expect(child(cases[1]!, "system-out")).toBeUndefined();
  });

  it("follows fail-on: a status outside it is no failure", () => {
    const failOn = new Set<Status>(["syntax_error"]);
    const only = parseXml(renderJUnit(MIXED, [], { failOn })).children[0]!;
    expect(only.attrs).toMatchObject({ failures: "1", errors: "0" });
    expect(only.children.filter((c) => child(c, "failure") || child(c, "error")).map((c) => c.attrs.name)).toEqual([
      "reply-2",
    ]);
  });

  it("stays well-formed with hostile text, control characters and lone surrogates", () => {
    const nasty = { ...HOSTILE, id: "a\"b'c<d>&e\nf", stderr: "bad \x00\x1b[31m\x01 \ud800 chars ]]> end" };
    const testcase = parseXml(renderJUnit([nasty], [])).children[0]!.children[0]!;
    expect(testcase.attrs.name).toBe("a\"b'c<d>&e\nf");
    expect(child(testcase, "system-out")?.text).toContain("<img src=x onerror=alert(1)>");
    expect(child(testcase, "system-err")?.text).toBe("bad \u2400\u2401 \ufffd chars ]]> end");
  });
});

describe("renderJUnit with test results", () => {
  const withTests = {
    ...MIXED[0]!,
    id: "comment-9",
    status: "test_failed" as Status,
    tests: {
      counts: { passed: 1, failed: 1, error: 0, skipped: 1 },
      cases: [
        { id: "t::ok", name: "ok", classname: "t", status: "passed" as const, duration_ms: 3, flaky: true },
        {
          id: "t.py::bad",
          name: "bad",
          file: "t.py",
          line: 7,
          status: "failed" as const,
          message: "assert 1 == 2\n<trace & more>",
        },
        { id: "t::later", name: "later", classname: "t", status: "skipped" as const },
      ],
    },
  };
  const suites = parseXml(renderJUnit([withTests, MIXED[1]!], []));

  it("nests each candidate's test cases in a testsuite named after it, after the candidates' own suite", () => {
    expect(suites.children.map((s) => s.attrs.name)).toEqual(["sandbox-gate", "comment-9"]);
    const own = suites.children[1]!;
    expect(own.attrs).toMatchObject({ tests: "3", failures: "1", errors: "0", skipped: "1", time: "0.003" });
    expect(own.children.map((c) => [c.attrs.name, c.attrs.classname, c.children.map((x) => x.name)])).toEqual([
      ["ok", "t", ["properties"]],
      ["bad", "t.py", ["failure"]],
      ["later", "t", ["skipped"]],
    ]);
    const bad = own.children[1]!;
    expect(bad.attrs).toMatchObject({ file: "t.py", line: "7" });
    expect(bad.children[0]!.attrs.message).toBe("assert 1 == 2");
    expect(bad.children[0]!.text).toBe("assert 1 == 2\n<trace & more>");
    expect(own.children[0]!.children[0]!.children[0]!.attrs).toEqual({ name: "flaky", value: "true" });
  });
});

describe("escapeXml", () => {
  it("escapes markup and strips characters XML 1.0 forbids", () => {
    expect(escapeXml(`<a b="c" d='e'>&</a>`)).toBe("&lt;a b=&quot;c&quot; d=&apos;e&apos;&gt;&amp;&lt;/a&gt;");
    expect(escapeXml("a\x00b\x1bc\ufffed\ud800e\u{1f600}")).toBe("abcde\u{1f600}");
  });
});
