// `npm run docs`: the README's inputs and outputs tables, made again from action.yml.
import { readFileSync, writeFileSync } from "node:fs";
import { withTables } from "./docs/tables.js";

const readme = readFileSync("README.md", "utf8");
const next = withTables(readme, readFileSync("action.yml", "utf8"));
if (next !== readme) writeFileSync("README.md", next);
console.log(next === readme ? "README.md is up to date" : "wrote README.md's inputs and outputs tables");
