import { BadRequestException, Body, Controller, Delete, Get, HttpCode, Injectable, NotFoundException, Param, Post } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Repository } from 'typeorm';
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS, savedSearchProblem, type SavedUserSearch, type SavedUserSearchRequest } from '@solvr/contracts';
import { CurrentUser, NoStore, Roles, type SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { SavedSearch } from './saved-search.entity';
import { SavedSearchDto } from './users.dto';

const view = (s: SavedSearch): SavedUserSearch => ({ id: s.id, name: s.name, q: s.q, created_date: s.createdDate.toISOString() });

/** The one owner of user_saved_searches: the Users tab saves a search, the Email Center mails its matches. */
@Injectable()
export class SavedSearchesService {
  constructor(@InjectRepository(SavedSearch) private readonly searches: Repository<SavedSearch>) {}

  async list(): Promise<SavedUserSearch[]> {
    return (await this.searches.find({ order: { name: 'ASC', createdDate: 'ASC' }, take: SAVED_SEARCH_LIMITS.count })).map(view);
  }

  async find(id: string): Promise<SavedUserSearch | null> {
    const row = await this.searches.findOneBy({ id });
    return row ? view(row) : null;
  }

  async create(req: SavedUserSearchRequest, adminId: string): Promise<SavedUserSearch> {
    const problem = savedSearchProblem(req);
    if (problem) throw new BadRequestException(problem);
    if ((await this.searches.count()) >= SAVED_SEARCH_LIMITS.count) throw new BadRequestException(SAVED_SEARCH_TEXTS.tooMany);
    const row = this.searches.create({ id: randomUUID(), name: req.name.trim(), q: req.q.trim(), createdBy: adminId, createdDate: new Date() });
    await this.searches.insert(row);
    return view(row);
  }

  async remove(id: string): Promise<void> {
    const result = await this.searches.delete({ id });
    if (!result.affected) throw new NotFoundException(SAVED_SEARCH_TEXTS.notFound);
  }
}

/** GET/POST /api/admin/saved-searches, DELETE /api/admin/saved-searches/:id. */
@Controller('admin/saved-searches')
@Roles('admin')
@NoStore()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Get()
  @ApiDoc('Admin: mail', { summary: 'Saved searches of the Users tab', answers: doc.ok('SavedUserSearch[]') })
  list(): Promise<SavedUserSearch[]> {
    return this.searches.list();
  }

  @Post()
  @ApiDoc('Admin: mail', { summary: 'Save a search of the Users tab under a name', answers: doc.created('SavedUserSearch'), errors: [400] })
  create(@Body() body: SavedSearchDto, @CurrentUser() admin: SessionUser): Promise<SavedUserSearch> {
    return this.searches.create({ name: body.name ?? '', q: body.q ?? '' }, admin.id);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiDoc('Admin: mail', { summary: 'Delete a saved search', answers: doc.noContent('Deleted') })
  remove(@Param('id') id: string): Promise<void> {
    return this.searches.remove(id);
  }
}
