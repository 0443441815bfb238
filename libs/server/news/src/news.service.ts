import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import { NEWS_LIMITS, NEWS_TEXTS, validateNews, type NewsFlags, type NewsInput, type NewsList, type NewsView } from '@solvr/contracts';
import { AppConfig, applyRecordQuery, CacheBus, InjectConfig, KeptCache, type RecordQuery, type SessionUser } from '@solvr/server-core';
import { sanitizeNewsHtml } from './news-html';
import { NewsPost } from './news.entity';

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

/** The cache bus namespace of the published list. */
export const NEWS_NAMESPACE = 'news.published';

/** The published list's pages, kept until a news write on any replica (the cache bus), at most this long. */
export const NEWS_KEPT_MS = 60_000;

/** A kept page of the published list, with its JSON made once. */
interface PublishedPage {
  list: NewsList;
  json: Buffer;
}

/** The one owner of the news table. Drafts exist for admins only: everywhere else they are 404. */
@Injectable()
export class NewsService {
  /** Counts the news changes heard (here or on another replica): what was rendered from the news before is stale. */
  private revision = 0;
  private readonly published: KeptCache<PublishedPage>;

  constructor(
    @InjectRepository(NewsPost) private readonly news: Repository<NewsPost>,
    @InjectConfig() private readonly config: AppConfig,
    private readonly bus: CacheBus,
  ) {
    this.published = new KeptCache<PublishedPage>(bus, {
      namespace: NEWS_NAMESPACE,
      max: 200,
      ttlMs: NEWS_KEPT_MS,
      load: async (key) => {
        const [page, limit] = key.split('/').map(Number);
        const list = await this.list({ page, limit }, true);
        return { list, json: Buffer.from(JSON.stringify(list)) };
      },
    });
    bus.on(NEWS_NAMESPACE, () => (this.revision += 1));
  }

  /** Called after every change of the news, through this replica or another (what was made from it is stale). */
  onChange(listener: () => void): () => void {
    return this.bus.on(NEWS_NAMESPACE, () => listener());
  }

  /** Published posts, newest first (spec section 7). */
  async listPublished(paging: Paging): Promise<NewsList> {
    return (await this.published.fetch(`${paging.page}/${paging.limit}`)).list;
  }

  /** The same list as the JSON answer, serialised once per kept page rather than once per request. */
  async publishedJson(paging: Paging): Promise<Buffer> {
    return (await this.published.fetch(`${paging.page}/${paging.limit}`)).json;
  }

  /** Bumped by every news change heard: what was rendered or cached from the news before is stale. */
  get newsRevision(): number {
    return this.revision;
  }

  /** A write committed: every replica forgets the published pages (and re-renders what shows them). */
  private async written<T>(work: () => Promise<T>): Promise<T> {
    const result = await work();
    this.published.invalidate();
    return result;
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
    await this.written(() => this.news.insert(row));
    return toNewsView(row);
  }

  /** The full form (spec section 7: "News create, update (full form or is_published only)"). */
  async update(id: string, input: Partial<NewsInput>): Promise<NewsView> {
    const row = await this.find(id);
    const record = this.checked(input);
    const changes = { ...columnsOf(record), updatedDate: new Date() };
    await this.written(() => this.news.update({ id }, changes));
    return toNewsView({ ...row, ...changes });
  }

  async setFlags(id: string, flags: NewsFlags): Promise<NewsView> {
    const row = await this.find(id);
    const changes = {
      ...(flags.is_published === undefined ? {} : { isPublished: flags.is_published }),
      ...(flags.is_featured === undefined ? {} : { isFeatured: flags.is_featured }),
      updatedDate: new Date(),
    };
    await this.written(() => this.news.update({ id }, changes));
    return toNewsView({ ...row, ...changes });
  }

  /** Answers the post's title (for the audit log). */
  async remove(id: string): Promise<{ title: string }> {
    const row = await this.find(id);
    await this.written(() => this.news.delete({ id }));
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
