import { useState, type ReactNode } from 'react';
import type { Result } from '../../core/client/result';
import { serverErrors, type FieldErrors } from '../components/form-errors';

// What the settings page's sections share: their card, their form state, their saved note.

/** A titled card of the settings page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/** A form's state: field errors, one message, busy, and a note once saved. */
export function useFormState() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string>();
  const [done, setDone] = useState<string>();
  const [busy, setBusy] = useState(false);
  /** Runs a call; its failure goes to the fields and the message, its success to `done`. */
  async function run<T>(call: () => Promise<Result<T>>, success: string): Promise<{ ok: true; data: T } | { ok: false }> {
    setBusy(true);
    setMessage(undefined);
    setDone(undefined);
    const result = await call();
    setBusy(false);
    if (result.error) {
      const failed = serverErrors(result.error);
      setErrors(failed.errors);
      setMessage(Object.keys(failed.errors).length > 0 ? undefined : failed.message);
      return { ok: false };
    }
    setErrors({});
    setDone(success);
    return { ok: true, data: result.data };
  }
  return { errors, setErrors, message, done, busy, run };
}

/** The note a form shows once saved. */
export function Saved({ text }: { text: string | undefined }) {
  return text ? (
    <p className="notice" role="status">
      {text}
    </p>
  ) : null;
}
