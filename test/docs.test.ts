// The README and docs/ as a user reads them: every workflow's inputs are the action's, every `uses:` names the
// release's major tag, every CLI line's flags exist, every link leads somewhere, the README's tables are
// action.yml's. The snippets that run end to end are in test/integration/readme.test.ts.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import packageJson from "../package.json" with { type: "json" };
import { withTables } from "../scripts/docs/tables.js";
import { parseActionInputs } from "../src/cli/help.js";
import { IMPORT_FLAGS, MERGE_FLAGS, OUTPUT_FLAGS, RUN_FLAGS } from "../src/cli/options.js";
import { PAGES, ROOT, blocksOf, type CodeBlock } from "./support/markdown-blocks.js";

const read = (page: string) => readFileSync(resolve(ROOT, page), "utf8");
const ACTION_YML = read("action.yml");
const INPUTS = parseActionInputs(ACTION_YML);
const MAJOR_TAG = `v${packageJson.version.split(".")[0]}`;
const where = (b: CodeBlock) => `${b.page}:${b.line}`;

/** Every `{uses, with}` step in a parsed workflow, however deep. */
function steps(node: unknown): { uses: string; with?: Record<string, unknown> }[] {
  if (Array.isArray(node)) return node.flatMap(steps);
  if (typeof node !== "object" || node === null) return [];
  const here = typeof (node as { uses?: unknown }).uses === "string" ? [node as { uses: string }] : [];
  return [...here, ...Object.values(node).flatMap(steps)];
}

const yamlBlocks = blocksOf("yaml");
const ourSteps = yamlBlocks.flatMap((block) =>
  steps(parse(block.code))
    .filter((s) => s.uses.startsWith("sandbox-gate/sandbox-gate"))
    .map((s) => ({ block, s })),
);

