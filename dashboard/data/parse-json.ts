/** Bodies up to this many characters are parsed in one go. */
const SLICE_LENGTH = 256 * 1024;

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/**
 * `JSON.parse`, except that a long top-level array (a 10,000-guest list is megabytes) is parsed
 * about `sliceLength` characters at a time, giving way to the browser between slices: several
 * short tasks instead of one that would freeze the page. Same value as `JSON.parse`; invalid JSON
 * rejects with a `SyntaxError`.
 *
 * @param text A JSON text.
 * @param sliceLength Characters per slice (tests pass small ones).
 * @returns The parsed value.
 */
export async function parseJson(text: string, sliceLength: number = SLICE_LENGTH): Promise<unknown> {
  if (text.length <= sliceLength || text.charCodeAt(0) !== OPEN_BRACKET) return JSON.parse(text);
  const items: unknown[] = [];
  let start = 1;
  for (;;) {
    const end = nextBoundary(text, start, start + sliceLength);
    const slice = JSON.parse(`[${text.slice(start, end)}]`) as unknown[];
    for (const item of slice) items.push(item);
    if (text.charCodeAt(end) === CLOSE_BRACKET) {
      // Only white space may follow the array; JSON.parse reports anything else.
      if (text.slice(end + 1).trim() !== '') JSON.parse(text);
      return items;
    }
    // A stray closing brace, or no end: JSON.parse throws its own error (or, were this scan wrong, parses it right).
    if (text.charCodeAt(end) !== COMMA) return JSON.parse(text);
    start = end + 1;
    await giveWay();
  }
}

/**
 * The index of the first comma between two elements of the top-level array at or after `from`
 * (scanning from `start`, the beginning of an element), or of the array's closing bracket, or the
 * text's length when there is neither.
 */
function nextBoundary(text: string, start: number, from: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth === 0) return i;
      depth--;
    } else if (code === COMMA && depth === 0 && i >= from) {
      return i;
    }
  }
  return text.length;
}

/**
 * The index of the quote that closes the string opened at `open` (the text's length when it does
 * not close): found with `indexOf`, much faster than a loop over every character of a list that is
 * mostly strings. A quote after an odd number of backslashes is part of the string.
 */
function stringEnd(text: string, open: number): number {
  let quote = text.indexOf('"', open + 1);
  while (quote >= 0) {
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote;
    quote = text.indexOf('"', quote + 1);
  }
  return text.length;
}

interface Scheduler {
  postTask?(callback: () => void, options: { priority: 'user-visible' }): Promise<void>;
}

/**
 * Lets the browser run other tasks (input, rendering, React's work) before going on: a task of
 * the page's ordinary priority (`scheduler.postTask`, `user-visible`), queued behind those already
 * waiting, so that what a screen is rendering (a guest list's first page) takes its turns between
 * the slices of the long list behind it. Not `scheduler.yield()`: its continuation goes before the
 * page's other tasks, and while a long body arrives the parse took nearly every turn (the first
 * page's rows waited behind the whole list's parse). Not `background` either: the browser runs
 * such tasks only when nothing else waits, and a busy page (4× CPU on a loaded machine) never
 * finished the list.
 */
function giveWay(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.postTask) return scheduler.postTask(() => {}, { priority: 'user-visible' });
  // A message, not setTimeout: nested timeouts are held back to 4 ms each.
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Reads a JSON body as it downloads: a top-level array's elements are parsed (in slices of about
 * `sliceLength` characters, giving way to the browser between them) while the rest of the body
 * is still on its way, so little is left to do when the last byte comes. Same value as
 * `JSON.parse` of the whole text; invalid JSON rejects with a `SyntaxError`. Anything but an array
 * is parsed in one go at the end.
 *
 * @param body The answer's body (UTF-8).
 * @param sliceLength Characters per slice at most, past one element (tests pass small ones).
 * @returns The parsed value.
 */
