// The one test of "a JSON object" for every reader of JSON that is not ours (a manifest, an instances or
// predictions file, an input): `typeof` says "object" for null and arrays too, and each of those readers
// wants neither. And the one JSON text of a value that does not depend on the order its objects' keys were
// set in, for whatever compares or hashes a value as text.
import { ascending } from "./order.js";

/** Whether `value` is a JSON object: not null, not an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with every object's keys sorted (arrays keep their order): a reordering of keys is no change. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    isRecord(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort(ascending)
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}
