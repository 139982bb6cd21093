import * as v from 'valibot';

/** An IANA name: `UTC`, `Europe/Paris`, `America/Argentina/Buenos_Aires`, `Etc/GMT+5`. */
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(?:\/[A-Za-z0-9_+-]+)*$/;

let supported: ReadonlySet<string> | undefined;

/** The engine's canonical time zones, plus `UTC` (which V8 leaves out of the list). */
function supportedTimeZones(): ReadonlySet<string> {
  if (!supported) {
    const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    supported = new Set([...names, 'UTC']);
  }
  return supported;
}

/**
 * The IANA name to store for `name`, or `undefined` if it is not a time zone.
 * Names from `Intl.supportedValuesOf('timeZone')` (and `UTC`) are kept as given. Other names the
 * engine still accepts (links such as `Asia/Kolkata` or `Europe/Kyiv`, which some engines list
 * and others do not) are kept too, with the engine's capitalisation when only the case differs,
 * so a zone picked in one browser is accepted by the server and by every other browser.
 *
 * @param name A candidate time zone name.
 * @returns The name to store, or `undefined`.
 */
export function canonicalTimeZone(name: string): string | undefined {
  if (supportedTimeZones().has(name)) return name;
  if (!IANA_NAME.test(name)) return undefined;
  try {
    const resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return resolved.toLowerCase() === name.toLowerCase() ? resolved : name;
  } catch {
    return undefined;
  }
}

/** The schema type of {@link timeZone}. */
export type TimeZoneSchema = v.SchemaWithPipe<
  readonly [v.StringSchema<string>, v.RawTransformAction<string, string>, v.TitleAction<string, string>]
>;

/**
 * A time zone field: a valid IANA name, checked against `Intl.supportedValuesOf('timeZone')`
 * plus `UTC` (see {@link canonicalTimeZone}). Offsets such as `+02:00` are refused: they
 * ignore daylight saving time.
 *
 * @param label What people call the field; `Time zone` unless given.
 * @returns A valibot schema whose output is the IANA name.
 */
/* @__NO_SIDE_EFFECTS__ */
export function timeZone(label = 'Time zone'): TimeZoneSchema {
  return v.pipe(
    v.string(`${label} must be text.`),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const value = dataset.value.trim();
      if (value === '') {
        addIssue({ message: `${label} is required.` });
        return NEVER;
      }
      const name = value.length <= 64 ? canonicalTimeZone(value) : undefined;
      if (name === undefined) {
        addIssue({ message: `${label} must be a time zone name such as Europe/Paris or America/New_York.` });
        return NEVER;
      }
      return name;
    }),
    v.title(label),
  );
}