export async function readJsonStream(body: ReadableStream<Uint8Array>, sliceLength: number = SLICE_LENGTH): Promise<unknown> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const array = new StreamedArray(sliceLength);
  let head = '';
  let whole: string[] | undefined;
  for (;;) {
    const { done, value } = await reader.read();
    for (const text of done ? [decoder.decode()] : decodeInPieces(decoder, value)) {
      if (whole) whole.push(text);
      else if (array.started) await array.add(text);
      else {
        head = `${head}${text}`.trimStart();
        if (head !== '' && head.charCodeAt(0) !== OPEN_BRACKET) whole = [head];
        else if (head !== '') await array.start(head.slice(1));
      }
    }
    if (done) return whole ? JSON.parse(whole.join('')) : array.end();
  }
}

/** Bytes decoded at a time. */
const DECODE_BYTES = 512 * 1024;

/** A body that had all come before it was read is one chunk of megabytes: decoded a piece at a time. */
function* decodeInPieces(decoder: TextDecoder, bytes: Uint8Array): Generator<string> {
  for (let at = 0; at < bytes.length; at += DECODE_BYTES) yield decoder.decode(bytes.subarray(at, at + DECODE_BYTES), { stream: true });
}

/**
 * The elements of a streamed top-level array, parsed as complete ones arrive.
 *
 * Finding where one element ends takes a scan of every character outside strings, which costs
 * about twice what `JSON.parse` itself does on a list of objects. So an array of objects is first
 * cut where the text holds `},` followed by the way its first element began (`{"id":` in a guest
 * list), found with `indexOf`: such a place is where one element ends and the next begins, unless
 * it lies inside a nested object. A cut in the wrong place leaves the slice with an unclosed
 * string, object or array, which `JSON.parse` refuses, so a slice that parses was cut right. On
 * the first refused slice (or when no such place turns up), the rest is scanned as before.
 */
class StreamedArray {
  readonly items: unknown[] = [];
  started = false;
  /** Text after the last element parsed (the start of an element not complete yet). */
  private pending = '';
  /** After the closing bracket: only white space may follow. */
  private rest: string | undefined;
  private lastGaveWay = performance.now();
  /**
   * `},` and the first element's opening up to its first key's colon, once known; null when the
   * text is scanned instead (the elements are not objects, a cut was refused, or none was found).
   */
  private marker: string | null | undefined;

  constructor(private readonly sliceLength: number) {}

  start(text: string): Promise<void> {
    this.started = true;
    return this.add(text);
  }

  /** Adds the text that came next, parsing the elements it completes. */
  async add(text: string): Promise<void> {
    if (this.rest !== undefined) {
      this.rest += text;
      return;
    }
    let pending = this.pending + text;
    if (this.marker === undefined) this.marker = firstKeyMarker(pending);
    if (this.marker !== null) {
      const { parsed, remaining } = this.marker ? await this.cutAtMarkers(pending) : { parsed: false, remaining: pending };
      // Text that shows no marker over several slices is not the list it looked like: scan it.
      if (this.marker !== null && (parsed || remaining.length <= MARKER_PATIENCE * this.sliceLength)) {
        this.pending = remaining;
        return;
      }
      this.marker = null;
      pending = remaining;
    }
    await this.scanAndParse(pending);
  }

  /** After the body's last text: what is left is scanned (it holds the array's end). */
  async end(): Promise<unknown[]> {
    if (this.rest === undefined && this.marker !== null) {
      this.marker = null;
      const pending = this.pending;
      this.pending = '';
      await this.scanAndParse(pending);
    }
    if (this.rest === undefined) throw new SyntaxError('Unexpected end of JSON input');
    if (this.rest.trim() !== '') throw new SyntaxError('Unexpected non-whitespace character after JSON');
    return this.items;
  }

