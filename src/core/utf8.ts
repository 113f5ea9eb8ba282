// Bytes from outside (a sandbox's streams, the names and texts of the tar it sent back) as text that
// always decodes: what was written is shown, never refused.

/**
 * Invalid bytes become U+FFFD; a character cut in half by the cap is dropped rather than
 * reported as invalid, since the stream did not carry a broken character.
 */
export function decodeUtf8(bytes: Uint8Array, cut: boolean): string {
  // ignoreBOM keeps a leading BOM: the text shows what the program wrote.
  const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
  return decoder.decode(bytes, { stream: cut });
}
