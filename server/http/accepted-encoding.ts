/**
 * The encoding a compressed answer is sent with: `br` when the client takes it, else `gzip`,
 * else none (an encoding with `q=0` is refused; `*` is gzip). The guest list and the widget's
 * files both choose with it.
 */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  const taken = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase().split(/\s*;\s*/))
      .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
      .map(([name]) => name),
  );
  if (taken.has('br')) return 'br';
  if (taken.has('gzip') || taken.has('*')) return 'gzip';
  return undefined;
}
