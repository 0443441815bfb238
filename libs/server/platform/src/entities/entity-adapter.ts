import { BadRequestException } from '@nestjs/common';
import { PLATFORM_TEXTS, type PlatformEntity } from '@solvr/contracts';
import type { RecordQuery } from '@solvr/server-core';
import type { ListParams } from '../list-params';
import { isPrivileged, type PlatformCaller, refusal, requireSignedIn } from '../platform-caller';
import { equals, type FieldMap, type Filter, filterSql } from '../q-filter';

/** A record as the platform answers it: its fields, with these four always present. */
export type PlatformRecord = { id: string; created_date: string; updated_date: string; created_by: string | null } & Record<string, unknown>;

/** A checked record, written when called: a bulk create checks every record before it writes any. */
export type PreparedCreate = () => Promise<PlatformRecord>;

export type RecordsQuery = Pick<ListParams, 'filter' | 'order' | 'skip' | 'take'>;

/**
 * One entity of the platform layer over the feature that owns its table. The adapter holds the entity's allow-list
 * and the rule of who reads and writes what; the owning service does the reading and writing.
 */
export interface EntityAdapter {
  readonly name: PlatformEntity;
  /** What `q` and `sort` may name: field → column and value type. */
  readonly fields: FieldMap;
  /** The fields of a record (what `fields` may pick). */
  readonly readable: readonly string[];
  /** The fields a create or update may set, with their types (a CSV import reads its cells by them). */
  readonly writable: Readonly<Record<string, InputType>>;
  /** The records the caller may read that match, in order, paged. */
  list(caller: PlatformCaller, query: RecordsQuery): Promise<PlatformRecord[]>;
  /** Checks a new record (400 naming what is wrong, 401/403 for the caller) without writing it. */
  prepareCreate(caller: PlatformCaller, input: Record<string, unknown>): Promise<PreparedCreate>;
  update(caller: PlatformCaller, id: string, changes: Record<string, unknown>): Promise<PlatformRecord>;
  remove(caller: PlatformCaller, id: string): Promise<void>;
  /** Deletes every record matching the filter; the number deleted. */
  removeMatching(caller: PlatformCaller, filter: Filter): Promise<number>;
}

/** The owner's query for a platform list: the filter as parameterised SQL over the allow-listed columns. */
export function recordQuery(query: RecordsQuery, fields: FieldMap): RecordQuery {
  const filter = query.filter;
  return { where: filter ? (column) => filterSql(filter, fields, column) : undefined, order: query.order, skip: query.skip, take: query.take };
}

/** What a written field must hold. */
export type InputType = 'text' | 'optional-text' | 'boolean' | 'cents' | 'emails';

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const bad = (message: string, code = 'bad_record') => new BadRequestException({ message, code });

const EXPECTED: Record<InputType, string> = {
  text: 'text',
  'optional-text': 'text or null',
  boolean: 'true or false',
  cents: 'a whole number of cents (0 or more)',
  emails: 'a list of e-mail addresses',
};

function valid(type: InputType, value: unknown): boolean {
  switch (type) {
    case 'text':
      return typeof value === 'string';
    case 'optional-text':
      return typeof value === 'string' || value === null;
    case 'boolean':
      return typeof value === 'boolean';
    case 'cents':
      return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
    case 'emails':
      return Array.isArray(value) && value.every((e) => typeof e === 'string');
  }
}

/**
 * A record body checked field by field: writable fields of the right type are kept; fields the server derives (ids,
 * dates, computed fields) are skipped, so a whole record read earlier can be sent back; fields that cannot be
 * written (counters, e-mail) and unknown fields are refused with a 400 naming them.
 */
export function readInput(
  entity: PlatformEntity,
  body: unknown,
  rules: { writable: Readonly<Record<string, InputType>>; derived: readonly string[]; readOnly: readonly string[] },
): Record<string, unknown> {
  if (!isPlainObject(body)) throw bad(PLATFORM_TEXTS.notAnObject);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (Object.prototype.hasOwnProperty.call(rules.writable, key)) {
      const type = rules.writable[key];
      if (!valid(type, value)) throw bad(PLATFORM_TEXTS.badFieldValue(key, EXPECTED[type]));
      out[key] = value;
    } else if (rules.readOnly.includes(key)) {
      throw bad(PLATFORM_TEXTS.readOnlyField(entity, key), 'read_only_field');
    } else if (!rules.derived.includes(key)) {
      throw bad(PLATFORM_TEXTS.unknownRecordField(entity, key), 'unknown_field');
    }
  }
  return out;
}

/** ISO 8601 of a date column. */
export const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** The record with this id as the caller may read it, or null (missing and hidden are the same to the caller). */
export async function readableRecord(adapter: EntityAdapter, caller: PlatformCaller, id: string): Promise<PlatformRecord | null> {
  const [record] = await adapter.list(caller, { filter: equals('id', id), order: [{ column: adapter.fields.id.column, direction: 'ASC' }], skip: 0, take: 1 });
  return record ?? null;
}

/**
 * Writes that only admins (and the service role) make: anonymous callers are asked to sign in; a user is told 403
 * about a record it may read and 404 about one it may not (spec section 6: it does not exist for them).
 */
export async function requireAdminWrite(adapter: EntityAdapter, caller: PlatformCaller, id?: string): Promise<void> {
  if (isPrivileged(requireSignedIn(caller))) return;
  if (id !== undefined && !(await readableRecord(adapter, caller, id))) throw refusal.notFound(PLATFORM_TEXTS.recordNotFound(adapter.name));
  throw refusal.forbidden(PLATFORM_TEXTS.adminOnly(adapter.name));
}

/** deleteMany for admin-written entities: every match, a page at a time, each through the adapter's own remove. */
export async function removeEach(adapter: EntityAdapter, caller: PlatformCaller, filter: Filter): Promise<number> {
  await requireAdminWrite(adapter, caller);
  let removed = 0;
  for (;;) {
    const page = await adapter.list(caller, { filter, order: [{ column: adapter.fields.id.column, direction: 'ASC' }], skip: 0, take: 200 });
    for (const record of page) await adapter.remove(caller, record.id);
    removed += page.length;
    if (page.length < 200) return removed;
  }
}

/** An entity whose writes this API refuses (Purchase: all of them; User: create and delete), each with the same answer. */
export abstract class RefusedWrites {
  protected abstract refusal(): Error;

  async prepareCreate(_caller: PlatformCaller, _input: Record<string, unknown>): Promise<PreparedCreate> {
    throw this.refusal();
  }

  async update(_caller: PlatformCaller, _id: string, _changes: Record<string, unknown>): Promise<PlatformRecord> {
    throw this.refusal();
  }

  async remove(_caller: PlatformCaller, _id: string): Promise<void> {
    throw this.refusal();
  }

  async removeMatching(_caller: PlatformCaller, _filter: Filter): Promise<number> {
    throw this.refusal();
  }
}
