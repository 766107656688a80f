// Times written the way a documented example writes its own (zone as Z, +00:00 or +0000; milliseconds or not).

const WRITTEN_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)?$/;

/**
 * A time (UTC) written the way a documented example writes its own: with or without milliseconds, and `Z`,
 * `+00:00` or `+0000` as the example's zone is written.
 *
 * @example
 * timeLike("2026-08-12T09:03:39.698+0000", Date.UTC(2026, 10, 23, 6)); // "2026-11-23T06:00:00.000+0000"
 */
export function timeLike(example: string, ms: number): string {
  const iso = new Date(ms).toISOString();
  const m = WRITTEN_TIME.exec(example);
  if (!m) return iso;
  const zone = m[2] === undefined || m[2] === "Z" ? "Z" : m[2].includes(":") ? "+00:00" : "+0000";
  return `${iso.slice(0, m[1] ? 23 : 19)}${zone}`;
}
