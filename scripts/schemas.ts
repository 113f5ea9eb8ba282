// Writes docs/*.schema.json from the schemas declared in src/schemas/: npm run schemas.
import { writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { SHIPPED, schemaText } from "./schemas/shipped.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

for (const { path, schema } of SHIPPED) {
  writeFileSync(resolve(ROOT, path), schemaText(schema));
  console.log(`wrote ${path}`);
}
