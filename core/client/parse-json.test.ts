import { describe, expect, it } from 'vitest';
import { parseJson } from './parse-json';

/** Guests whose text has everything a slice boundary could trip on. */
function guests(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    id: `g${i}`,
    firstName: i % 7 === 0 ? 'Zoë "Zo" O\'Brien' : `Guest ${i}`,
    notes: i % 5 === 0 ? '},{"id":"fake"},[1,2],\\"' : '',
    attributes: { side: i % 2 ? ['bride'] : [], nested: { deep: [[{ a: '[' }], { b: ']' }] } },
    invitations: [
      { activityId: 'a1', response: 'ATTENDING', mealChoice: 'fish' },
      { activityId: 'a2', response: 'PENDING', mealChoice: null },
    ],
    plusOne: null,
    count: i,
    ok: i % 3 === 0,
  }));
}

describe('parseJson', () => {
  it('parses a long array slice by slice to exactly what JSON.parse gives', async () => {
    for (const text of [JSON.stringify(guests(500)), JSON.stringify(guests(300), null, 2), ` ${JSON.stringify(guests(10))}\n`]) {
      for (const slice of [1, 40, 333, 4096]) {
        expect(await parseJson(text, slice)).toEqual(JSON.parse(text));
      }
    }
  });

  it('parses short bodies and non-arrays as JSON.parse does', async () => {
    expect(await parseJson('{"a":[1,2]}', 4)).toEqual({ a: [1, 2] });
    expect(await parseJson('[]', 1)).toEqual([]);
    expect(await parseJson('[1]', 1)).toEqual([1]);
    expect(await parseJson('"text"')).toBe('text');
    expect(await parseJson('null')).toBeNull();
  });

  it('rejects invalid JSON with a SyntaxError, wherever the fault is', async () => {
    const text = JSON.stringify(guests(50));
    for (const bad of [text.slice(0, -1), text.slice(0, text.length / 2), `${text}x`, text.replace(',{"id":"g1"', '},{"id":"g1"'), text.replace('"g7"', 'g7'), '<html>bad gateway</html>']) {
      expect(() => JSON.parse(bad)).toThrow(SyntaxError);
      await expect(parseJson(bad, 64)).rejects.toThrow(SyntaxError);
    }
  });

  it('gives way to other tasks between slices', async () => {
    const text = JSON.stringify(guests(2000));
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    const parsing = parseJson(text, 1024);
    expect(timerRan).toBe(false);
    await parsing;
    expect(timerRan).toBe(true);
    // Parsed in one go, the same text blocks the timer until it is done.
    timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    JSON.parse(text);
    expect(timerRan).toBe(false);
  });
});
