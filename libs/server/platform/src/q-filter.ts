import { BadRequestException } from '@nestjs/common';
import { PLATFORM_FILTER_MAX_VALUES, PLATFORM_FILTER_OPERATORS, PLATFORM_TEXTS } from '@solvr/contracts';
import type { QueryColumn, QueryCondition } from '@solvr/server-core';

/**
 * The platform's `q` filter (a MongoDB-style JSON object) translated into a parameterised SQL condition.
 *
 * Two steps, so nothing of `q` reaches SQL as text: `parseFilter` checks the JSON against the entity's allow-list of
 * fields (each with its column and value type) and the supported operators, and answers a small tree; `filterSql`
 * writes that tree as SQL whose only words are the allow-listed columns (quoted by the driver) and whose every value
 * is a bound parameter. Anything else is a 400 naming what was wrong.
 */

export type FieldType = 'string' | 'number' | 'boolean' | 'date';

/** A field that may be filtered and sorted on: the database column it reads and the type its values must have. */
export interface FilterField {
  column: string;
  type: FieldType;
}
export type FieldMap = Readonly<Record<string, FilterField>>;

/** An allow-list from field names by type; a field reads the column of its own name unless `columns` names another. */
export function fieldMap(types: Partial<Record<FieldType, readonly string[]>>, columns: Readonly<Record<string, string>> = {}): FieldMap {
  const entries = Object.entries(types).flatMap(([type, names]) => (names ?? []).map((name) => [name, { column: columns[name] ?? name, type: type as FieldType }] as const));
  return Object.fromEntries(entries);
}

type Scalar = string | number | boolean | Date;
type Comparison = '$eq' | '$ne' | '$gt' | '$gte' | '$lt' | '$lte';

export type Filter =
  | { kind: 'all' | 'any'; parts: Filter[] }
  | { kind: 'compare'; field: string; op: Comparison; value: Scalar | null }
  | { kind: 'in'; field: string; negate: boolean; values: Scalar[] }
  | { kind: 'exists'; field: string; exists: boolean };

/** Bounds on what one `q` may ask: the SQL it becomes stays small. */
export const FILTER_LIMITS = { depth: 8, conditions: 200, listValues: 1000, values: PLATFORM_FILTER_MAX_VALUES, textLength: 10_000 } as const;

const COMPARISONS: readonly string[] = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'];
const SUPPORTED: readonly string[] = PLATFORM_FILTER_OPERATORS;
const EXPECTED: Record<FieldType, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date such as 2025-08-05 or 2025-08-05T10:00:00Z',
};

export const filterError = (message: string, code = 'bad_filter') => new BadRequestException({ message, code });

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

/** The field's definition, or a 400 for a field outside the entity's allow-list (whatever its name holds). */
export function fieldOf(fields: FieldMap, entity: string, name: string): FilterField {
  if (!own(fields, name)) throw filterError(PLATFORM_TEXTS.unknownField(entity, name), 'unknown_field');
  return fields[name];
}

/** A value of the field's type (dates as Date), or a 400. */
function scalarOf(field: string, type: FieldType, value: unknown): Scalar {
  switch (type) {
    case 'string':
      if (typeof value === 'string' && value.length <= FILTER_LIMITS.textLength) return value;
      break;
    case 'number':
      if (typeof value === 'number' && Number.isFinite(value)) return value;
      break;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      break;
    case 'date': {
      const date = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) ? new Date(value) : null;
      if (date && !Number.isNaN(date.getTime())) return date;
      break;
    }
  }
  throw filterError(PLATFORM_TEXTS.badValue(field, EXPECTED[type]), 'bad_value');
}

class Parser {
  private count = 0;
  /** Values the SQL will bind, one parameter each (a list binds each of its values). */
  private values = 0;

  constructor(
    private readonly entity: string,
    private readonly fields: FieldMap,
  ) {}

  /** A filter object: fields ANDed, with $and / $or combining whole filters. */
  object(value: unknown, depth: number): Filter {
    if (!isPlainObject(value)) throw filterError(PLATFORM_TEXTS.badJson);
    if (depth > FILTER_LIMITS.depth) throw filterError(PLATFORM_TEXTS.tooComplex, 'too_complex');
    const parts: Filter[] = [];
    for (const key of Object.keys(value)) {
      if (key === '$and' || key === '$or') {
        const list = value[key];
        if (!Array.isArray(list) || !list.length) throw filterError(PLATFORM_TEXTS.badOperand(key, 'a non-empty list of filters'));
        parts.push({ kind: key === '$and' ? 'all' : 'any', parts: list.map((item) => this.object(item, depth + 1)) });
      } else if (key.startsWith('$')) {
        throw filterError(PLATFORM_TEXTS.unsupportedOperator(key), 'unsupported_operator');
      } else {
        parts.push(...this.field(key, value[key]));
      }
    }
    return parts.length === 1 ? parts[0] : { kind: 'all', parts };
  }

