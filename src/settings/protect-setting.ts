// The `protect` input, read: which rules apply (prepare/protect.ts holds the rules themselves and decides
// what a candidate changed). Pure.
import { InputError } from "../core/errors.js";
import { DEFAULT_TOKEN, readGlobList } from "./glob-list.js";

/** The `protect` input, read. */
export interface ProtectSetting {
  /** The built-in rules apply (the input's `default` token, or the input left unset). */
  defaults: boolean;
  /** The user's globs: adding, changing or deleting a file they match is protected. */
  globs: string[];
  /** `!glob`: files never protected, whichever rule would match them (the default's included). */
  except: string[];
}

/**
 * The input's items (split as every list input is) → the setting. Unset (undefined) is the default;
 * empty, or `none` alone, turns protection off; `default` among globs keeps the built-in rules and adds them.
 */
export function parseProtect(items: readonly string[] | undefined): ProtectSetting {
  if (items === undefined) return { defaults: true, globs: [], except: [] };
  const read = readGlobList("protect", items, "turns protection off");
  const setting: ProtectSetting = { defaults: read.defaults, globs: read.globs, except: read.negated };
  if (setting.except.length > 0 && !setting.defaults && setting.globs.length === 0) {
    throw new InputError(
      "protect",
      `'!${setting.except[0]}' leaves out of nothing; write '${DEFAULT_TOKEN}, !${setting.except[0]}' to keep the default and leave it out`,
    );
  }
  return setting;
}

/** Whether the setting protects nothing: no rule to check, no file to restore. */
export function protectionOff(setting: ProtectSetting): boolean {
  return !setting.defaults && setting.globs.length === 0;
}
