/** Letters that Unicode decomposition does not reduce to an ASCII base letter. */
const LIGATURES: Readonly<Record<string, string>> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ł: "l",
  ı: "i",
};

/** Lowercase with diacritics stripped and ligatures spelled out: "Fußball Köln" → "fussball koln". */
export function foldToAscii(text: string): string {
  return text
    .toLowerCase()
    .replace(/[ßæœøđłı]/g, (letter) => LIGATURES[letter])
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "");
}

/**
 * URL slug: lowercase ASCII words joined by single hyphens.
 * Diacritics are stripped, "&" reads "and" and apostrophes vanish, so
 * "Brighton & Hove Albion" → "brighton-and-hove-albion" and "Nott'm Forest" → "nottm-forest".
 */
export function slugify(text: string): string {
  return foldToAscii(text)
    .replace(/&/g, " and ")
    .replace(/['’‘ʼ`´]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
