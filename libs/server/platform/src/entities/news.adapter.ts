import { BadRequestException, Injectable } from '@nestjs/common';
import { type NewsInput, validateNews } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { NewsService } from '@solvr/server-news';
import { actingUser, isPrivileged, type PlatformCaller } from '../platform-caller';
import { PlatformAudit } from '../platform-audit';
import { allOf, equals, fieldMap, type Filter } from '../q-filter';
import {
  type EntityAdapter,
  type InputType,
  type PlatformRecord,
  type PreparedCreate,
  readInput,
  recordQuery,
  type RecordsQuery,
  removeEach,
  requireAdminWrite,
} from './entity-adapter';

const FIELDS = fieldMap({
  string: ['id', 'slug', 'title', 'excerpt', 'author', 'created_by'],
  boolean: ['is_featured', 'is_published'],
  date: ['created_date', 'updated_date'],
});

const WRITABLE: Record<keyof NewsInput, InputType> = {
  title: 'text',
  content: 'text',
  excerpt: 'text',
  author: 'text',
  is_featured: 'boolean',
  is_published: 'boolean',
};
const RULES = { writable: WRITABLE, derived: ['id', 'slug', 'created_by', 'created_date', 'updated_date'], readOnly: [] };

/** News over NewsService: everyone reads published posts, admins every post; admins write (spec section 6). */
@Injectable()
export class NewsAdapter implements EntityAdapter {
  readonly name = 'News' as const;
  readonly fields = FIELDS;
  readonly writable = WRITABLE;
  readonly readable = ['id', 'slug', 'title', 'excerpt', 'content', 'author', 'is_featured', 'is_published', 'created_by', 'created_date', 'updated_date'];

  constructor(
    private readonly news: NewsService,
    private readonly audit: PlatformAudit,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async list(caller: PlatformCaller, query: RecordsQuery): Promise<PlatformRecord[]> {
    // Drafts exist for admins only; for everyone else the published rule is part of the query.
    const filter = isPrivileged(caller) ? query.filter : allOf(query.filter, equals('is_published', true));
    return (await this.news.records(recordQuery({ ...query, filter }, FIELDS))).map((post) => ({ ...post }));
  }

  async prepareCreate(caller: PlatformCaller, input: Record<string, unknown>): Promise<PreparedCreate> {
    await requireAdminWrite(this, caller);
    const values = readInput(this.name, input, RULES) as Partial<NewsInput>;
    this.check(values);
    return async () => {
      const created = await this.news.create(values, actingUser(caller));
      await this.audit.record(caller, 'news.create', { type: 'news', id: created.id, label: created.title });
      return { ...created, created_by: actingUser(caller)?.id ?? null };
    };
  }

  async update(caller: PlatformCaller, id: string, changes: Record<string, unknown>): Promise<PlatformRecord> {
    await requireAdminWrite(this, caller, id);
    const values = readInput(this.name, changes, RULES) as Partial<NewsInput>;
    const flagsOnly = Object.keys(values).every((k) => k === 'is_published' || k === 'is_featured');
    const current = await this.news.get(id);
    const updated = flagsOnly ? await this.news.setFlags(id, values) : await this.news.update(id, { ...current, ...values });
    await this.audit.record(caller, flagsOnly && 'is_published' in values ? 'news.publish' : 'news.edit', {
      type: 'news',
      id,
      label: updated.title,
      detail: flagsOnly ? Object.entries(values).map(([k, v]) => `${k}: ${String(v)}`).join(', ') : null,
    });
    const [record] = await this.list(caller, { filter: equals('id', id), order: [{ column: 'id', direction: 'ASC' }], skip: 0, take: 1 });
    return record;
  }

  async remove(caller: PlatformCaller, id: string): Promise<void> {
    await requireAdminWrite(this, caller, id);
    await this.news.remove(id);
    await this.audit.record(caller, 'news.delete', { type: 'news', id });
  }

  removeMatching(caller: PlatformCaller, filter: Filter): Promise<number> {
    return removeEach(this, caller, filter);
  }

  /** The spec's rule before anything is written (a bulk create checks every record first). */
  private check(values: Partial<NewsInput>): void {
    const check = validateNews(values, this.config.brand.team);
    if (!check.ok) throw new BadRequestException({ message: check.message, errors: { [check.field]: check.message } });
  }
}
