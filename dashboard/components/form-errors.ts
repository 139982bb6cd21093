import * as v from 'valibot';
import type { ClientError } from '../../core/client/result';
import { errorMessage } from '../../core/client/result';
import { toApiIssues, type ApiIssue } from '../../core/schemas/error';

/** Messages by issue path (`email`, `guests.41.email`, `mealOptions.2.value`); `''` is the form itself. */
export type FieldErrors = Record<string, string>;

/** The first message for each path, as forms show one message per field. */
export function issuesToErrors(issues: readonly ApiIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) errors[issue.path] ??= issue.message;
  return errors;
}

/** The outcome of {@link validateForm}. */
export type FormValidation<T> = { ok: true; output: T; errors: FieldErrors } | { ok: false; errors: FieldErrors };

/**
 * Validates a form's body with one of core's valibot schemas, the same the server uses.
 *
 * @returns The cleaned output, or the messages by path.
 */
export function validateForm<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
): FormValidation<v.InferOutput<TSchema>> {
  const result = v.safeParse(schema, body);
  if (result.success) return { ok: true, output: result.output, errors: {} };
  return { ok: false, errors: issuesToErrors(toApiIssues(result.issues)) };
}

/**
 * What a failed call means for a form: the server's `issues` by path (shown beside their
 * fields) and one message for the whole form.
 */
export function serverErrors(error: ClientError): { errors: FieldErrors; message: string } {
  const issues = typeof error.status === 'number' && 'data' in error ? error.data?.error?.issues : undefined;
  return { errors: issuesToErrors(Array.isArray(issues) ? issues : []), message: errorMessage(error) };
}

/** The messages under `prefix.` with the prefix removed (`guests.3.email` → `email` for prefix `guests.3`). */
export function errorsUnder(errors: FieldErrors, prefix: string): FieldErrors {
  const out: FieldErrors = {};
  const start = `${prefix}.`;
  for (const [path, message] of Object.entries(errors)) {
    if (path.startsWith(start)) out[path.slice(start.length)] ??= message;
  }
  return out;
}

/** Whether any message is for a path not in `shown` (so the form should also list it at the top). */
export function unplacedErrors(errors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([path]) => !shown.some((field) => path === field || path.startsWith(`${field}.`)))
    .map(([path, message]) => (path ? `${path}: ${message}` : message));
}
