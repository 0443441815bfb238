import { HttpException } from '@nestjs/common';
import { Column, DataSource, Entity, PrimaryColumn } from 'typeorm';
import { PLATFORM_FILTER_MAX_VALUES, PLATFORM_TEXTS } from '@solvr/contracts';
import { applyRecordQuery, type QueryColumn, type RecordQuery } from '@solvr/server-core';
import { parseSort } from './list-params';
import { allOf, equals, type FieldMap, fieldMap, FILTER_LIMITS, type Filter, filterSql, parseFilter, parseFilterText } from './q-filter';

@Entity('rows')
class Row {
  @PrimaryColumn({ type: 'varchar', length: 36 }) id: string;
  @Column({ type: 'varchar', length: 200 }) name: string;
  @Column({ type: 'varchar', length: 200, nullable: true }) note: string | null;
  @Column({ type: 'int' }) score: number;
  @Column({ name: 'is_active', type: 'boolean' }) isActive: boolean;
  @Column({ name: 'created_date', type: 'datetime', precision: 3 }) createdDate: Date;
  @Column({ type: 'varchar', length: 200, default: 'hidden' }) secret: string;
}

/** The allow-list: `secret` is a column of the table but not a field of the entity. */
const FIELDS = fieldMap({ string: ['id', 'name', 'note'], number: ['score'], boolean: ['is_active'], date: ['created_date'] });

const INJECTIONS = ["x' OR '1'='1", "'; DROP TABLE rows; --", 'a" OR "1"="1', '1) OR (1=1', ':pf0', '%', '_', "\\' OR 1=1 --"];

/** The 400 a call answers: its message and code. */
function refusalOf(fn: () => unknown): { status: number; message: string; code: string } {
  try {
    fn();
  } catch (err) {
    if (!(err instanceof HttpException)) throw err;
    const body = err.getResponse() as { message: string; code: string };
    return { status: err.getStatus(), message: body.message, code: body.code };
  }
  throw new Error('expected a refusal');
}

const parse = (q: unknown) => parseFilter(q, 'Row', FIELDS);

