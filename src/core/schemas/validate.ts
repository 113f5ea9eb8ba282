// A declared schema compiled once with ajv, and its first complaint as one line a user can act on:
// `results[3].status "great" is not one of no_code, …`, never ajv's own wording or a list of them all.
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";

export type Checked<T> = { ok: true; value: T } | { ok: false; problem: string };

/**
 * `root` names the whole value in a problem (`the line has neither reply nor patch`). Strict, so a
 * keyword ajv would ignore is an error here, not a check nobody runs; `strictRequired` is off because a
 * dataset line's "reply or patch" is an anyOf of `required` lists, which it forbids.
 */
export function checker<T>(schema: object, root: string): (value: unknown) => Checked<T> {
  // Compiled on first use: the checkers are made as their modules load, and compiling them all costs every
  // start of the CLI and the action a few hundred milliseconds of CPU, for schemas most runs never use.
  let validate: ValidateFunction<T> | undefined;
  return (value) => {
    validate ??= new Ajv2020({
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      verbose: true,
    }).compile<T>(schema);
    return validate(value) ? { ok: true, value } : { ok: false, problem: describe(validate.errors!, root) };
  };
}

const TYPE_NAMES: Record<string, string> = {
  string: "a string",
  number: "a number",
  integer: "a whole number",
  boolean: "true or false",
  object: "an object",
  array: "a list",
  null: "null",
};

/** A value as a problem quotes it: scalars as JSON (long strings cut), containers by kind. */
function shown(value: unknown): string {
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object" && value !== null) return "an object";
  const json = JSON.stringify(value);
  return json.length > 40 ? `${json.slice(0, 39)}…"` : json;
}

/** `/results/3/status` → `results[3].status`. */
function pathOf(pointer: string): string {
  const keys = pointer
    .split("/")
    .slice(1)
    .map((key) => key.replaceAll("~1", "/").replaceAll("~0", "~"));
  return keys.reduce((path, key) => {
    if (/^\d+$/.test(key)) return `${path}[${key}]`;
    if (/^[A-Za-z_][\w-]*$/.test(key)) return path ? `${path}.${key}` : key;
    return `${path}[${JSON.stringify(key)}]`;
  }, "");
}

// With allErrors off, ajv stops at the first keyword that fails, so there is one complaint, or, for a
// failed anyOf, what each of its branches said and then the anyOf's own, last.
function describe(errors: ErrorObject[], root: string): string {
  const error = errors[errors.length - 1]!;
  const at = pathOf(error.instancePath) || root;
  const { params } = error;
  switch (error.keyword) {
    case "type":
      return `${at} must be ${[params.type]
        .flat()
        .map((t: string) => TYPE_NAMES[t] ?? t)
        .join(" or ")}, not ${shown(error.data)}`;
    case "enum":
      return `${at} ${shown(error.data)} is not one of ${(params.allowedValues as unknown[]).join(", ")}`;
    case "minimum":
      return `${at} must be ≥ ${params.limit}, not ${shown(error.data)}`;
    case "required":
      return `${pathOf(`${error.instancePath}/${params.missingProperty}`)} is missing`;
    case "minLength":
      return `${at} must not be empty`;
    case "dependentRequired":
      return `${at} has ${JSON.stringify(params.property)} without ${JSON.stringify(params.missingProperty)}, which it needs`;
    case "additionalProperties":
      return `${at} has a field the schema does not declare: ${JSON.stringify(params.additionalProperty)}`;
    case "anyOf": {
      const branches = errors.slice(0, -1);
      if (branches.every((e) => e.keyword === "required"))
        return `${at} has neither ${branches.map((e) => (e.params as { missingProperty: string }).missingProperty).join(" nor ")}`;
    }
  }
  return `${at} ${error.message}`;
}
