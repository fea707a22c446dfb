import { DEFAULT_TIME_ZONE } from '@rentwise/libs/billing-month';
import type { EntityManager } from 'typeorm';

/** A landlord's statement time zone; the product's default (America/New_York) until they choose. */
export async function timeZonesOf(manager: EntityManager, landlordUserIds: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(landlordUserIds)];
  const rows =
    unique.length === 0
      ? []
      : await manager.query<{ landlord_user_id: string; time_zone: string }[]>(
          `SELECT landlord_user_id, time_zone FROM statements.landlord_settings WHERE landlord_user_id = ANY($1::uuid[])`,
          [unique],
        );
  const zones = new Map(unique.map((id) => [id, DEFAULT_TIME_ZONE]));
  for (const row of rows) zones.set(row.landlord_user_id, row.time_zone);
  return zones;
}

export async function timeZoneOf(manager: EntityManager, landlordUserId: string): Promise<string> {
  return (await timeZonesOf(manager, [landlordUserId])).get(landlordUserId) ?? DEFAULT_TIME_ZONE;
}

/** Time zones the runtime knows (IANA names), for the setting's list and its validation. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone.length > 0 && timeZone.length <= 64;
  } catch {
    return false;
  }
}
