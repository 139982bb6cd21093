import type { Catalogue } from './catalogue';
import { englishWhole } from './en-later';
import { useLanguage } from '.';

/**
 * All the strings of the widget's language, for the later screens (in their chunk): a language
 * loaded from its own file is whole already; English joins its later screens' strings here.
 */
export function useWholeStrings(): Catalogue {
  const { strings } = useLanguage();
  return 'eventDetails' in strings ? strings : englishWhole;
}
