import { COMPOSED_STATEMENTS_KEPT, composedStatement, preparedStatement, preparedStatementNamed } from './prepared-statement';

describe('composedStatement', () => {
  it('names each shape once, by its text', () => {
    const one = composedStatement('SELECT $1::int AS one');
    expect(one.name).toMatch(/^composed\.[0-9a-f]{20}$/);
    expect(composedStatement('SELECT $1::int AS one')).toBe(one);
    expect(composedStatement('SELECT $1::int AS two').name).not.toBe(one.name);
    // The text is sent as it was composed: nothing inside a literal is changed.
    expect(composedStatement("SELECT '  two  spaces' AS text").text).toBe("SELECT '  two  spaces' AS text");
  });

  it('runs text composed per call unnamed, never prepared on every connection', () => {
    for (let index = 0; index < COMPOSED_STATEMENTS_KEPT; index++) composedStatement(`SELECT ${index} AS shape`);
    const late = composedStatement('SELECT 1 AS one_shape_too_many');
    expect(late.name).toBe('');
    expect(late.text).toBe('SELECT 1 AS one_shape_too_many');
    // Shapes named before the limit keep their names.
    expect(composedStatement('SELECT $1::int AS one').name).toMatch(/^composed\./);
  });
});

describe('preparedStatement', () => {
  it('is known by its name, and refuses a second text under a name already taken', () => {
    const statement = preparedStatement('spec.one-row', 'SELECT 1\n     AS one');
    expect(preparedStatementNamed('spec.one-row')).toBe(statement);
    expect(statement.text).toBe('SELECT 1 AS one');
    // The same text again (a module evaluated twice) is the same statement.
    expect(() => preparedStatement('spec.one-row', 'SELECT 1 AS one')).not.toThrow();
    expect(() => preparedStatement('spec.one-row', 'SELECT 2 AS one')).toThrow('Two prepared statements are named spec.one-row');
    expect(preparedStatementNamed('spec.no-such')).toBeUndefined();
  });
});
