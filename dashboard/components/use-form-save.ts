import { useState } from 'react';
import type * as v from 'valibot';
import type { Result } from '../../core/client/result';
import { serverErrors, validateForm, type FieldErrors } from './form-errors';

/** What {@link useFormSave} gives a form. */
export interface FormSave {
  /** Messages by field path, from the form's check or the server's answer. */
  errors: FieldErrors;
  /** One message for the whole form. */
  message: string | undefined;
  /** Whether a save is on its way. */
  busy: boolean;
  /**
   * Checks `body` with one of core's schemas, then sends the cleaned output; shows what failed.
   *
   * @returns The saved data, or undefined when the check or the call failed.
   */
  save<TSchema extends v.GenericSchema, T>(schema: TSchema, body: unknown, send: (output: v.InferOutput<TSchema>) => Promise<Result<T>>): Promise<T | undefined>;
  /** Replaces the form's message (for the form's other actions, such as a delete). */
  setMessage(message: string | undefined): void;
}

/** A form's save flow: check, send while busy, and the server's issues beside their fields. */
export function useFormSave(): FormSave {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function save<TSchema extends v.GenericSchema, T>(schema: TSchema, body: unknown, send: (output: v.InferOutput<TSchema>) => Promise<Result<T>>): Promise<T | undefined> {
    setMessage(undefined);
    const checked = validateForm(schema, body);
    setErrors(checked.errors);
    if (!checked.ok) {
      setMessage('Some fields need attention.');
      return undefined;
    }
    setBusy(true);
    const result = await send(checked.output);
    setBusy(false);
    if (result.error) {
      const failure = serverErrors(result.error);
      setErrors(failure.errors);
      setMessage(failure.message);
      return undefined;
    }
    return result.data;
  }

  return { errors, message, busy, save, setMessage };
}
