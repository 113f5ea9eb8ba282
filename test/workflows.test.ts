// The actions our workflows and the README's workflow snippets use: each at its current major, named here.
// Dependabot proposes a new major; this list moves with it, after a look at its release notes.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const CURRENT = new Set([
  "actions/checkout@v7",
  "actions/setup-node@v7",
  "actions/upload-artifact@v7",
  "actions/download-artifact@v8",
]);

const root = new URL("../", import.meta.url);
const usesOf = (text: string): string[] => [...text.matchAll(/^[\s-]*uses:\s*["']?([^\s"'#]+)/gm)].map((m) => m[1]!);
const workflows = readdirSync(new URL(".github/workflows/", root)).filter((name) => /\.ya?ml$/.test(name));

describe("actions in workflows", () => {
  it.each(workflows)(
    ".github/workflows/%s uses only the current major of each action (or this repository's own)",
    (name) => {
      const uses = usesOf(readFileSync(new URL(`.github/workflows/${name}`, root), "utf8"));
      expect(uses.length).toBeGreaterThan(0);
      expect(uses.filter((ref) => !ref.startsWith("./") && !CURRENT.has(ref))).toEqual([]);
    },
  );

  it("the README's snippets use the current major of GitHub's own actions", () => {
    const uses = usesOf(readFileSync(new URL("README.md", root), "utf8")).filter((ref) => ref.startsWith("actions/"));
    expect(uses.length).toBeGreaterThan(0);
    expect(uses.filter((ref) => !CURRENT.has(ref))).toEqual([]);
  });

  // A page of docs/ is copied from as often as the README: one older major there, and a user's workflow
  // runs an action on a Node the runners no longer have.
  it("the snippets of docs/ use the same majors of GitHub's own actions", () => {
    const pages = readdirSync(new URL("docs/", root)).filter((name) => name.endsWith(".md"));
    const stale = pages.flatMap((page) =>
      usesOf(readFileSync(new URL(`docs/${page}`, root), "utf8"))
        .filter((ref) => ref.startsWith("actions/") && !CURRENT.has(ref))
        .map((ref) => `docs/${page}: ${ref}`),
    );
    expect(stale).toEqual([]);
  });
});
