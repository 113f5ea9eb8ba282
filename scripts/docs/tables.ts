// The README's inputs and outputs tables, made from action.yml: the one list the action, the CLI's help and
// the README share. `npm run docs` writes them between their markers; a test fails when they are stale.
import { parse } from "yaml";

type Scalar = string | number | boolean;
interface ActionYml {
  inputs?: Record<string, { description?: Scalar; default?: Scalar }>;
  outputs?: Record<string, { description?: Scalar }>;
}

/** A table cell: one line, its pipes escaped, so a description never breaks the table. */
const cell = (text: string): string => text.replace(/\s+/g, " ").replace(/\|/g, "\\|").trim();

/** A default as a reader types it: code, or nothing for an empty one. */
const shownDefault = (value: string): string => (value === "" ? "" : `\`${value.replace(/\|/g, "\\|")}\``);

export function inputsTable(yml: string): string {
  const { inputs = {} } = parse(yml) as ActionYml;
  const rows = Object.entries(inputs)
    // `matrix` only carries the matrix leg's values to the default comment-key: never set by hand.
    .filter(([name]) => name !== "matrix")
    .map(
      ([name, input]) =>
        `| \`${name}\` | ${shownDefault(String(input.default ?? ""))} | ${cell(String(input.description ?? ""))} |`,
    );
  return ["| input | default | what it does |", "| --- | --- | --- |", ...rows].join("\n");
}

export function outputsTable(yml: string): string {
  const { outputs = {} } = parse(yml) as ActionYml;
  const rows = Object.entries(outputs).map(
    ([name, output]) => `| \`${name}\` | ${cell(String(output.description ?? ""))} |`,
  );
  return ["| output | what it holds |", "| --- | --- |", ...rows].join("\n");
}

/** The text between `<!-- NAME -->` and `<!-- /NAME -->` replaced by `content`; an error when a marker is missing. */
export function replaceBlock(text: string, name: string, content: string): string {
  const open = `<!-- ${name} -->`;
  const close = `<!-- /${name} -->`;
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`README.md has no ${open} … ${close} block`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

/** The README with its generated blocks made from action.yml. */
export function withTables(readme: string, yml: string): string {
  return replaceBlock(replaceBlock(readme, "inputs", inputsTable(yml)), "outputs", outputsTable(yml));
}
