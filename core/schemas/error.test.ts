import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { toApiIssues, validationError, type ApiErrorBody, type ApiErrorCode } from './error';
import { strictBody } from './strict-body';
import { email, text } from './text';

const schema = strictBody({
  guests: v.array(strictBody({ firstName: text({ label: 'First name', min: 1 }), email: email() })),
});

describe('toApiIssues', () => {
  it('joins keys and indices with dots', () => {
    const guests = Array.from({ length: 42 }, () => ({ firstName: 'Ana', email: '' }));
    guests[41] = { firstName: 'Ana', email: 'nope' };
    const result = v.safeParse(schema, { guests });
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: 'guests.41.email', message: 'Email must be a valid email address.' }]);
  });

  it("uses '' for the body itself", () => {
    const result = v.safeParse(schema, 'text');
    expect(toApiIssues(result.issues ?? [])).toEqual([{ path: '', message: 'Expected a JSON object.' }]);
  });

  it('returns at most 100 issues unless told otherwise', () => {
    const guests = Array.from({ length: 150 }, () => ({ firstName: '', email: '' }));
    const issues = v.safeParse(schema, { guests }).issues ?? [];
    expect(issues).toHaveLength(150);
    expect(toApiIssues(issues)).toHaveLength(100);
    expect(toApiIssues(issues, { max: 3 }).map((issue) => issue.path)).toEqual([
      'guests.0.firstName',
      'guests.1.firstName',
      'guests.2.firstName',
    ]);
  });
});

describe('validationError', () => {
  it('is the contract body, with the first issue as message', () => {
    const result = v.safeParse(schema, { guests: [{ firstName: '', email: 'x' }] });
    const body: ApiErrorBody = validationError(result.issues ?? []);
    expect(body).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'First name is required.',
        issues: [
          { path: 'guests.0.firstName', message: 'First name is required.' },
          { path: 'guests.0.email', message: 'Email must be a valid email address.' },
        ],
      },
    });
  });

  it('has a message even without issues', () => {
    expect(validationError([]).error.message).toBe('The request is not valid.');
  });

  it('types every code of the contract', () => {
    const codes: ApiErrorCode[] = [
      'VALIDATION_FAILED', 'MALFORMED_JSON', 'UNAUTHENTICATED', 'INVALID_CREDENTIALS', 'FORBIDDEN',
      'RSVP_CLOSED', 'ORIGIN_NOT_ALLOWED', 'NOT_FOUND', 'CONFLICT', 'EMAIL_TAKEN', 'RSVP_EXISTS',
      'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL_ERROR',
      'EMAIL_NOT_VERIFIED', 'TWO_FACTOR_REQUIRED', 'TWO_FACTOR_INVALID', 'IMPORT_CHANGED',
      'TABLE_FULL',
    ];
    expect(new Set(codes).size).toBe(21);
  });
});