describe("workflows in the README and docs/", () => {
  it("are there to check, and every one is YAML", () => {
    expect(yamlBlocks.length).toBeGreaterThanOrEqual(8);
    expect(ourSteps.length).toBeGreaterThanOrEqual(8);
    for (const block of yamlBlocks) expect(() => parse(block.code), where(block)).not.toThrow();
  });

  it.each(ourSteps.map(({ block, s }) => [where(block), s] as const))(
    "%s uses the release's major tag and only the action's inputs",
    (_, step) => {
      expect(step.uses).toBe(`sandbox-gate/sandbox-gate@${MAJOR_TAG}`);
      const unknown = Object.keys(step.with ?? {}).filter((name) => !INPUTS.has(name));
      expect(unknown).toEqual([]);
      // Wrong code must never pass by a default: tests with no command is refused, so no page may show it.
      if (step.with?.tests !== undefined) expect(step.with.command, "tests without command").toBeDefined();
      for (const value of Object.values(step.with ?? {})) expect(String(value)).not.toMatch(/<[a-z-]+>/);
    },
  );

  it("grant checks: write wherever the gate runs on a pull request", () => {
    for (const block of yamlBlocks) {
      const workflow = parse(block.code) as { on?: unknown; permissions?: Record<string, string> } | null;
      const on = JSON.stringify(workflow?.on ?? "");
      const gates = steps(workflow).filter((s) => s.uses.startsWith("sandbox-gate/"));
      if (gates.length === 0 || !/pull_request"|issue_comment|pull_request_review/.test(on)) continue;
      // The fork-safe judge (`comment: "false"`, a read-only token) leaves the check to the commenter.
      if (gates.some((s) => s.with?.comment !== "false"))
        expect(workflow?.permissions?.checks, where(block)).toBe("write");
    }
  });
});

describe("command lines in the README and docs/", () => {
  const lines = blocksOf("sh")
    .flatMap((block) =>
      block.code
        .replace(/\\\n/g, " ")
        .split("\n")
        .map((line) => ({ block, line })),
    )
    .filter(({ line }) => /^\s*(npx )?sandbox-gate (run|merge|import)\b/.test(line));

  it.each(lines.map(({ block, line }) => [where(block), line] as const))("%s: %s has only real flags", (_, line) => {
    const verb = /sandbox-gate (run|merge|import)/.exec(line)![1];
    const known = new Set<string>(
      verb === "import"
        ? Object.keys(IMPORT_FLAGS)
        : [...(verb === "run" ? RUN_FLAGS : MERGE_FLAGS), ...Object.keys(OUTPUT_FLAGS), "help", "version"],
    );
    // A quoted value (the test command's own `--junitxml=…`) holds no flag of ours.
    const flags = [
      ...line
        .replace(/\s#.*$/, "")
        .replace(/"[^"]*"|'[^']*'/g, "")
        .matchAll(/\s--([a-z-]+)/g),
    ].map((m) => m[1]!);
    expect(flags.filter((flag) => !known.has(flag))).toEqual([]);
    if (flags.includes("tests")) expect(flags).toContain("command");
  });
});

describe("the README", () => {
  const readme = read("README.md");

  it("has the inputs and outputs tables action.yml makes (npm run docs)", () => {
    expect(withTables(readme, ACTION_YML)).toBe(readme);
    for (const name of INPUTS.keys()) if (name !== "matrix") expect(readme).toContain(`| \`${name}\` |`);
  });

  it("is well under 300 lines, with a table of contents that reaches every section", () => {
    expect(readme.split("\n").length).toBeLessThan(300);
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, "")
        .replace(/ /g, "-");
    const anchors = new Set([...readme.matchAll(/^## (.+)$/gm)].map((m) => slug(m[1]!)));
    const contents = readme.slice(
      readme.indexOf("## Contents"),
      readme.indexOf("\n## ", readme.indexOf("## Contents") + 1),
    );
    const linked = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]!);
    expect(linked.filter((anchor) => !anchors.has(anchor))).toEqual([]);
    expect([...anchors].filter((anchor) => anchor !== "contents" && !linked.includes(anchor))).toEqual([]);
  });
});

describe("links in the README and docs/", () => {
  it.each(PAGES)("%s links only to files that exist", (page) => {
    const targets = [...read(page).matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1]!.split("#")[0]!)
      .filter((target) => target !== "" && !/^[a-z]+:/.test(target));
    expect(targets.filter((target) => !existsSync(resolve(ROOT, dirname(page), target)))).toEqual([]);
  });
});

describe("the README's two commands", () => {
  const commands = (code: string) =>
    code
      .split("\n")
      .map((line) => line.replace(/#.*$/, "").trim())
      .filter((line) => line !== "");
  const first = blocksOf("sh").find((b) => b.page === "README.md")!;
  const readme = commands(first.code);
  const ci = commands(read(".ci/run")).filter((line) => !/^(set|cd) /.test(line));

  it("are on the README's first screen: set up and run, then test", () => {
    expect(first.line).toBeLessThan(40);
    expect(readme).toEqual(["npm run setup", "npm test"]);
  });

  it("are what CI runs, in order, with only CI's own checks between and nothing after", () => {
    const checks = ["bash scripts/check-dist.sh", "npm run typecheck", "npm run format:check", "npm run lint"];
    expect(ci[0]).toBe(readme[0]);
    expect(ci.at(-1)).toBe(readme[1]);
    expect(ci.slice(1, -1).filter((line) => !checks.includes(line))).toEqual([]);
  });

  it("set up every engine and runtime the suite exercises, and run the gate on the example", () => {
    const setup = packageJson.scripts.setup;
    expect(setup).toBe("bash scripts/setup.sh");
    const script = commands(read("scripts/setup.sh"));
    for (const step of [
      "bash scripts/setup-engine.sh",
      "bash scripts/setup-runtimes.sh",
      "bash scripts/build-test-images.sh",
      "bash scripts/try-example.sh",
    ])
      expect(script).toContain(step);
    const installs = read("scripts/setup-engine.sh") + read("scripts/setup-runtimes.sh");
    for (const tool of ["docker.io", "bubblewrap", "runsc", "podman"]) expect(installs).toContain(tool);
  });
});
