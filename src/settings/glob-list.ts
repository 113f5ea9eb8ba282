// The shape every glob-list input shares (`protect`, `setup-inputs`): `default` stands for the built-in
// globs, `none` alone for nothing, `!glob` leaves a path out, and each glob is relative to the base tree.
// Each input decides what these mean for it. Pure.
import { InputError } from "../core/errors.js";
import { checkRelativePath } from "../core/paths.js";

/** The token that stands for the built-in globs in the input, so that `default, extra/**` extends them. */
export const DEFAULT_TOKEN = "default";
/** Another way to write an empty value, for a workflow where an empty input would fall back to the default. */
export const OFF_TOKEN = "none";

/** A glob-list input's items, read. */
export interface GlobListItems {
  /** `default` stood among the items. */
  defaults: boolean;
  /** The globs, in order, each once. */
  globs: string[];
  /** The `!glob` items, without their `!`. */
  negated: string[];
}

/**
 * The items (split as every list input is) → what they say. `offWhat` words the error when `none` does
 * not stand alone ("turns protection off"). A glob that leaves the base tree is refused, naming `input`.
 */
export function readGlobList(input: string, items: readonly string[], offWhat: string): GlobListItems {
  const read: GlobListItems = { defaults: false, globs: [], negated: [] };
  for (const item of items) {
    if (item === OFF_TOKEN) {
      if (items.length > 1) throw new InputError(input, `'${OFF_TOKEN}' ${offWhat}; it goes alone`);
      continue;
    }
    if (item === DEFAULT_TOKEN) {
      read.defaults = true;
      continue;
    }
    const negated = item.startsWith("!");
    const glob = negated ? item.slice(1) : item;
    const path = checkRelativePath(glob);
    if (!path.ok) throw new InputError(input, `'${item}' ${path.why}: globs are relative to the base tree`);
    const into = negated ? read.negated : read.globs;
    if (!into.includes(glob)) into.push(glob);
  }
  return read;
}
