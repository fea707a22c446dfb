import { statementQuerySchema, statementSettingsSchema } from './statement.schema';

/** The message the endpoint answers with: the first problem found. */
const queryProblem = (query: Record<string, unknown>) => statementQuerySchema.safeParse(query).error?.issues[0]?.message;
const settingsProblem = (body: unknown) => statementSettingsSchema.safeParse(body).error?.issues[0]?.message;

describe('statementQuerySchema', () => {
  it('reads a year, a month, a property and a format from the query string', () => {
    const propertyId = '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d';
    expect(statementQuerySchema.parse({ year: '2025', month: '4', propertyId, format: 'pdf' })).toEqual({
      year: 2025,
      month: 4,
      propertyId,
      format: 'pdf',
    });
  });

  it('needs only the year: no month is the whole year, no property is all of them', () => {
    expect(statementQuerySchema.parse({ year: '2025' })).toEqual({ year: 2025 });
  });

  it('takes years from 2000 through 2100', () => {
    expect(queryProblem({ year: '2000' })).toBeUndefined();
    expect(queryProblem({ year: '2100' })).toBeUndefined();
    expect(queryProblem({ year: '1999' })).toBe('Choose a year from 2000 on.');
    expect(queryProblem({ year: '2101' })).toBe('Choose a year before 2100.');
  });

  it.each(['twenty', '2025.5', undefined])('asks for a year when given %j', (year) => {
    expect(queryProblem({ year })).toBe('Choose a year.');
  });

  it('takes months 1 to 12, whole ones', () => {
    expect(queryProblem({ year: '2025', month: '1' })).toBeUndefined();
    expect(queryProblem({ year: '2025', month: '12' })).toBeUndefined();
    for (const month of ['0', '13', '4.5']) {
      expect(queryProblem({ year: '2025', month })).toBe('Choose a month from 1 to 12.');
    }
  });

  it('answers Not found for a property id that is not a UUID, in either case', () => {
    expect(queryProblem({ year: '2025', propertyId: '9A8B7C6D-5E4F-4A3B-9C2D-1E0F9A8B7C6D' })).toBeUndefined();
    expect(queryProblem({ year: '2025', propertyId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6' })).toBe('Not found');
    expect(queryProblem({ year: '2025', propertyId: 'x9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d' })).toBe('Not found');
    expect(queryProblem({ year: '2025', propertyId: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6dx' })).toBe('Not found');
  });

  it('downloads as CSV or PDF only', () => {
    expect(queryProblem({ year: '2025', format: 'csv' })).toBeUndefined();
    expect(queryProblem({ year: '2025', format: 'xlsx' })).toBe('Choose CSV or PDF.');
  });

  it('refuses parameters it does not know', () => {
    expect(statementQuerySchema.safeParse({ year: '2025', landlordId: 'l1' }).success).toBe(false);
  });
});

describe('statementSettingsSchema', () => {
  it.each(['America/Chicago', 'Pacific/Honolulu', 'UTC'])('accepts the IANA time zone %s', (timeZone) => {
    expect(statementSettingsSchema.parse({ timeZone })).toEqual({ timeZone });
  });

  it('asks for a time zone when none is given, or a name too long to be one', () => {
    expect(settingsProblem({ timeZone: '' })).toBe('Choose a time zone.');
    expect(settingsProblem({})).toBe('Choose a time zone.');
    expect(settingsProblem({ timeZone: `America/${'A'.repeat(57)}` })).toBe('Choose a time zone.');
  });

  it('looks names of up to 64 characters up in the list', () => {
    expect(settingsProblem({ timeZone: `America/${'A'.repeat(56)}` })).toBe('Choose a time zone from the list.');
  });

  it('points to the list for a name that is no time zone', () => {
    expect(settingsProblem({ timeZone: 'Mars/Olympus_Mons' })).toBe('Choose a time zone from the list.');
  });

  it('refuses fields it does not know', () => {
    expect(statementSettingsSchema.safeParse({ timeZone: 'UTC', currency: 'USD' }).success).toBe(false);
  });
});
