/**
 * Builds a path with every interpolated id URL-encoded:
 * `` path`/occasion/${occasionId}/guest/${guestId}` ``.
 *
 * @returns The path.
 */
export function path(strings: TemplateStringsArray, ...ids: string[]): string {
  return strings.reduce((out, part, i) => out + encodeURIComponent(ids[i - 1]!) + part);
}
