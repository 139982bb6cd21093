import { describe, expect, it } from 'vitest';
import { chunk } from './chunk';

describe('chunk', () => {
  it('loads once, and holds the module once it has come', async () => {
    let imports = 0;
    const module = { default: 'screen' };
    const screen = chunk(async () => {
      imports++;
      return module;
    });
    expect(screen.loaded).toBeUndefined();
    const first = screen.load();
    expect(screen.load()).toBe(first);
    expect(screen.loaded).toBeUndefined();
    await expect(first).resolves.toBe(module);
    expect(screen.loaded).toBe(module);
    await screen.load();
    expect(imports).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let imports = 0;
    const screen = chunk(async () => {
      imports++;
      if (imports === 1) throw new Error('Failed to fetch dynamically imported module');
      return { default: 'screen' };
    });
    await expect(screen.load()).rejects.toThrow('Failed to fetch');
    expect(screen.loaded).toBeUndefined();
    await expect(screen.load()).resolves.toEqual({ default: 'screen' });
    expect(imports).toBe(2);
  });
});
