// What every declared schema shares: the draft it is written in (validate.ts compiles with that draft's
// class), where it is published, how its TypeScript type is derived, and how a value is laid out in it.
import type { FromSchema, JSONSchema } from "json-schema-to-ts";
import packageJson from "../../../package.json" with { type: "json" };

/** The moving tag of this release's major (`v0` for 0.y.z), as the README's `uses:` lines name it. */
const MAJOR_TAG = `v${packageJson.version.split(".")[0]}`;

/**
 * The head of a schema shipped as docs/NAME.schema.json: its draft, its `$id` (where users find the copy
 * of the release's major tag they pin, `@v0`), what it is and what for.
 */
/** A string property and what it means: most of a schema's properties. */
export function text<const D extends string>(description: D) {
  return { type: "string", description } as const;
}

export function shipped<const N extends string, const T extends string, const D extends string>(
  name: N,
  title: T,
  description: D,
) {
  return {
    $schema: "https://json-schema.org/draft/2020-12/schema",
    $id: `https://raw.githubusercontent.com/sandbox-gate/sandbox-gate/${MAJOR_TAG}/docs/${name}.schema.json`,
    title,
    description,
  } as const;
}

/**
 * An open object (no `additionalProperties: false`) comes out of FromSchema with `[key: string]: unknown`;
 * the code reads only the declared fields, so that index signature goes: a typo stays a type error. Maps
 * the schema declares (`additionalProperties: {type: …}`) keep theirs.
 */
type Known<T> = T extends readonly (infer E)[]
  ? Known<E>[]
  : T extends object
    ? { [K in keyof T as string extends K ? (unknown extends T[K] ? never : K) : K]: Known<T[K]> }
    : T;

/** The TypeScript type of a value the schema accepts, less what it accepts without declaring. */
export type Declared<S extends JSONSchema> = Known<FromSchema<S>>;

/**
 * The part of a schema that lays a value out: its properties, in order, and its items. `type` and
 * `description` are here only so that every property's schema shares a key with it: TypeScript refuses
 * a value that shares none with a type whose keys are all optional.
 */
interface Layout {
  readonly type?: unknown;
  readonly description?: string;
  readonly properties?: Readonly<Record<string, Layout>>;
  readonly items?: Layout;
}

/**
 * `value` with every object's keys in the order its schema declares them, keys set to undefined left
 * out, undeclared keys dropped: written files diff well from run to run, whoever built the value.
 */
export function inSchemaOrder<T>(schema: Layout, value: T): T {
  return layOut(schema, value) as T;
}

function layOut(schema: Layout, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((item) => layOut(schema.items ?? {}, item));
  if (schema.properties === undefined || typeof value !== "object" || value === null) return value;
  const fields = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, property] of Object.entries(schema.properties)) {
    if (fields[key] !== undefined) out[key] = layOut(property, fields[key]);
  }
  return out;
}
