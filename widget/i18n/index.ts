import { createContext } from 'react';
import { useContext } from 'react';
import { en, type Catalogue } from './en';

export type { Catalogue };

/** The languages that ship, by primary language subtag. Add a file and a line to add one. */
const catalogues: Record<string, Catalogue> = { en };

/** The widget's language: its strings and the locale its dates are written in. */
export interface Language {
  strings: Catalogue;
  /** The BCP 47 tag for `Intl` (the `lang` attribute when it names a shipped language). */
  locale: string;
}

/**
 * Picks the catalogue for a `lang` attribute (`en`, `en-GB`…), English when the language is
 * not shipped; dates follow the attribute's region when its language is the catalogue's.
 */
export function languageFor(lang: string): Language {
  const primary = lang.toLowerCase().split('-')[0] ?? '';
  const strings = catalogues[primary];
  if (!strings) return { strings: en, locale: en.locale };
  return { strings, locale: validLocale(lang) ?? strings.locale };
}

function validLocale(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag)[0];
  } catch {
    return undefined;
  }
}

export const LanguageContext = createContext<Language>({ strings: en, locale: en.locale });

/** The strings of the widget's language. */
export const useStrings = (): Catalogue => useContext(LanguageContext).strings;
/** The widget's language (strings and locale). */
export const useLanguage = (): Language => useContext(LanguageContext);
