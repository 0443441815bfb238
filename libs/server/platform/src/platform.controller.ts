import {
  applyDecorators,
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  GoneException,
  HttpCode,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FILE_TEXTS, PLATFORM_TEXTS } from '@solvr/contracts';
import { NoStore, Public } from '@solvr/server-core';
import { AuthService, Throttle, ThrottleGuard, ThrottleService } from '@solvr/server-auth';
import { FilesService, StoredFileResponder } from '@solvr/server-files';
import { UsersService } from '@solvr/server-users';
import { readCsvUpload } from './csv-import';
import { PlatformEntities } from './entities/platform-entities.service';
import { FileLinks } from './file-links';
import { PlatformFunctions } from './functions.service';
import { PlatformIntegrations } from './integrations.service';
import { namedParameters } from './named-parameters';
import { Caller, type PlatformCaller, PlatformGuard, requireService } from './platform-caller';
import { PlatformErrorsInterceptor } from './platform-errors.interceptor';
import { PlatformLoginDto } from './platform.dto';

/**
 * Every route of the platform layer: public to the site's access guard (anonymous callers read what is public), with
 * the app id, the caller (user, admin or service role) and every rule decided by the platform and the owning features.
 * Not stored: User and Purchase records, a File's allowed_users and the login's answer name people.
 */
const PlatformRoutes = () => applyDecorators(Public(), UseGuards(PlatformGuard), UseInterceptors(PlatformErrorsInterceptor), NoStore());

/** Spec section 7: /apps/{appId}/entities/{Entity}[/{id}], bulk, import, and User/me. */
@Controller('apps/:appId/entities')
@PlatformRoutes()
export class PlatformEntitiesController {
  constructor(private readonly entities: PlatformEntities) {}

  @Get('User/me')
  me(@Caller() caller: PlatformCaller) {
    return this.entities.users.me(caller);
  }

  @Put('User/me')
  updateMe(@Caller() caller: PlatformCaller, @Body() body: unknown) {
    return this.entities.users.updateMe(caller, body as Record<string, unknown>);
  }

  @Get(':entity')
  list(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Query() query: Record<string, unknown>) {
    return this.entities.list(entity, caller, query);
  }

  @Get(':entity/:id')
  get(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Param('id') id: string) {
    return this.entities.get(entity, caller, id);
  }

  @Post(':entity')
  create(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Body() body: unknown) {
    return this.entities.create(entity, caller, body);
  }

  @Post(':entity/bulk')
  bulkCreate(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Body() body: unknown) {
    return this.entities.bulkCreate(entity, caller, body);
  }

  /** multipart/form-data with the CSV in the part `file`; its header row names the fields. */
  @Post(':entity/import')
  async import(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Req() req: FastifyRequest) {
    this.entities.adapter(entity);
    return this.entities.importCsv(entity, caller, await readCsvUpload(req));
  }

  @Put(':entity/:id')
  update(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Param('id') id: string, @Body() body: unknown) {
    return this.entities.update(entity, caller, id, body);
  }

  @Delete(':entity/:id')
  remove(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Param('id') id: string) {
    return this.entities.remove(entity, caller, id);
  }

  /** The SDK's deleteMany: the body is the filter. */
  @Delete(':entity')
  removeMatching(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Body() body: unknown) {
    return this.entities.removeMatching(entity, caller, body);
  }
}