describe('q filter: parsing against the allow-list', () => {
  it('reads exact values, arrays as $in, every operator, and root $and / $or', () => {
    expect(parse({ name: 'a' })).toEqual({ kind: 'compare', field: 'name', op: '$eq', value: 'a' });
    expect(parse({ name: ['a', 'b'] })).toEqual({ kind: 'in', field: 'name', negate: false, values: ['a', 'b'] });
    expect(parse({ note: null })).toEqual({ kind: 'compare', field: 'note', op: '$eq', value: null });
    expect(parse({ score: { $gt: 1, $lte: 5 } })).toEqual({
      kind: 'all',
      parts: [
        { kind: 'compare', field: 'score', op: '$gt', value: 1 },
        { kind: 'compare', field: 'score', op: '$lte', value: 5 },
      ],
    });
    for (const op of ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']) expect(parse({ score: { [op]: 3 } })).toMatchObject({ kind: 'compare', op, value: 3 });
    expect(parse({ name: { $nin: ['x'] } })).toEqual({ kind: 'in', field: 'name', negate: true, values: ['x'] });
    expect(parse({ note: { $exists: false } })).toEqual({ kind: 'exists', field: 'note', exists: false });
    expect(parse({ created_date: { $gte: '2025-08-05' } })).toMatchObject({ value: new Date('2025-08-05') });
    expect(parse({ $or: [{ name: 'a' }, { $and: [{ score: 1 }, { is_active: true }] }] })).toMatchObject({ kind: 'any', parts: [{ kind: 'compare' }, { kind: 'all' }] });
  });

  it('refuses unsupported operators with 400 naming them', () => {
    for (const q of [
      { name: { $regex: '^a' } },
      { name: { $not: { $eq: 'a' } } },
      { $nor: [{ name: 'a' }] },
      { $where: 'sleep(1000)' },
      { $expr: { $gt: ['$score', 1] } },
      { name: { $elemMatch: { a: 1 } } },
      { score: { $in: [1], $size: 1 } },
    ]) {
      const refusal = refusalOf(() => parse(q));
      expect(refusal).toMatchObject({ status: 400, code: 'unsupported_operator' });
      expect(refusal.message).toMatch(/^Unsupported operator \$\w+\. Use \$eq \$ne \$gt \$gte \$lt \$lte \$in \$nin \$exists \$and \$or\.$/);
    }
  });

  it('refuses any field outside the allow-list, whatever the name holds', () => {
    for (const field of ['secret', 'password_hash', '__proto__', 'constructor', 'toString', 'name; DROP TABLE rows', 'id) OR (1=1', 'rows.secret', '']) {
      const refusal = refusalOf(() => parse(JSON.parse(JSON.stringify({ [field]: 'x' }))));
      expect(refusal).toEqual({ status: 400, code: 'unknown_field', message: PLATFORM_TEXTS.unknownField('Row', field) });
    }
    expect(refusalOf(() => parseSort('-secret', 'Row', FIELDS)).code).toBe('unknown_field');
    expect(refusalOf(() => parseSort('name DESC; DROP TABLE rows', 'Row', FIELDS)).code).toBe('unknown_field');
  });

  it('refuses values of the wrong type, malformed JSON and over-large filters', () => {
    for (const q of [{ score: '3' }, { is_active: 'true' }, { name: 5 }, { name: { nested: 'x' } }, { created_date: 'yesterday' }, { is_active: { $gt: false } }, { name: [['a']] }]) {
      expect(refusalOf(() => parse(q)).code).toBe('bad_value');
    }
    expect(refusalOf(() => parse({ name: { $in: 'a' } })).message).toBe(PLATFORM_TEXTS.badOperand('$in', 'a list of values'));
    expect(refusalOf(() => parse({ $and: [] })).message).toBe(PLATFORM_TEXTS.badOperand('$and', 'a non-empty list of filters'));
    expect(refusalOf(() => parse([{ name: 'a' }])).message).toBe(PLATFORM_TEXTS.badJson);
    expect(refusalOf(() => parseFilterText('{name:', 'Row', FIELDS)).message).toBe(PLATFORM_TEXTS.badJson);
    expect(refusalOf(() => parseFilterText(['{}', '{}'], 'Row', FIELDS)).message).toBe(PLATFORM_TEXTS.badJson);
    expect(parseFilterText(undefined, 'Row', FIELDS)).toBeNull();
    let deep: Record<string, unknown> = { name: 'a' };
    for (let i = 0; i < FILTER_LIMITS.depth + 1; i++) deep = { $and: [deep] };
    expect(refusalOf(() => parse(deep)).code).toBe('too_complex');
    expect(refusalOf(() => parse({ name: { $in: Array.from({ length: FILTER_LIMITS.listValues + 1 }, (_, i) => `n${i}`) } })).code).toBe('too_complex');
    expect(refusalOf(() => parse({ $or: Array.from({ length: FILTER_LIMITS.conditions + 1 }, (_, i) => ({ score: i })) })).code).toBe('too_complex');
  });

  it('caps the values a filter binds, every list and value together, with a 400 that says so', () => {
    expect(FILTER_LIMITS.values).toBe(PLATFORM_FILTER_MAX_VALUES);
    const atCap = atCapFilter();
    expect(() => parse(atCap)).not.toThrow();
    const tooMany = [{ $or: [...atCap.$or, { score: 1 }] }, { $or: [...atCap.$or, { name: ['one more'] }] }, { $or: Array.from({ length: 120 }, () => atCap.$or[0]) }];
    for (const q of tooMany) expect(refusalOf(() => parse(q))).toEqual({ status: 400, message: PLATFORM_TEXTS.tooManyValues, code: 'too_many_values' });
  });
});

/** A filter binding exactly as many values as the cap allows: lists of the largest length, ORed. */
function atCapFilter(): { $or: Array<{ name: { $in: string[] } }> } {
  const lists = PLATFORM_FILTER_MAX_VALUES / FILTER_LIMITS.listValues;
  return { $or: Array.from({ length: lists }, (_, l) => ({ name: { $in: Array.from({ length: FILTER_LIMITS.listValues }, (_, i) => `n${l}-${i}`) } })) };
}

describe('q filter: SQL', () => {
  const column = (name: string): QueryColumn => ({ sql: `"r"."${name}"`, prepare: (v) => (typeof v === 'boolean' ? Number(v) : v) });

  it('writes only allow-listed columns and parameters; every value is a parameter', () => {
    const filter = parse({ $or: [{ name: INJECTIONS }, { note: { $ne: INJECTIONS[1] } }, { score: { $gte: 2 } }], is_active: true });
    const { sql, params } = filterSql(filter, FIELDS, column);
    expect(sql).toBe('(("r"."name" IN (:...pf0) OR ("r"."note" <> :pf1 OR "r"."note" IS NULL) OR "r"."score" >= :pf2) AND "r"."is_active" = :pf3)');
    expect(params).toEqual({ pf0: INJECTIONS, pf1: INJECTIONS[1], pf2: 2, pf3: 1 });
    for (const text of INJECTIONS.filter((t) => t.length > 3)) expect(sql).not.toContain(text);
  });

  it('writes empty lists, nulls and $exists without parameters', () => {
    const sql = (q: object) => filterSql(parse(q), FIELDS, column).sql;
    expect(sql({ name: [] })).toBe('1 = 0');
    expect(sql({ name: { $nin: [] } })).toBe('1 = 1');
    expect(sql({ note: null })).toBe('"r"."note" IS NULL');
    expect(sql({ note: { $ne: null } })).toBe('"r"."note" IS NOT NULL');
    expect(sql({ note: { $exists: true } })).toBe('"r"."note" IS NOT NULL');
    expect(sql({ name: { $nin: ['a'] } })).toBe('("r"."name" NOT IN (:...pf0) OR "r"."name" IS NULL)');
  });
});

describe('q filter on a real SQLite table (TypeORM, as the owners run it)', () => {
  let db: DataSource;
  const at = (day: number) => new Date(Date.UTC(2025, 7, day, 10, 0, 0, 250));
  const rows: Row[] = [
    { id: 'r1', name: 'alpha', note: 'first', score: 1, isActive: true, createdDate: at(1), secret: 's1' },
    { id: 'r2', name: 'beta', note: null, score: 2, isActive: false, createdDate: at(2), secret: 's2' },
    { id: 'r3', name: 'gamma ray', note: 'third', score: 3, isActive: true, createdDate: at(3), secret: 's3' },
    { id: 'r4', name: INJECTIONS[0], note: INJECTIONS[1], score: 4, isActive: false, createdDate: at(4), secret: 's4' },
  ];

  beforeAll(async () => {
    db = new DataSource({ type: 'better-sqlite3', database: ':memory:', entities: [Row], synchronize: true });
    await db.initialize();
    await db.getRepository(Row).insert(rows);
  });
  afterAll(() => db.destroy());

  async function ids(q: object | null, extra: Partial<RecordQuery> = {}, filter?: Filter | null): Promise<string[]> {
    const parsed = filter !== undefined ? filter : q ? parse(q) : null;
    const query: RecordQuery = {
      where: parsed ? (col) => filterSql(parsed, FIELDS, col) : undefined,
      order: [{ column: 'created_date', direction: 'ASC' }],
      ...extra,
    };
    return (await applyRecordQuery(db.getRepository(Row).createQueryBuilder('r'), query).getMany()).map((r) => r.id);
  }

  it('matches by every operator with MongoDB meaning', async () => {
    expect(await ids({ name: 'beta' })).toEqual(['r2']);
    expect(await ids({ name: 'gamma ray' })).toEqual(['r3']);
    expect(await ids({ name: ['alpha', 'beta'] })).toEqual(['r1', 'r2']);
    expect(await ids({ score: { $gt: 2 } })).toEqual(['r3', 'r4']);
    expect(await ids({ score: { $gte: 2, $lt: 4 } })).toEqual(['r2', 'r3']);
    expect(await ids({ score: { $lte: 1 } })).toEqual(['r1']);
    expect(await ids({ score: { $eq: 3 } })).toEqual(['r3']);
    // $ne and $nin also match a missing value, as in MongoDB.
    expect(await ids({ note: { $ne: 'first' } })).toEqual(['r2', 'r3', 'r4']);
    expect(await ids({ note: { $nin: ['first', 'third'] } })).toEqual(['r2', 'r4']);
    expect(await ids({ note: { $exists: false } })).toEqual(['r2']);
    expect(await ids({ note: { $exists: true } })).toEqual(['r1', 'r3', 'r4']);
    expect(await ids({ note: null })).toEqual(['r2']);
    expect(await ids({ is_active: true })).toEqual(['r1', 'r3']);
    expect(await ids({ is_active: { $ne: true } })).toEqual(['r2', 'r4']);
    expect(await ids({ created_date: { $gte: '2025-08-02T10:00:00.250Z', $lt: '2025-08-04' } })).toEqual(['r2', 'r3']);
    expect(await ids({ $or: [{ score: 1 }, { $and: [{ is_active: false }, { score: { $gt: 3 } }] }] })).toEqual(['r1', 'r4']);
    expect(await ids({ name: [] })).toEqual([]);
    expect(await ids({ name: { $nin: [] } })).toEqual(['r1', 'r2', 'r3', 'r4']);
  });

  it('keeps injection attempts as values: they match only a row holding that exact text, and the table stays', async () => {
    for (const text of INJECTIONS) {
      expect(await ids({ name: text })).toEqual(text === INJECTIONS[0] ? ['r4'] : []);
      expect(await ids({ name: { $in: [text] } })).toEqual(text === INJECTIONS[0] ? ['r4'] : []);
      expect(await ids({ note: { $gt: text } })).toEqual(expect.any(Array));
    }
    expect(await ids({ note: INJECTIONS[1] })).toEqual(['r4']);
    expect(await db.getRepository(Row).count()).toBe(4);
  });

  it('adds the rule’s own conditions, orders by the sort (primary key last) and pages', async () => {
    const mine = allOf(parse({ score: { $gte: 2 } }), equals('is_active', true));
    expect(await ids(null, {}, mine)).toEqual(['r3']);
    expect(await ids(null, { order: parseSort('-score', 'Row', FIELDS) })).toEqual(['r4', 'r3', 'r2', 'r1']);
    expect(await ids(null, { order: parseSort(' name', 'Row', FIELDS) })).toEqual(['r1', 'r2', 'r3', 'r4']);
    expect(await ids(null, { order: parseSort('-created_date', 'Row', FIELDS), skip: 1, take: 2 })).toEqual(['r3', 'r2']);
  });

  it('runs a filter binding as many values as the cap allows', async () => {
    const q = atCapFilter();
    q.$or[0].name.$in[0] = 'beta';
    expect(await ids(q)).toEqual(['r2']);
  });

  it('refuses a column the table does not have, even if an allow-list named it', async () => {
    const broken: FieldMap = { ...FIELDS, name: { column: 'name_or_1', type: 'string' } };
    const filter = parseFilter({ name: 'x' }, 'Row', broken);
    const query: RecordQuery = { where: (col) => filterSql(filter, broken, col), order: [] };
    expect(() => applyRecordQuery(db.getRepository(Row).createQueryBuilder('r'), query)).toThrow('rows has no column name_or_1');
  });
});
