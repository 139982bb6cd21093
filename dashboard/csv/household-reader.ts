/** The preview's reader of a row's household: its name (given, or after the guests) and address. */
import * as v from 'valibot';
import { HouseholdUpdateSchema } from '../../core/schemas/household';
import { countryValue, stateValue } from './cell-values';
import type { RowNames } from './guest-readers';
import type { ImportAddress } from './import-rows';
import type { RowCells } from './row-cells';

/** `Ana García`, `Ana & Ben García`, or `Ana García & Ben Ruiz`. */
function householdNameFor({ firstName, lastName, partnerFirst, partnerLast }: RowNames): string {
  const one = [firstName, lastName].filter(Boolean).join(' ');
  if (!partnerFirst) return one;
  if (!partnerLast || partnerLast === lastName) return `${firstName} & ${partnerFirst}${lastName ? ` ${lastName}` : ''}`;
  return `${one} & ${partnerFirst} ${partnerLast}`;
}

/** The household fields of the mapped columns, countries and states as the lists' values. */
function readAddress(row: RowCells): ImportAddress {
  const address: ImportAddress = {};
  for (const field of ['addressLine1', 'addressLine2', 'city', 'postalCode', 'phone', 'email', 'notes'] as const) {
    if (row.has(`household.${field}`)) address[field] = row.cell(`household.${field}`);
  }
  if (row.has('household.country')) address.country = countryValue(row.cell('household.country'));
  if (row.has('household.state')) address.state = stateValue(row.cell('household.state'), address.country ?? '');
  return address;
}

function withoutName(output: Record<string, unknown>): ImportAddress {
  const { name: _name, ...rest } = output;
  return rest as ImportAddress;
}

/**
 * The household named by its column, or after the guests when there is none (or when the row
 * names a partner or an address but leaves the household empty); checked with core's schema.
 */
export function readHousehold(row: RowCells, names: RowNames): { householdName: string; householdGiven: boolean; address: ImportAddress } {
  const householdGiven = row.has('household.name');
  let householdName = row.cell('household.name');
  const address = readAddress(row);
  const anyAddress = Object.values(address).some((value) => value !== '');
  if (!householdName && (!householdGiven || names.partnerFirst || anyAddress) && names.firstName) householdName = householdNameFor(names);
  if (householdName) {
    const checked = v.safeParse(HouseholdUpdateSchema, { name: householdName, ...address });
    if (!checked.success) row.problems.push(...checked.issues.map((issue) => issue.message));
    else Object.assign(address, withoutName(checked.output));
  }
  return { householdName, householdGiven, address };
}
