const [OPEN, COMMA, CLOSE, EMPTY] = ['[', ',', ']', '[]'].map((text) => Buffer.from(text)) as [Buffer, Buffer, Buffer, Buffer];

/**
 * A JSON array's text in pieces of `perPiece` elements, from rows that are each one element's
 * UTF-8 text (a statement's plucked blobs): the first piece opens the array, the others continue
 * it after a comma, the last closes it. Joined, the pieces are the whole array.
 */
export function* jsonArrayPieces(rows: Iterator<Uint8Array>, perPiece: number): Generator<Buffer> {
  let opened = false;
  for (;;) {
    const elements = readUpTo(rows, perPiece);
    const last = elements.length < perPiece;
    yield piece(elements, opened, last);
    if (last) return;
    opened = true;
  }
}

function readUpTo(rows: Iterator<Uint8Array>, count: number): Uint8Array[] {
  const elements: Uint8Array[] = [];
  while (elements.length < count) {
    const next = rows.next();
    if (next.done) break;
    elements.push(next.value);
  }
  return elements;
}

function piece(elements: readonly Uint8Array[], opened: boolean, last: boolean): Buffer {
  if (elements.length === 0) return opened ? CLOSE : EMPTY;
  const bytes: Uint8Array[] = [opened ? COMMA : OPEN];
  elements.forEach((element, i) => (i === 0 ? bytes.push(element) : bytes.push(COMMA, element)));
  if (last) bytes.push(CLOSE);
  return Buffer.concat(bytes);
}
