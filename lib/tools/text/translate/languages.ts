// The translate page's languages (SPEC section 9). Plain data, safe in the browser and on the server.
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'ko', name: 'Korean' },
  { code: 'ja', name: 'Japanese' },
  { code: 'vi', name: 'Vietnamese' },
  { code: 'es', name: 'Spanish' },
  { code: 'fr', name: 'French' },
  { code: 'de', name: 'German' },
  { code: 'pt', name: 'Portuguese' },
  { code: 'it', name: 'Italian' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];
export const AUTO = 'auto';
export const AUTO_NAME = 'Auto detect';
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as LanguageCode[];
export const DEFAULT_INPUT: LanguageCode = 'en';
export const DEFAULT_OUTPUT: LanguageCode = 'ko';

export const isLanguage = (code: string): code is LanguageCode => (LANGUAGE_CODES as string[]).includes(code);

/** 'English' for 'en', 'Auto detect' for 'auto', the code itself for anything else. */
export function languageName(code: string): string {
  if (code === AUTO) return AUTO_NAME;
  return LANGUAGES.find((l) => l.code === code)?.name ?? code;
}
