import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDrafts, keptDraftKeys, peekDraft, useDraftState } from './drafts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

interface Handle {
  value: string;
  restored: boolean;
  set(value: string): void;
  discard(): void;
}

function Form({ name, handle }: { name: string; handle: Partial<Handle> }) {
  const [value, setValue, restored, discard] = useDraftState(`form:${name}`, () => 'initial');
  useEffect(() => {
    Object.assign(handle, { value, restored, set: setValue, discard });
  });
  return null;
}

function mount(name: string): { handle: Handle; unmount(): void } {
  const handle = {} as Handle;
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Form name={name} handle={handle} />));
  return { handle, unmount: () => act(() => root.unmount()) };
}

afterEach(() => sessionStorage.clear());

describe('drafts kept across a sign-in', () => {
  it('keeps what an open form holds only when asked, and gives it back to the same form', () => {
    const first = mount('a');
    act(() => first.handle.set('typed by the host'));
    expect(peekDraft('form:a')).toBeUndefined();
    keepDrafts();
    expect(peekDraft('form:a')).toBe('typed by the host');
    expect(keptDraftKeys('form:')).toEqual(['a']);
    first.unmount();

    const again = mount('a');
    expect(again.handle).toMatchObject({ value: 'typed by the host', restored: true });
    // Still kept until the form is saved or closed: a screen may mount twice while it loads.
    expect(peekDraft('form:a')).toBe('typed by the host');
    act(() => again.handle.discard());
    expect(peekDraft('form:a')).toBeUndefined();
    again.unmount();

    expect(mount('a').handle).toMatchObject({ value: 'initial', restored: false });
  });

  it('keeps nothing of a form that is closed', () => {
    const form = mount('b');
    act(() => form.handle.set('gone'));
    form.unmount();
    keepDrafts();
    expect(peekDraft('form:b')).toBeUndefined();
  });
});
