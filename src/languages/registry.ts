// Every language the gate knows, and the lookups by name, fence tag and file name. A new language is
// its own file (language.ts says what it holds) and one entry of LANGUAGE_LIST; the registry's test checks
// that each is complete.
import { bash } from "./bash.js";
import { javascript } from "./javascript.js";
import type { LanguageSpec } from "./language.js";
import { php } from "./php.js";
import { python } from "./python.js";
import { typescript } from "./typescript.js";

/** In the order `auto` and the `protect` default consider them. */
export const LANGUAGE_LIST = [python, javascript, typescript, bash, php] as const;

/** A language's name: `python`, `javascript`, … */
export type Language = (typeof LANGUAGE_LIST)[number]["name"];

export const LANGUAGES = Object.fromEntries(LANGUAGE_LIST.map((spec) => [spec.name, spec])) as Record<
  Language,
  LanguageSpec<Language>
>;

export const LANGUAGE_NAMES: readonly Language[] = LANGUAGE_LIST.map((spec) => spec.name);

export function isLanguage(name: string): name is Language {
  return Object.hasOwn(LANGUAGES, name);
}

/** The language a fence tag names, if any (`python title="x.py"` → python). */
export function languageOfTag(info: string): Language | undefined {
  const tag =
    info
      .trim()
      .split(/[\s{,]/, 1)[0]
      ?.toLowerCase()
      .replace(/^\./, "") ?? "";
  return LANGUAGE_NAMES.find((name) => LANGUAGES[name].fenceTags.includes(tag));
}

/** The language a file name implies, if any. */
export function languageOfPath(path: string): Language | undefined {
  const lower = path.toLowerCase();
  return LANGUAGE_NAMES.find((name) => LANGUAGES[name].extensions.some((ext) => lower.endsWith(ext)));
}
