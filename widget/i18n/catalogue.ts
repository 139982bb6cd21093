import type { FirstScreenStrings } from './en';
import type { LaterStrings } from './en-later';

/** The shape every language file fills in: the strings of the first screens and of the later ones. */
export type Catalogue = FirstScreenStrings & LaterStrings;
