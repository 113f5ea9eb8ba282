// The schemas shipped in docs/, and their text there: `npm run schemas` writes it, a unit test checks it.
import { DATASET_SCHEMA } from "../../src/settings/dataset-line.js";
import { REPORT_SCHEMA } from "../../src/core/schemas/report.js";

export const SHIPPED = [
  { path: "docs/report.schema.json", schema: REPORT_SCHEMA },
  { path: "docs/dataset.schema.json", schema: DATASET_SCHEMA },
] as const;

export const schemaText = (schema: object): string => `${JSON.stringify(schema, null, 2)}\n`;
