/**
 * Formats a phone number for display (contract section 5): a value with exactly
 * 10 digits once every non-digit is removed shows as `(XXX) XXX-XXXX`; any other
 * value (international numbers, extensions, partial input) is returned unchanged.
 *
 * @param value The stored phone text, e.g. `555.123.4567`.
 * @returns The display text, e.g. `(555) 123-4567`.
 */
export function formatPhone(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (digits.length !== 10) return value;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
