import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { OccasionSlugSchema, isSlug } from './occasion-slug';

const messages = (body: unknown) => (v.safeParse(OccasionSlugSchema, body).issues ?? []).map((issue) => `${v.getDotPath(issue) ?? ''}: ${issue.message}`);

describe('an occasion slug', () => {
  it('takes lowercase letters, digits and single hyphens, 3 to 60 characters, trimmed; null clears it', () => {
    for (const slug of ['sam-and-alex', 'abc', '2027-reunion', 'a'.repeat(60)]) expect(v.parse(OccasionSlugSchema, { slug })).toEqual({ slug });
    expect(v.parse(OccasionSlugSchema, { slug: '  sam-alex ' })).toEqual({ slug: 'sam-alex' });
    expect(v.parse(OccasionSlugSchema, { slug: null })).toEqual({ slug: null });
  });

  it('refuses anything else, naming the field', () => {
    const shape = 'slug: Page address may hold only lowercase letters, digits and hyphens, with no hyphen first, last or twice in a row.';
    expect(messages({ slug: 'ab' })).toEqual(['slug: Page address must be at least 3 characters.']);
    expect(messages({ slug: 'a'.repeat(61) })).toEqual(['slug: Page address must be at most 60 characters.']);
    for (const slug of ['Sam-Alex', 'sam_alex', 'sam alex', '-sam', 'sam-', 'sam--alex', 'café', 'sam/alex', 'sam.alex']) expect(messages({ slug }), slug).toEqual([shape]);
    for (const slug of ['admin', 'widget', 'privacy', 'api']) expect(messages({ slug })).toEqual(['slug: This page address is reserved. Choose another.']);
    expect(messages({ slug: 42 })).toEqual(['slug: Page address must be text.']);
    expect(messages({})).toHaveLength(1);
    expect(messages({ slug: 'sam-alex', title: 'x' })).toEqual(['title: Unknown field "title".']);
  });

  it('tells a path segment that is a slug as it stands', () => {
    expect(isSlug('sam-alex')).toBe(true);
    for (const text of [' sam-alex', 'SAM-ALEX', 'admin', 'ab', '%41bc']) expect(isSlug(text), text).toBe(false);
  });
});
