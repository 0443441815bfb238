import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Put, Query } from '@nestjs/common';
import type { NewsList, NewsView } from '@solvr/contracts';
import { Audited, CurrentUser, fieldOf, Public, Roles, type SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { NewsService, pagingOf } from './news.service';
import { NewsInputDto, NewsFlagsDto } from './news.dto';

/** The public news: published posts only; a draft is 404 like a post that does not exist. */
@Public()
@Controller('news')
export class NewsController {
  constructor(private readonly news: NewsService) {}

  /** NewsList, as the JSON the service keeps with its cached list. */
  @Get()
  // The same for everyone: a browser or gateway may keep it, asking again each time (ETag, 304 when unchanged).
  @Header('Cache-Control', 'public, no-cache')
  @Header('Content-Type', 'application/json; charset=utf-8')
  @ApiDoc('News', { summary: 'Published posts, newest first', query: doc.paging, answers: doc.ok('NewsList') })
  list(@Query('page') page: unknown, @Query('limit') limit: unknown): Promise<Buffer> {
    return this.news.publishedJson(pagingOf(page, limit));
  }

  @Get(':ref')
  @ApiDoc('News', { summary: 'A published post by slug or id', answers: doc.ok('NewsView') })
  get(@Param('ref') ref: string): Promise<NewsView> {
    return this.news.getPublished(ref);
  }
}

const flagsDetail = (body: Record<string, unknown>) =>
  Object.entries(body)
    .filter(([k]) => k === 'is_published' || k === 'is_featured')
    .map(([k, v]) => `${k}: ${String(v)}`)
    .join(', ');

/** The admin console's News tab. */
@Roles('admin')
@Controller('admin/news')
export class AdminNewsController {
  constructor(private readonly news: NewsService) {}

  @Get()
  @ApiDoc('Admin: news', { summary: 'Every post, drafts included', query: doc.paging, answers: doc.ok('NewsList') })
  list(@Query('page') page: unknown, @Query('limit') limit: unknown): Promise<NewsList> {
    return this.news.listAll(pagingOf(page, limit));
  }

  @Get(':id')
  @ApiDoc('Admin: news', { summary: 'One post', answers: doc.ok('NewsView') })
  get(@Param('id') id: string): Promise<NewsView> {
    return this.news.get(id);
  }

  @Post()
  @Audited('news.create', ({ result }) => ({ type: 'news', id: fieldOf(result, 'id'), label: fieldOf(result, 'title') }))
  @ApiDoc('Admin: news', { summary: 'Write a post', answers: doc.created('NewsView') })
  create(@Body() body: NewsInputDto, @CurrentUser() user: SessionUser): Promise<NewsView> {
    return this.news.create(body, user);
  }

  @Put(':id')
  @Audited('news.edit', ({ params, result }) => ({ type: 'news', id: params.id, label: fieldOf(result, 'title') }))
  @ApiDoc('Admin: news', { summary: 'Edit a post', answers: doc.ok('NewsView') })
  update(@Param('id') id: string, @Body() body: NewsInputDto): Promise<NewsView> {
    return this.news.update(id, body);
  }

  /** The publish toggle (and featured). */
  @Patch(':id')
  @Audited('news.publish', ({ params, body, result }) => ({ type: 'news', id: params.id, label: fieldOf(result, 'title'), detail: flagsDetail(body) }))
  @ApiDoc('Admin: news', { summary: 'Publish, unpublish, feature a post', answers: doc.ok('NewsView') })
  flags(@Param('id') id: string, @Body() body: NewsFlagsDto): Promise<NewsView> {
    return this.news.setFlags(id, body);
  }

  /** A 204, which has no body: the title returned here is for the audit entry only, so the log names the post once it is gone. */
  @Delete(':id')
  @HttpCode(204)
  @Audited('news.delete', ({ params, result }) => ({ type: 'news', id: params.id, label: fieldOf(result, 'title') }))
  @ApiDoc('Admin: news', { summary: 'Delete a post', answers: doc.noContent('Deleted') })
  remove(@Param('id') id: string): Promise<{ title: string }> {
    return this.news.remove(id);
  }
}
