/**
 * Whether a UTF-16 code unit is one of the characters the regular expression `\s` matches, for
 * counting text without building a normalised copy of it.
 */
export function isWhitespaceCode(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13) || code === 160) return true;
  if (code < 0x1680) return false;
  return (
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * Letters and digits only, lower-cased, accents folded: "Aktuálně.cz" reads "aktualnecz".
 * Punctuation, spacing and markup leave no trace, so one text reads the same wherever it stands.
 */
export function foldedKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}
