import { Client } from 'pg';
import { isoTimestamp } from '../../src/infrastructure/database/iso-timestamp';

describe('isoTimestamp', () => {
  it('writes a timestamptz as node-postgres and Date#toISOString() do, microseconds truncated', async () => {
    const instants = [
      '2025-03-09 06:59:59.999999+00',
      '2025-12-31 23:59:59.0005+00',
      '2024-02-29 12:00:00+00',
      '2026-11-01 01:30:00.123456-04',
      '1999-12-31 23:59:59.9+05:30',
    ];
    const client = new Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query<{ text: string; parsed: Date }>(
        `SELECT ${isoTimestamp('t')} AS text, t AS parsed FROM unnest($1::timestamptz[]) AS u(t)`,
        [instants],
      );
      expect(rows).toHaveLength(instants.length);
      for (const row of rows) expect(row.text).toBe(row.parsed.toISOString());
    } finally {
      await client.end();
    }
  });
});
