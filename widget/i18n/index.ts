import { createContext, useContext } from 'react';
import type { Catalogue } from './catalogue';
import { en, type FirstScreenStrings } from './en';

export type { Catalogue, FirstScreenStrings };

/**
 * The languages besides English, by primary language subtag: each its own chunk, fetched only
 * for a page in that language (English, built in, costs no request). A file and a line add one.
 */
const catalogues: Record<string, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./es'),
  fr: () => import('./fr'),
  de: () => import('./de'),
  it: () => import('./it'),
  pt: () => import('./pt'),
};

/** The widget's language: its strings and the locale its dates are written in. */
export interface Language {
  /**
   * A language loaded from its own file is whole; English is its first screens' strings (the
   * later screens get theirs with their chunk: `useWholeStrings`, `./later-strings`).
   */
  strings: Catalogue | FirstScreenStrings;
  /** The BCP 47 tag for `Intl` (the `lang` attribute when it names a shipped language). */
  locale: string;
}

/** `pt-BR` → `pt` */
export const primary = (lang: string): string => lang.toLowerCase().split('-')[0]!;

/** The tag for `Intl`: the attribute's own (`en-GB`, `pt-PT`) when valid, else the catalogue's. */
function localeOf(lang: string, strings: FirstScreenStrings): string {
  try {
    return Intl.getCanonicalLocales(lang)[0] ?? strings.locale;
  } catch {
    return strings.locale; // not a valid tag
  }
}

/** Whether `lang` needs a catalogue chunk first (a shipped language other than English). */
export const needsCatalogue = (lang: string): boolean => primary(lang) in catalogues;

/**
 * The language for a `lang` attribute (`en`, `es-MX`…): English when the language is not
 * shipped; dates follow the attribute's region when its language is shipped.
 */
export async function loadLanguage(lang: string): Promise<Language> {
  const load = catalogues[primary(lang)];
  if (!load) return languageFor(lang);
  const strings = (await load()).default;
  return { strings, locale: localeOf(lang, strings) };
}

/** The English language for a `lang` attribute, at once (`en-GB` keeps its region for dates). */
export function languageFor(lang: string): Language {
  return { strings: en, locale: primary(lang) === 'en' ? localeOf(lang, en) : en.locale };
}

export const LanguageContext = createContext<Language>({ strings: en, locale: en.locale });

/** The first screens' strings of the widget's language. */
export const useStrings = (): FirstScreenStrings => useContext(LanguageContext).strings;
/** The widget's language (strings and locale). */
export const useLanguage = (): Language => useContext(LanguageContext);
