import { act, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../core/client/result';
import { useFormSave, type FormSave } from './use-form-save';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const NameSchema = v.object({ name: v.pipe(v.string(), v.trim(), v.minLength(1, 'Give a name.')) });

function Form({ handle }: { handle: { form?: FormSave } }) {
  const form = useFormSave();
  useEffect(() => {
    handle.form = form;
  });
  return null;
}

function mount() {
  const handle: { form?: FormSave } = {};
  const root = createRoot(document.createElement('div'));
  act(() => root.render(<Form handle={handle} />));
  return { form: () => handle.form!, unmount: () => act(() => root.unmount()) };
}

describe('useFormSave', () => {
  it('checks the body first and sends nothing when it fails', async () => {
    const { form, unmount } = mount();
    let sent = 0;
    const saved = await act(() => form().save(NameSchema, { name: '  ' }, async () => (sent++, { data: 'never' })));
    expect(saved).toBeUndefined();
    expect(sent).toBe(0);
    expect(form().errors).toEqual({ name: 'Give a name.' });
    expect(form().message).toBe('Some fields need attention.');
    unmount();
  });

  it('sends the cleaned output, busy meanwhile, and gives back the saved data', async () => {
    const { form, unmount } = mount();
    let finish!: (result: Result<string>) => void;
    let saving!: Promise<string | undefined>;
    act(() => {
      saving = form().save(NameSchema, { name: ' Ada ' }, (output) => {
        expect(output).toEqual({ name: 'Ada' });
        return new Promise<Result<string>>((resolve) => (finish = resolve));
      });
    });
    expect(form().busy).toBe(true);
    finish({ data: 'saved' });
    expect(await act(() => saving)).toBe('saved');
    expect([form().busy, form().message, form().errors]).toEqual([false, undefined, {}]);
    unmount();
  });

  it('shows the server’s issues beside their fields and its message for the form', async () => {
    const { form, unmount } = mount();
    const refusal: Result<string> = {
      error: { status: 422, data: { error: { code: 'VALIDATION_FAILED', message: 'Check the highlighted fields.', issues: [{ path: 'name', message: 'Taken.' }] } } },
    };
    expect(await act(() => form().save(NameSchema, { name: 'Ada' }, async () => refusal))).toBeUndefined();
    expect(form().errors).toEqual({ name: 'Taken.' });
    expect(form().message).toBe('Check the highlighted fields.');
    unmount();
  });
});
