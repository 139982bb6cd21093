/** What an option list shows when it has no options (contract section 6). */
export const NO_OPTIONS_TEXT = 'No options';

/** What an option list shows while its options load. */
export const LOADING_TEXT = 'Loading…';

/**
 * The text of an option list that shows no option.
 *
 * @param loading Whether the options are still loading.
 * @returns `Loading…` or `No options`.
 */
export function emptyListText(loading: boolean): string {
  return loading ? LOADING_TEXT : NO_OPTIONS_TEXT;
}
