import { afterAll, beforeAll } from 'vitest';

/**
 * Runs the calling test file in the time zone `zone` (an IANA name, e.g. `Europe/Prague`):
 * the browser's zone, in which times are shown and written (docs/product.md "Lists"). For
 * the whole file, set before its first test and restored after its last: the date
 * formatters are made once per locale and keep the zone they were made in.
 */
export function inTimeZone(zone: string): void {
  let before: string | undefined;
  beforeAll(() => {
    before = process.env.TZ;
    process.env.TZ = zone;
  });
  afterAll(() => {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  });
}
