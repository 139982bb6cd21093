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
  const strings = catalogues[lang.toLowerCase().split('-')[0]!];
  let locale = strings?.locale ?? en.locale;
  try {
    if (strings) locale = Intl.getCanonicalLocales(lang)[0]!;
  } catch {
    // not a valid tag: the catalogue's own locale
  }
  return { strings: strings ?? en, locale };
}

export const LanguageContext = createContext<Language>({ strings: en, locale: en.locale });

/** The strings of the widget's language. */
export const useStrings = (): Catalogue => useContext(LanguageContext).strings;
/** The widget's language (strings and locale). */
export const useLanguage = (): Language => useContext(LanguageContext);
