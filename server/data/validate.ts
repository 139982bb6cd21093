import * as v from 'valibot';
import { toApiIssues } from '../../core/schemas/error';
import { ApiError } from './api-error';

/**
 * Validates a value with a core schema; a failure is the contract's 400 with `issues`.
 * Updates also re-validate the entity after the patch is merged into it, so that rules across
 * fields (end after start, state within country) hold for the result, not only the patch.
 */
export function validate<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issues = toApiIssues(result.issues);
    throw new ApiError(400, 'VALIDATION_FAILED', issues[0]?.message ?? 'The request is not valid.', issues);
  }
  return result.output;
}
