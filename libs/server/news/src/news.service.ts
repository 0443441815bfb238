import { BadRequestException, Injectable, Logger, NotFoundException, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import { NEWS_LIMITS, NEWS_TEXTS, validateNews, type NewsFlags, type NewsInput, type NewsList, type NewsView } from '@solvr/contracts';
import { AppConfig, applyRecordQuery, InjectConfig, type RecordQuery, type SessionUser } from '@solvr/server-core';
import { sanitizeNewsHtml } from './news-html';
import { NewsPost } from './news.entity';
import { TableWatch } from './table-watch';

export const toNewsView = (n: NewsPost): NewsView => ({
  id: n.id,
  slug: n.slug,
  title: n.title,
  excerpt: n.excerpt,
  content: n.content,
  author: n.author,
  is_featured: n.isFeatured,
  is_published: n.isPublished,
  created_date: n.createdDate.toISOString(),
  updated_date: n.updatedDate.toISOString(),
});

/** "Platform Launch!" → "platform-launch-1a2b3c": readable, and unique through the id part. */
function slugOf(title: string, id: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
  const tail = id.replace(/-/g, '').slice(0, 8);
  return words ? `${words}-${tail}` : tail;
}

/** A checked form's fields as the entity's columns. */
const columnsOf = (record: Required<NewsInput>) => ({
  title: record.title,
  excerpt: record.excerpt,
  content: record.content,
  author: record.author,
  isFeatured: record.is_featured,
  isPublished: record.is_published,
});

/** A post as the platform layer answers it: the view and who wrote it. */
export type NewsRecord = NewsView & { created_by: string | null };

export interface Paging {
  page: number;
  limit: number;
}

/** Page numbers from a query: page 1.., limit 1..50 (default 10). */
export function pagingOf(page: unknown, limit: unknown): Paging {
  const int = (v: unknown, fallback: number) => (typeof v === 'string' && /^\d{1,6}$/.test(v) ? Number(v) : fallback);
  return { page: Math.max(1, int(page, 1)), limit: Math.min(NEWS_LIMITS.pageSize, Math.max(1, int(limit, 10))) };
}

/**
 * How often a replica looks whether the news changed through another replica (one tiny query: how many posts and
 * the latest change). Its own writes show at once; another replica's within this time. Until a change, the
 * published list and the pages made from it are kept.
 */
export const NEWS_WATCH_MS = 500;

/** A cached page of the published list, and its JSON once asked for. */
interface PublishedEntry {
  revision: number;
  list: Promise<NewsList>;
  json?: Promise<Buffer>;
}

/** The one owner of the news table. Drafts exist for admins only: everywhere else they are 404. */
@Injectable()
export class NewsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private revision = 0;
  private readonly published = new Map<string, PublishedEntry>();
  private readonly listeners = new Set<() => void>();
  private watch: ReturnType<typeof setInterval> | undefined;
  /** Another replica's writes, seen as a new row count or a later updated_date (deletes change the count). */
  private readonly table = new TableWatch(
    () => this.stamp(),
    () => this.changed(),
    (error) => this.logger.warn(`Could not look for news changes: ${error.message}`),
  );
  private readonly logger = new Logger(NewsService.name);

  constructor(
    @InjectRepository(NewsPost) private readonly news: Repository<NewsPost>,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.watch = setInterval(() => void this.table.look(), NEWS_WATCH_MS);
    this.watch.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.watch);
  }

  /** Called after every change of the news, through this replica or another (what was made from it is stale). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** What the news table looks like now: its row count and latest change. */
  private async stamp(): Promise<string> {
    const row = await this.news.createQueryBuilder('n').select('COUNT(*)', 'count').addSelect('MAX(n.updated_date)', 'latest').getRawOne<{ count: unknown; latest: unknown }>();
    const latest = row?.latest instanceof Date ? row.latest.toISOString() : String(row?.latest ?? '');
    return `${Number(row?.count ?? 0)}|${latest}`;
  }

  /** Published posts, newest first (spec section 7). */
  listPublished(paging: Paging): Promise<NewsList> {
    return this.publishedEntry(paging).list;
  }

  /** The same list as the JSON answer, serialised once per cached list rather than once per request. */
  publishedJson(paging: Paging): Promise<Buffer> {
    const entry = this.publishedEntry(paging);
    entry.json ??= entry.list.then((list) => Buffer.from(JSON.stringify(list)));
    return entry.json;
  }

  private publishedEntry(paging: Paging): PublishedEntry {
    const key = `${paging.page}/${paging.limit}`;
    const hit = this.published.get(key);
    if (hit && hit.revision === this.revision) return hit;
    const list = this.list(paging, true);
    list.catch(() => this.published.delete(key));
    if (this.published.size >= 200) this.published.clear();
    const entry: PublishedEntry = { revision: this.revision, list };
    this.published.set(key, entry);
    return entry;
  }

  /** Bumped by every write through this replica: what was rendered or cached from the news before is stale. */
  get newsRevision(): number {
    return this.revision;
  }

  private changed(): void {
    this.revision += 1;
    this.published.clear();
    for (const listener of this.listeners) listener();
  }

  /** Admin: every post, newest first. */
  listAll(paging: Paging): Promise<NewsList> {
    return this.list(paging, false);
  }

  /** Every published post, newest first, for the feeds and the sitemap (at most `max`). */
  async recentPublished(max: number): Promise<NewsView[]> {
    const rows = await this.news.find({ where: { isPublished: true }, order: { createdDate: 'DESC', id: 'DESC' }, take: max });
    return rows.map(toNewsView);
  }

  /** One published post by its slug or id; a draft or unknown post is 404 alike. */
  async getPublished(ref: string): Promise<NewsView> {
    const row = await this.news.findOne({ where: [{ slug: ref }, { id: ref }] });
    if (!row || !row.isPublished) throw new NotFoundException(NEWS_TEXTS.notFound);
    return toNewsView(row);
  }

  /**
   * The posts matching a query over the news table (the platform layer's filters, sort and page), drafts included:
   * the caller adds `is_published = true` for everyone but admins.
   */
  async records(query: RecordQuery): Promise<NewsRecord[]> {
    const rows = await applyRecordQuery(this.news.createQueryBuilder('n'), query).getMany();
    return rows.map((row) => ({ ...toNewsView(row), created_by: row.createdBy }));
  }

  async get(id: string): Promise<NewsView> {
    return toNewsView(await this.find(id));
  }

  /** `user` null: written with a service token, on no one's behalf. */
  async create(input: Partial<NewsInput>, user: SessionUser | null): Promise<NewsView> {
    const record = this.checked(input);
    const id = randomUUID();
    const now = new Date();
    const row = this.news.create({
      id,
      slug: slugOf(record.title, id),
      ...columnsOf(record),
      createdBy: user?.id ?? null,
      createdDate: now,
      updatedDate: now,
    });
    await this.table.write(() => this.news.insert(row));
    return toNewsView(row);
  }

  /** The full form (spec section 7: "News create, update (full form or is_published only)"). */
  async update(id: string, input: Partial<NewsInput>): Promise<NewsView> {
    const row = await this.find(id);
    const record = this.checked(input);
    const changes = { ...columnsOf(record), updatedDate: new Date() };
    await this.table.write(() => this.news.update({ id }, changes));
    return toNewsView({ ...row, ...changes });
  }

  async setFlags(id: string, flags: NewsFlags): Promise<NewsView> {
    const row = await this.find(id);
    const changes = {
      ...(flags.is_published === undefined ? {} : { isPublished: flags.is_published }),
      ...(flags.is_featured === undefined ? {} : { isFeatured: flags.is_featured }),
      updatedDate: new Date(),
    };
    await this.table.write(() => this.news.update({ id }, changes));
    return toNewsView({ ...row, ...changes });
  }

  /** Answers the post's title (for the audit log). */
  async remove(id: string): Promise<{ title: string }> {
    const row = await this.find(id);
    await this.table.write(() => this.news.delete({ id }));
    return { title: row.title };
  }

  /** The spec's rule on the input, then the content sanitised (a post of only scripts is then empty: refused too). */
  private checked(input: Partial<NewsInput>): Required<NewsInput> {
    const team = this.config.brand.team;
    const first = validateNews(input, team);
    if (!first.ok) throw new BadRequestException({ message: first.message, errors: { [first.field]: first.message } });
    const check = validateNews({ ...first.record, content: sanitizeNewsHtml(first.record.content) }, team);
    if (!check.ok) throw new BadRequestException({ message: check.message, errors: { [check.field]: check.message } });
    return check.record;
  }

  private async list({ page, limit }: Paging, publishedOnly: boolean): Promise<NewsList> {
    const [rows, total] = await this.news.findAndCount({
      where: publishedOnly ? { isPublished: true } : {},
      order: { createdDate: 'DESC', id: 'DESC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { items: rows.map(toNewsView), total, page, limit };
  }

  private async find(id: string): Promise<NewsPost> {
    const row = await this.news.findOneBy({ id });
    if (!row) throw new NotFoundException(NEWS_TEXTS.notFound);
    return row;
  }
}
