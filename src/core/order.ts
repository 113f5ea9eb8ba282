// The one ascending order the gate sorts by where an order is part of what it writes or hashes (a report's
// repositories, a key's files, a comment key's matrix legs): plain `<`, by UTF-16 code unit for strings,
// never the locale's collation, so the same input sorts alike on every machine.

/** Ascending: negative when `a` comes first, positive when `b` does, 0 when they are equal. */
export function ascending<T extends string | number>(a: T, b: T): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
