// The one rule for putting a text into a `sh -c` script as exactly one word, whatever it holds (spaces,
// `;`, `$()`, quotes, globs): the parse check's argv and an imported line's test command both build
// scripts with words that are not ours.

// A word the shell reads as itself: nothing it expands, splits, globs or redirects.
const PLAIN_WORD = /^[A-Za-z0-9_./:@%+=,-]+$/;

/** Whether the shell reads `text` as itself, unquoted. */
export function isPlainWord(text: string): boolean {
  return PLAIN_WORD.test(text);
}

/** `text` in single quotes (a `'` inside as `'\''`): one word, read back as exactly this text. */
export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** One word read back as exactly `text`: as it is when plain, else quoted (a script stays readable). */
export function shellWord(text: string): string {
  return isPlainWord(text) ? text : shellQuote(text);
}
