import packageJson from "../../../package.json" with { type: "json" };
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SHIPPED, schemaText } from "../../../scripts/schemas/shipped.js";

const ROOT = resolve(import.meta.dirname, "../../..");

type Node = Record<string, unknown>;

/** Every property the schema declares, by where it is, a `$ref` read as what it points at (`#/$defs/…`). */
function properties(root: Node): [string, Node][] {
  const target = (node: Node): Node => {
    if (typeof node.$ref !== "string") return node;
    return node.$ref
      .split("/")
      .slice(1)
      .reduce<Node>((n, key) => n[key] as Node, root);
  };
  const found: [string, Node][] = [];
  const walk = (node: unknown, path: string): void => {
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "properties")
        for (const [name, property] of Object.entries(value as Node))
          found.push([`${path}/${name}`, target(property as Node)]);
      walk(value, `${path}/${key}`);
    }
  };
  walk(root, "#");
  return found;
}

describe.each(SHIPPED)("$path", ({ path, schema }) => {
  it("is what src/schemas/ declares (npm run schemas writes it)", () => {
    expect(readFileSync(resolve(ROOT, path), "utf8"), `${path} is stale: run npm run schemas`).toBe(schemaText(schema));
  });

  it("names itself and describes every property, for the users who read it", () => {
    // The release's moving major tag, as the README's `uses:` lines name it.
    const major = `v${packageJson.version.split(".")[0]}`;
    expect(schema.$id).toBe(`https://raw.githubusercontent.com/sandbox-gate/sandbox-gate/${major}/${path}`);
    expect(schema.title).toMatch(/^sandbox-gate /);
    const all = properties(schema);
    expect(all.length).toBeGreaterThanOrEqual(Object.keys(schema.properties).length);
    expect(
      all
        .filter(([, property]) => typeof property.description !== "string" || property.description === "")
        .map(([where]) => where),
    ).toEqual([]);
  });
});