  /** One field's condition: a value (equality), a list ($in), or an object of operators. */
  private field(name: string, value: unknown): Filter[] {
    const { type } = fieldOf(this.fields, this.entity, name);
    if (Array.isArray(value)) return [this.list(name, type, '$in', value)];
    if (!isPlainObject(value)) return [this.compare(name, type, '$eq', value)];
    const ops = Object.keys(value);
    // An object that is not all operators would be an equality on a nested document: fields here are flat.
    if (!ops.length || ops.some((op) => !op.startsWith('$'))) throw filterError(PLATFORM_TEXTS.badValue(name, EXPECTED[type]), 'bad_value');
    return ops.map((op) => {
      if (!SUPPORTED.includes(op)) throw filterError(PLATFORM_TEXTS.unsupportedOperator(op), 'unsupported_operator');
      const operand = value[op];
      if (op === '$in' || op === '$nin') {
        if (!Array.isArray(operand)) throw filterError(PLATFORM_TEXTS.badOperand(op, 'a list of values'));
        return this.list(name, type, op, operand);
      }
      if (op === '$exists') {
        if (typeof operand !== 'boolean') throw filterError(PLATFORM_TEXTS.badOperand(op, 'true or false'));
        return this.counted({ kind: 'exists', field: name, exists: operand });
      }
      return this.compare(name, type, op as Comparison, operand);
    });
  }

  private compare(field: string, type: FieldType, op: Comparison, value: unknown): Filter {
    if (value === null && (op === '$eq' || op === '$ne')) return this.counted({ kind: 'compare', field, op, value: null });
    if (!COMPARISONS.includes(op)) throw filterError(PLATFORM_TEXTS.unsupportedOperator(op), 'unsupported_operator');
    if ((op !== '$eq' && op !== '$ne' && type === 'boolean') || isPlainObject(value) || Array.isArray(value)) {
      throw filterError(PLATFORM_TEXTS.badValue(field, EXPECTED[type]), 'bad_value');
    }
    this.bound(1);
    return this.counted({ kind: 'compare', field, op, value: scalarOf(field, type, value) });
  }

  private list(field: string, type: FieldType, op: '$in' | '$nin', values: unknown[]): Filter {
    if (values.length > FILTER_LIMITS.listValues) throw filterError(PLATFORM_TEXTS.tooComplex, 'too_complex');
    this.bound(values.length);
    return this.counted({ kind: 'in', field, negate: op === '$nin', values: values.map((v) => scalarOf(field, type, v)) });
  }

  /** The databases cap the parameters of one statement (SQLite at 32,766): past the cap, a 400 instead of their error. */
  private bound(n: number): void {
    this.values += n;
    if (this.values > FILTER_LIMITS.values) throw filterError(PLATFORM_TEXTS.tooManyValues, 'too_many_values');
  }

  private counted(filter: Filter): Filter {
    if (++this.count > FILTER_LIMITS.conditions) throw filterError(PLATFORM_TEXTS.tooComplex, 'too_complex');
    return filter;
  }
}

/** Checks a parsed `q` against the entity's fields; a 400 for anything unsupported. */
export function parseFilter(q: unknown, entity: string, fields: FieldMap): Filter {
  return new Parser(entity, fields).object(q, 1);
}

/** `q` as the query string carries it (JSON text); absent or empty: no filter. */
export function parseFilterText(text: unknown, entity: string, fields: FieldMap): Filter | null {
  if (text === undefined || text === '') return null;
  if (typeof text !== 'string') throw filterError(PLATFORM_TEXTS.badJson);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw filterError(PLATFORM_TEXTS.badJson);
  }
  return parseFilter(value, entity, fields);
}

/** Every one of these filters (nulls skipped): the caller's filter and the rule's conditions together. */
export function allOf(...filters: Array<Filter | null | undefined>): Filter | null {
  const parts = filters.filter((f): f is Filter => !!f);
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0] : { kind: 'all', parts };
}

/** field = value (or IS NULL), for conditions the server adds itself. */
export const equals = (field: string, value: Scalar | null): Filter => ({ kind: 'compare', field, op: '$eq', value });

const SQL_OPS: Record<Comparison, string> = { $eq: '=', $ne: '<>', $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' };

/**
 * The filter as SQL over the owner's columns. Column names come from the allow-list only (and `column` refuses any
 * name its table does not have); every value is a parameter, prepared as the column's driver stores it.
 * MongoDB semantics where SQL differs: $ne and $nin also match missing (NULL) values.
 */
export function filterSql(filter: Filter, fields: FieldMap, column: (name: string) => QueryColumn): QueryCondition {
  const params: Record<string, unknown> = {};
  let n = 0;
  const param = (value: unknown) => {
    const name = `pf${n++}`;
    params[name] = value;
    return name;
  };
  const write = (f: Filter): string => {
    switch (f.kind) {
      case 'all':
      case 'any': {
        if (!f.parts.length) return f.kind === 'all' ? '1 = 1' : '1 = 0';
        return `(${f.parts.map(write).join(f.kind === 'all' ? ' AND ' : ' OR ')})`;
      }
      case 'exists': {
        const col = column(fields[f.field].column);
        return `${col.sql} IS ${f.exists ? 'NOT ' : ''}NULL`;
      }
      case 'compare': {
        const col = column(fields[f.field].column);
        if (f.value === null) return `${col.sql} IS ${f.op === '$ne' ? 'NOT ' : ''}NULL`;
        const p = param(col.prepare(f.value));
        return f.op === '$ne' ? `(${col.sql} <> :${p} OR ${col.sql} IS NULL)` : `${col.sql} ${SQL_OPS[f.op]} :${p}`;
      }
      case 'in': {
        const col = column(fields[f.field].column);
        if (!f.values.length) return f.negate ? '1 = 1' : '1 = 0';
        const p = param(f.values.map((v) => col.prepare(v)));
        return f.negate ? `(${col.sql} NOT IN (:...${p}) OR ${col.sql} IS NULL)` : `${col.sql} IN (:...${p})`;
      }
    }
  };
  return { sql: write(filter), params };
}