/** Spec section 7: /apps/{appId}/auth/login and the service role's token lookup. */
@Controller('apps/:appId/auth')
@PlatformRoutes()
export class PlatformAuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly throttle: ThrottleService,
    private readonly entities: PlatformEntities,
  ) {}

  /** {access_token, user}: the site's own access token (it works on every route), throttled as the site's sign-in is. */
  @Post('login')
  @HttpCode(200)
  @UseGuards(ThrottleGuard)
  @Throttle('login', { failuresOnly: true })
  async login(@Caller() caller: PlatformCaller, @Body() body: PlatformLoginDto) {
    const grant = await this.throttle.countingFailures('login', body.email, () => this.auth.loginForAccessToken(body.email, body.password));
    const signedIn: PlatformCaller = { kind: 'user', user: { id: grant.user.id, email: grant.user.email, role: grant.user.role }, admin: grant.user.role === 'admin', ip: caller.ip };
    return { access_token: grant.access_token, user: await this.entities.users.me(signedIn) };
  }

  /** The service role's SSO token lookup (spec sections 6 and 7): an access token for the user with this id. */
  @Get('sso/accesstoken/:userid')
  async ssoAccessToken(@Caller() caller: PlatformCaller, @Param('userid') userid: string) {
    requireService(caller);
    const grant = await this.auth.accessTokenFor(userid);
    if (!grant) throw new NotFoundException({ message: PLATFORM_TEXTS.recordNotFound('User'), code: 'not_found' });
    return { access_token: grant.access_token };
  }
}

/** Spec section 7: /apps/{appId}/integration-endpoints/Core/{name} (and installable packages, of which there are none). */
@Controller('apps/:appId/integration-endpoints')
@PlatformRoutes()
export class PlatformIntegrationsController {
  constructor(private readonly integrations: PlatformIntegrations) {}

  @Post('Core/:name')
  @HttpCode(200)
  core(@Caller() caller: PlatformCaller, @Param('name') name: string, @Body() body: unknown, @Req() req: FastifyRequest) {
    if (name === 'SendEmail') return this.integrations.sendEmail(caller, namedParameters('Integration', name, body));
    if (name === 'UploadFile') {
      if (!req.isMultipart()) namedParameters('Integration', name, body);
      return this.integrations.uploadFile(caller, req);
    }
    throw new NotFoundException({ message: PLATFORM_TEXTS.unknownIntegration(`Core.${name}`), code: 'integration_not_found' });
  }

  @Post('installable/:pkg/integration-endpoints/:name')
  installable(@Param('pkg') pkg: string, @Param('name') name: string) {
    throw new NotFoundException({ message: PLATFORM_TEXTS.unknownIntegration(`${pkg}.${name}`), code: 'integration_not_found' });
  }
}

/** Spec section 7: /apps/{appId}/functions/{name}, a registry of named server functions. */
@Controller('apps/:appId/functions')
@PlatformRoutes()
export class PlatformFunctionsController {
  constructor(private readonly functions: PlatformFunctions) {}

  @Post(':name')
  @HttpCode(200)
  invoke(@Caller() caller: PlatformCaller, @Param('name') name: string, @Body() body: unknown) {
    const fn = this.functions.find(name);
    return fn(caller, namedParameters('Function', name, body));
  }
}

/**
 * A File record's file_url: signed for one caller, it checks that caller's access again, counts the download (file,
 * user and downloads row, as the library's Download does) and sends the bytes (Range, ETag; with S3, a redirect to
 * a presigned link).
 */
@Controller('apps/:appId/files')
@PlatformRoutes()
export class PlatformFileLinksController {
  constructor(
    private readonly links: FileLinks,
    private readonly files: FilesService,
    private readonly users: UsersService,
    private readonly responder: StoredFileResponder,
  ) {}

  @Get(':id/download')
  async download(@Param('id') id: string, @Query() query: Record<string, unknown>, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const link = this.links.verifyFileUrl(id, query);
    if (!link.ok) throw link.reason === 'expired' ? new GoneException({ message: FILE_TEXTS.linkExpired, code: 'link_expired' }) : new ForbiddenException({ message: FILE_TEXTS.linkInvalid, code: 'link_invalid' });
    const { userId } = link.value;
    const account = userId ? await this.users.findById(userId) : null;
    if (userId && !account) throw new NotFoundException({ message: FILE_TEXTS.notFound, code: 'not_found' });
    // Sent from here: the site's own download links are for a signed-in browser, and an SDK client is neither.
    const row = account ? await this.files.countedDownload(id, { id: account.id, email: account.email, role: account.role }) : await this.files.storedFile(id);
    await this.responder.send(req, reply, { key: row.storageKey, fileName: row.fileName });
  }
}
