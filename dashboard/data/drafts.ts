import { useCallback, useEffect, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * What a host typed, kept across a sign-in: open forms register their values here; when the
 * session turns out to have ended, {@link keepDrafts} writes them to `sessionStorage` (this tab
 * only, gone when it closes), and the same form takes them back once the host is signed in again.
 */
const PREFIX = 'kindly.draft.';
const open = new Map<string, () => unknown>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined; // storage blocked: drafts are simply not kept
  }
}

/** Writes the values of every open form that registered a draft. */
export function keepDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const [key, read] of open) {
    try {
      store.setItem(PREFIX + key, JSON.stringify(read()));
    } catch {
      // full or blocked: nothing more to do
    }
  }
}

/** The kept draft under `key`, left in place (to decide what to open). */
export function peekDraft<T>(key: string): T | undefined {
  const text = storage()?.getItem(PREFIX + key);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}

/** The keys of kept drafts that start with `prefix`, without it: `guest:o1:` → `['g7']`. */
export function keptDraftKeys(prefix: string): string[] {
  const store = storage();
  if (!store) return [];
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(PREFIX + prefix)) keys.push(key.slice(PREFIX.length + prefix.length));
  }
  return keys;
}

/** The kept draft under `key`, removed. */
export function takeDraft<T>(key: string): T | undefined {
  const draft = peekDraft<T>(key);
  storage()?.removeItem(PREFIX + key);
  return draft;
}

/**
 * `useState` whose value is kept as a draft under `key` while the component is mounted, and
 * that starts from a kept draft when there is one (`restored` then says so). `accept` decides
 * whether a kept draft belongs to this form. A kept draft stays until `discard` (call it when
 * the form is saved or closed), so a screen that mounts twice while loading still finds it.
 */
export function useDraftState<T>(
  key: string,
  initial: () => T,
  accept: (draft: T) => boolean = () => true,
): [T, Dispatch<SetStateAction<T>>, boolean, () => void] {
  const [start] = useState(() => {
    const draft = peekDraft<T>(key);
    return draft !== undefined && accept(draft) ? { value: draft, restored: true } : { value: initial(), restored: false };
  });
  const [value, setValue] = useState<T>(start.value);
  const current = useRef(value);
  current.current = value;
  useEffect(() => {
    const read = () => current.current;
    open.set(key, read);
    return () => {
      if (open.get(key) === read) open.delete(key);
    };
  }, [key]);
  const discard = useCallback(() => {
    open.delete(key);
    takeDraft(key);
  }, [key]);
  return [value, setValue, start.restored, discard];
}
