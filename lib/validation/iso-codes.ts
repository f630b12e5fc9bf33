import countries from "i18n-iso-countries";
import englishCountryNames from "i18n-iso-countries/langs/en.json";
import languages from "iso-639-1";

// The ISO lists the profile facts are checked against (extensions §1): ISO 3166-1 alpha-2 country
// codes and ISO 639-1 language codes, from maintained packages rather than a hand-kept copy. The API
// speaks codes; people read the English names these give. Client components use this module too
// (the studio's pickers), so it holds no server-only code.

countries.registerLocale(englishCountryNames);

/** Every ISO 3166-1 alpha-2 code, upper-case, in the order of their English names. */
export const COUNTRY_CODES: readonly string[] = Object.keys(countries.getAlpha2Codes()).sort((a, b) =>
  countryName(a).localeCompare(countryName(b), "en"),
);
const COUNTRY_SET = new Set(COUNTRY_CODES);

/** Every ISO 639-1 code, lower-case, in the order of their English names. */
export const LANGUAGE_CODES: readonly string[] = [...languages.getAllCodes()].sort((a, b) =>
  languageName(a).localeCompare(languageName(b), "en"),
);
const LANGUAGE_SET = new Set<string>(LANGUAGE_CODES);

/** Whether `code` (upper-case) is an ISO 3166-1 alpha-2 code. */
export function isCountryCode(code: string): boolean {
  return COUNTRY_SET.has(code);
}

/** Whether `code` (lower-case) is an ISO 639-1 code. */
export function isLanguageCode(code: string): boolean {
  return LANGUAGE_SET.has(code);
}

/** "DE" → "Germany"; the code itself when the list does not know it (an older row). */
export function countryName(code: string): string {
  return countries.getName(code, "en") ?? code;
}

/** "de" → "German"; the code itself when the list does not know it. */
export function languageName(code: string): string {
  return languages.getName(code) || code;
}
