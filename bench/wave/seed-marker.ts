import { migrations } from '../../server/db/migrations';
import type { PlatformSize } from './options';
import { PLATFORM_VERSION } from './platform';

/**
 * What a seeded cache was made from: the rows' version, the schema's migrations and the size.
 * A cache whose marker differs in anything is seeded again.
 */
export function seedMarker(size: PlatformSize): string {
  return JSON.stringify({ platform: PLATFORM_VERSION, migrations: Object.keys(migrations), size });
}

/** A short name for a size, for files and databases: `100000o_1000000g_5000h`. */
export function sizeTag(size: PlatformSize): string {
  return `${size.occasions}o_${size.guests}g_${size.largeHouseholds}h`;
}
