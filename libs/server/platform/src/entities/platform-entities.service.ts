import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { PLATFORM_BULK_MAX, PLATFORM_TEXTS } from '@solvr/contracts';
import { csvRecords } from '../csv-import';
import { parseListParams, pick } from '../list-params';
import { type PlatformCaller, refusal, requireSignedIn } from '../platform-caller';
import { parseFilter } from '../q-filter';
import { type EntityAdapter, type PlatformRecord, readableRecord } from './entity-adapter';
import { FileAdapter } from './file.adapter';
import { NewsAdapter } from './news.adapter';
import { PurchaseAdapter } from './purchase.adapter';
import { UserAdapter } from './user.adapter';

const bad = (message: string) => new BadRequestException({ message, code: 'bad_request' });

/** What the CSV import answers (the SDK's ImportResult). */
export interface ImportResult {
  status: 'success';
  details: string;
  output: PlatformRecord[];
}

/** The generic entity operations of spec section 7 over the four adapters. */
@Injectable()
export class PlatformEntities {
  private readonly adapters: ReadonlyMap<string, EntityAdapter>;

  constructor(
    files: FileAdapter,
    news: NewsAdapter,
    purchases: PurchaseAdapter,
    readonly users: UserAdapter,
  ) {
    this.adapters = new Map<string, EntityAdapter>([files, news, purchases, users].map((a) => [a.name, a]));
  }

  adapter(name: string): EntityAdapter {
    const adapter = this.adapters.get(name);
    if (!adapter) throw new NotFoundException({ message: PLATFORM_TEXTS.unknownEntity(name), code: 'entity_not_found' });
    return adapter;
  }

  /** GET /entities/{Entity}?q&sort&limit&skip&fields: a plain JSON array. */
  async list(name: string, caller: PlatformCaller, query: Record<string, unknown>): Promise<Array<Partial<PlatformRecord>>> {
    const adapter = this.adapter(name);
    const params = parseListParams(query, adapter.name, adapter.fields, adapter.readable);
    return (await adapter.list(caller, params)).map((record) => pick(record, params.fields));
  }

  async get(name: string, caller: PlatformCaller, id: string): Promise<PlatformRecord> {
    const adapter = this.adapter(name);
    const record = await readableRecord(adapter, caller, id);
    if (!record) throw refusal.notFound(PLATFORM_TEXTS.recordNotFound(adapter.name));
    return record;
  }

  async create(name: string, caller: PlatformCaller, body: unknown): Promise<PlatformRecord> {
    const write = await this.adapter(name).prepareCreate(caller, body as Record<string, unknown>);
    return write();
  }

  /** POST /entities/{Entity}/bulk: every record is checked before any is written. */
  async bulkCreate(name: string, caller: PlatformCaller, body: unknown): Promise<PlatformRecord[]> {
    const adapter = this.adapter(name);
    if (!Array.isArray(body)) throw bad(PLATFORM_TEXTS.notAList);
    if (!body.length) throw bad(PLATFORM_TEXTS.emptyBulk);
    if (body.length > PLATFORM_BULK_MAX) throw bad(PLATFORM_TEXTS.tooManyRecords);
    const writes = [];
    for (const [index, input] of body.entries()) {
      try {
        writes.push(await adapter.prepareCreate(caller, input as Record<string, unknown>));
      } catch (err) {
        if (err instanceof BadRequestException) {
          const response = err.getResponse() as { message?: string; code?: string; errors?: unknown };
          throw new BadRequestException({ ...response, message: PLATFORM_TEXTS.inRecord(index, response.message ?? err.message) });
        }
        throw err;
      }
    }
    const created: PlatformRecord[] = [];
    for (const write of writes) created.push(await write());
    return created;
  }

  update(name: string, caller: PlatformCaller, id: string, body: unknown): Promise<PlatformRecord> {
    return this.adapter(name).update(caller, id, body as Record<string, unknown>);
  }

  async remove(name: string, caller: PlatformCaller, id: string): Promise<{ success: true }> {
    await this.adapter(name).remove(caller, id);
    return { success: true };
  }

  /** DELETE /entities/{Entity} with a filter as the body: what it matches, each by the entity's own rule. */
  async removeMatching(name: string, caller: PlatformCaller, body: unknown): Promise<{ success: true; deleted: number }> {
    const adapter = this.adapter(name);
    requireSignedIn(caller);
    if (typeof body !== 'object' || body === null || Array.isArray(body) || !Object.keys(body).length) throw bad(PLATFORM_TEXTS.deleteNeedsFilter);
    const deleted = await adapter.removeMatching(caller, parseFilter(body, adapter.name, adapter.fields));
    return { success: true, deleted };
  }

  /** POST /entities/{Entity}/import: the CSV's rows as records (header row = field names), created as a bulk create. */
  async importCsv(name: string, caller: PlatformCaller, csv: string): Promise<ImportResult> {
    const output = await this.bulkCreate(name, caller, csvRecords(csv, this.adapter(name).writable));
    return { status: 'success', details: `Imported ${output.length} ${name} record(s).`, output };
  }
}
