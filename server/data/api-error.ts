import type { ApiErrorCode, ApiIssue } from '../../core/schemas/error';

/** An error that becomes the contract's error body with its status. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what = 'Not found.'): ApiError => new ApiError(404, 'NOT_FOUND', what);
export const forbidden = (message = 'You may not do that.'): ApiError =>
  new ApiError(403, 'FORBIDDEN', message);
export const unauthenticated = (message = 'Sign in first.'): ApiError =>
  new ApiError(401, 'UNAUTHENTICATED', message);
export const conflict = (message: string): ApiError => new ApiError(409, 'CONFLICT', message);
export const unavailable = (retryAfterSeconds: number): ApiError =>
  new ApiError(503, 'UNAVAILABLE', 'The service is briefly unavailable. Please try again in a moment.', undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
