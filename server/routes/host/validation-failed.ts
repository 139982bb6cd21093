import type { ApiIssue } from '../../../core/schemas/error';
import { ApiError } from '../../data/api-error';

/** Throws the contract's 400 with these issues, if there are any; the first one is the message. */
export function failOnIssues(issues: readonly ApiIssue[]): void {
  if (issues.length === 0) return;
  throw new ApiError(400, 'VALIDATION_FAILED', issues[0]!.message, issues.slice(0, 100));
}
