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
      // Skip the string, with its escapes.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === BACKSLASH) i++;
        else if (inner === QUOTE) break;
      }
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

interface Scheduler {
  yield?(): Promise<void>;
}

/** Lets the browser run other tasks (input, rendering) before going on. */
function giveWay(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
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
