import { PLATFORM_LIST_LIMIT, PLATFORM_TEXTS } from '@solvr/contracts';
import { type FieldMap, fieldOf, filterError, type Filter, parseFilterText } from './q-filter';

/** What a list asks for, checked: GET /apps/{appId}/entities/{Entity}?q&sort&limit&skip&fields. */
export interface ListParams {
  filter: Filter | null;
  order: Array<{ column: string; direction: 'ASC' | 'DESC' }>;
  skip: number;
  take: number;
  /** Fields to answer with (id always among them); null: all. */
  fields: string[] | null;
}

/** Texts of a query-string parameter: one value, a repeated one (Fastify gives a list), or none. */
const texts = (value: unknown): string[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter((v): v is string => typeof v === 'string');

/** The SDK's sort: a field, '-field' descending, '+field' ascending ('+' arrives as a space when not encoded); several with commas. */
export function parseSort(value: unknown, entity: string, fields: FieldMap): ListParams['order'] {
  const keys = texts(value).flatMap((t) => t.split(',')).map((k) => k.trim()).filter(Boolean);
  if (!keys.length) return [{ column: fieldOf(fields, entity, 'created_date').column, direction: 'DESC' }];
  return keys.map((key) => {
    const descending = key.startsWith('-');
    const name = key.replace(/^[-+]/, '');
    if (!name) throw filterError(PLATFORM_TEXTS.badSort(key), 'bad_sort');
    return { column: fieldOf(fields, entity, name).column, direction: descending ? 'DESC' : 'ASC' };
  });
}

function whole(value: unknown, fallback: number, min: number, max: number, message: string): number {
  const [text, ...more] = texts(value);
  if (text === undefined || text === '') return fallback;
  if (more.length || !/^\d{1,10}$/.test(text) || +text < min || +text > max) throw filterError(message, 'bad_page');
  return +text;
}

/** `fields` as a list or a comma string; each must be a field of the record. */
export function parseFields(value: unknown, entity: string, readable: readonly string[]): string[] | null {
  const names = texts(value).flatMap((t) => t.split(',')).map((f) => f.trim()).filter(Boolean);
  if (!names.length) return null;
  for (const name of names) if (!readable.includes(name)) throw filterError(PLATFORM_TEXTS.unknownRecordField(entity, name), 'unknown_field');
  return [...new Set(['id', ...names])];
}

export function parseListParams(query: Record<string, unknown>, entity: string, fields: FieldMap, readable: readonly string[]): ListParams {
  return {
    filter: parseFilterText(query.q, entity, fields),
    order: parseSort(query.sort, entity, fields),
    skip: whole(query.skip, 0, 0, 1_000_000_000, PLATFORM_TEXTS.badSkip),
    take: whole(query.limit, PLATFORM_LIST_LIMIT, 1, PLATFORM_LIST_LIMIT, PLATFORM_TEXTS.badLimit),
    fields: parseFields(query.fields, entity, readable),
  };
}

/** A record cut down to the asked-for fields. */
export function pick<T extends object>(record: T, fields: string[] | null): Partial<T> {
  if (!fields) return record;
  return Object.fromEntries(fields.filter((f) => f in record).map((f) => [f, (record as Record<string, unknown>)[f]])) as Partial<T>;
}