  /**
   * Parses slices of about `sliceLength` characters, each cut at a marker; on a refused slice
   * turns the marker off. Answers the text not parsed yet and whether any slice was.
   */
  private async cutAtMarkers(text: string): Promise<{ parsed: boolean; remaining: string }> {
    let from = 0;
    let parsed = false;
    while (this.marker) {
      const at = text.indexOf(this.marker, from + this.sliceLength);
      if (at < 0) break;
      // The comma between the two elements.
      const comma = at + 1;
      let slice: unknown[];
      try {
        slice = JSON.parse(`[${text.slice(from, comma)}]`) as unknown[];
      } catch {
        this.marker = null;
        break;
      }
      await this.keep(slice);
      parsed = true;
      from = comma + 1;
    }
    return { parsed, remaining: text.slice(from) };
  }

  /** The scanning way: cuts the text at top-level commas, finds the array's end. */
  private async scanAndParse(pending: string): Promise<void> {
    const { cuts, close } = scanElements(pending, this.sliceLength);
    let from = 0;
    for (const cut of cuts) {
      await this.parse(pending.slice(from, cut));
      from = cut + 1;
    }
    if (close < 0) {
      this.pending = pending.slice(from);
      return;
    }
    const last = pending.slice(from, close);
    // `[]` is the one array whose last element is empty; `[1,]` is not JSON.
    if (last.trim() !== '' || this.items.length > 0 || from > 0) await this.parse(last);
    this.rest = pending.slice(close + 1);
  }

  private async parse(elements: string): Promise<void> {
    if (elements.trim() === '') throw new SyntaxError('Unexpected token , in JSON');
    await this.keep(JSON.parse(`[${elements}]`) as unknown[]);
  }

  private async keep(slice: unknown[]): Promise<void> {
    for (const item of slice) this.items.push(item);
    if (performance.now() - this.lastGaveWay < GIVE_WAY_AFTER_MS) return;
    await giveWay();
    this.lastGaveWay = performance.now();
  }
}

/** Slices' worth of text kept waiting for a marker before the text is scanned instead. */
const MARKER_PATIENCE = 4;

/**
 * `},{"id":` for an array (its text after `[`) whose first element is an object that begins with
 * a key: what the text holds between two such elements. Undefined while the first key has not
 * all come; null when the first element is anything else.
 */
function firstKeyMarker(text: string): string | null | undefined {
  const open = text.search(/\S/);
  if (open < 0) return undefined;
  if (text.charCodeAt(open) !== OPEN_BRACE) return null;
  const quote = text.slice(open + 1).search(/\S/) + open + 1;
  if (quote === open) return undefined;
  if (text.charCodeAt(quote) !== QUOTE) return null;
  const close = stringEnd(text, quote);
  if (close >= text.length - 1) return undefined;
  // Only `{"key":` written without white space: pretty-printed text is scanned.
  if (quote !== open + 1 || text.charCodeAt(close + 1) !== COLON) return null;
  return `},${text.slice(open, close + 2)}`;
}

const COLON = 0x3a;

/** Work done between two turns of the browser, at most (one slice can take longer). */
const GIVE_WAY_AFTER_MS = 8;

/**
 * One pass over text that starts at the beginning of an array's element: the indexes of the
 * top-level commas to cut it at (the first one past every `sliceLength` characters, and the last
 * one), and the index of the array's closing bracket (-1 when it has not come yet).
 */
function scanElements(text: string, sliceLength: number): { cuts: number[]; close: number } {
  const cuts: number[] = [];
  let depth = 0;
  let sliceStart = 0;
  let lastComma = -1;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      depth++;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      if (depth === 0) {
        if (code === CLOSE_BRACE) throw new SyntaxError(`Unexpected token } in JSON`);
        if (lastComma >= 0 && cuts[cuts.length - 1] !== lastComma) cuts.push(lastComma);
        return { cuts, close: i };
      }
      depth--;
    } else if (code === COMMA && depth === 0) {
      lastComma = i;
      if (i - sliceStart >= sliceLength) {
        cuts.push(i);
        sliceStart = i + 1;
      }
    }
  }
  if (lastComma >= 0 && cuts[cuts.length - 1] !== lastComma) cuts.push(lastComma);
  return { cuts, close: -1 };
}
