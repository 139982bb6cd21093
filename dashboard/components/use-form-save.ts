import { useState } from 'react';
import type * as v from 'valibot';
import type { ClientError, Result } from '../../core/client/result';
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
  /** Shows a failed call's messages (for a form that makes more calls than its save). */
  fail(error: ClientError): void;
  setMessage(message: string | undefined): void;
  setBusy(busy: boolean): void;
}

/** A form's save flow: check, send while busy, and the server's issues beside their fields. */
export function useFormSave(initialMessage?: string): FormSave {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | undefined>(initialMessage);
  const [busy, setBusy] = useState(false);

  function fail(error: ClientError): void {
    const failure = serverErrors(error);
    setErrors(failure.errors);
    setMessage(failure.message);
  }

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
      fail(result.error);
      return undefined;
    }
    return result.data;
  }

  return { errors, message, busy, save, fail, setMessage, setBusy };
}
