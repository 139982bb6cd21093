import { describe, expect, it } from 'vitest';
import * as core from '../index';
import * as schemas from './index';

/** The names other parts of the product code against (server, dashboard, widget). */
const SCHEMA_VALUES = [
  'text', 'longText', 'email', 'requiredEmail', 'isoDate', 'instant', 'id', 'optionEntry', 'optionEntries',
  'toApiIssues', 'validationError',
  'AccountCreateSchema', 'SignInSchema',
  'OccasionCreateSchema', 'OccasionUpdateSchema',
  'ActivityCreateSchema', 'ActivityUpdateSchema',
  'AttributeCategoryCreateSchema', 'AttributeCategoryUpdateSchema',
  'HouseholdCreateSchema', 'HouseholdUpdateSchema',
  'GuestCreateSchema', 'GuestUpdateSchema', 'GuestUpsertSchema', 'GuestBulkSchema',
  'InviteLineCreateSchema', 'InviteLineUpdateSchema', 'InviteLinesBulkSchema',
  'GuestCredentialsSchema', 'EventHouseholdUpdateSchema', 'RsvpSchema',
  'normaliseInviteCode', 'normaliseName', 'normaliseOrigin',
] as const;

const OTHER_VALUES = [
  'countryOptions', 'stateOptions', 'usStateCodes', 'canadianProvinceCodes', 'statesForCountry', 'platformOptions',
  'formatPhone',
] as const;

describe('the public API', () => {
  it('exports every schema and helper from core/schemas and core', () => {
    for (const name of SCHEMA_VALUES) {
      expect(schemas, name).toHaveProperty(name);
      expect(core, name).toHaveProperty(name);
      expect((core as Record<string, unknown>)[name]).toBe((schemas as Record<string, unknown>)[name]);
    }
  });

  it('exports the option lists and formats from core', () => {
    for (const name of OTHER_VALUES) expect(core, name).toHaveProperty(name);
    expect(core.formatPhone('5551234567')).toBe('(555) 123-4567');
  });
});
