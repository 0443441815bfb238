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
import { FILE_TEXTS, PLATFORM_TEXTS, PLATFORM_BULK_MAX, PLATFORM_ENTITIES, PLATFORM_FILTER_OPERATORS, PLATFORM_FUNCTIONS, PLATFORM_INTEGRATIONS, PLATFORM_LIST_LIMIT } from '@solvr/contracts';
import { NoStore, Public, ApiDoc, doc, type JsonSchema } from '@solvr/server-core';
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

/** Parts of the API reference (ApiDoc) that several of these routes share. */
const csvForm: JsonSchema = { type: 'object', properties: { file: { type: 'string', contentMediaType: 'text/csv', description: 'A header row naming the fields, then one record per row' } }, required: ['file'] };
const record: JsonSchema = {
  type: 'object',
  description: `A record of one of the entities (${PLATFORM_ENTITIES.join(', ')}): its fields, plus these the server sets.`,
  properties: { id: { type: 'string' }, created_date: { type: 'string' }, updated_date: { type: 'string' }, created_by: { type: ['string', 'null'] } },
  required: ['id', 'created_date', 'updated_date', 'created_by'],
  additionalProperties: true,
};
const fields: JsonSchema = { type: 'object', description: 'Field values of the record', additionalProperties: true };
const tokenGrant = (withUser: boolean): JsonSchema => ({
  type: 'object',
  properties: { access_token: { type: 'string', description: "The site's own access token (15 minutes)" }, ...(withUser ? { user: record } : {}) },
  required: withUser ? ['access_token', 'user'] : ['access_token'],
});

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
  @ApiDoc('Platform', { summary: "The caller's User record", auth: 'platform', answers: doc.ok(record) })
  me(@Caller() caller: PlatformCaller) {
    return this.entities.users.me(caller);
  }

  @Put('User/me')
  @ApiDoc('Platform', { summary: "Update the caller's User record", auth: 'platform', body: { json: fields, required: true }, answers: doc.ok(record), errors: [400] })
  updateMe(@Caller() caller: PlatformCaller, @Body() body: unknown) {
    return this.entities.users.updateMe(caller, body as Record<string, unknown>);
  }

  @Get(':entity')
  @ApiDoc('Platform', {
    summary: 'List or filter records',
    description: `Anonymous callers see what is public; the entity's rules decide the rest. Filter operators: ${PLATFORM_FILTER_OPERATORS.join(' ')}, $and, $or.`,
    auth: 'platform',
    query: {
      q: 'Filter, a JSON object (MongoDB style), e.g. {"is_published":true}',
      sort: 'Field, -field descending; several comma-separated (default -created_date)',
      limit: `1 to ${PLATFORM_LIST_LIMIT} (default ${PLATFORM_LIST_LIMIT})`,
      skip: 'Records to skip',
      fields: 'Fields to answer with, comma-separated',
    },
    answers: doc.ok({ type: 'array', items: record }),
    errors: [400],
  })
  list(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Query() query: Record<string, unknown>) {
    return this.entities.list(entity, caller, query);
  }

  @Get(':entity/:id')
  @ApiDoc('Platform', { summary: 'One record', auth: 'platform', answers: doc.ok(record) })
  get(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Param('id') id: string) {
    return this.entities.get(entity, caller, id);
  }

  @Post(':entity')
  @ApiDoc('Platform', { summary: 'Create a record', auth: 'platform', body: { json: fields, required: true }, answers: doc.created(record), errors: [400, 405] })
  create(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Body() body: unknown) {
    return this.entities.create(entity, caller, body);
  }

  @Post(':entity/bulk')
  @ApiDoc('Platform', {
    summary: `Create up to ${PLATFORM_BULK_MAX} records`,
    auth: 'platform',
    body: { json: { type: 'array', items: fields, maxItems: PLATFORM_BULK_MAX }, required: true },
    answers: doc.created({ type: 'array', items: record }),
    errors: [400, 405],
  })
  bulkCreate(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Body() body: unknown) {
    return this.entities.bulkCreate(entity, caller, body);
  }

  /** multipart/form-data with the CSV in the part `file`; its header row names the fields. */
  @Post(':entity/import')
  @ApiDoc('Platform', {
    summary: 'Create records from a CSV',
    auth: 'platform',
    body: { multipart: csvForm },
    answers: doc.created({ type: 'object', properties: { status: { const: 'success' }, details: { type: 'string' }, output: { type: 'array', items: record } }, required: ['status', 'details', 'output'] }),
    errors: [400, 405, 413, 415],
  })
  async import(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Req() req: FastifyRequest) {
    this.entities.adapter(entity);
    return this.entities.importCsv(entity, caller, await readCsvUpload(req));
  }

  @Put(':entity/:id')
  @ApiDoc('Platform', { summary: 'Update a record', auth: 'platform', body: { json: fields, required: true }, answers: doc.ok(record), errors: [400, 405] })
  update(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Param('id') id: string, @Body() body: unknown) {
    return this.entities.update(entity, caller, id, body);
  }

  @Delete(':entity/:id')
  @ApiDoc('Platform', { summary: 'Delete a record', auth: 'platform', answers: doc.ok(record, 'The deleted record'), errors: [405] })
  remove(@Caller() caller: PlatformCaller, @Param('entity') entity: string, @Param('id') id: string) {
    return this.entities.remove(entity, caller, id);
  }

  /** The SDK's deleteMany: the body is the filter. */
  @Delete(':entity')
  @ApiDoc('Platform', {
    summary: 'Delete the records matching a filter',
    auth: 'platform',
    body: { json: { type: 'object', description: 'The filter (as q of a list); an empty one is refused', additionalProperties: true }, required: true },
    answers: doc.ok({ type: 'object', additionalProperties: true, description: 'How many records were deleted' }),
    errors: [400, 405],
  })
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
  @ApiDoc('Platform', {
    summary: "Sign in (the SDK's auth.loginViaEmailPassword)",
    auth: 'platform',
    answers: doc.ok(tokenGrant(true), 'Signed in'),
    errors: [429],
  })
  async login(@Caller() caller: PlatformCaller, @Body() body: PlatformLoginDto) {
    const grant = await this.throttle.countingFailures('login', body.email, () => this.auth.loginForAccessToken(body.email, body.password));
    const signedIn: PlatformCaller = { kind: 'user', user: { id: grant.user.id, email: grant.user.email, role: grant.user.role }, admin: grant.user.role === 'admin', ip: caller.ip };
    return { access_token: grant.access_token, user: await this.entities.users.me(signedIn) };
  }

  /** The service role's SSO token lookup (spec sections 6 and 7): an access token for the user with this id. */
  @Get('sso/accesstoken/:userid')
  @ApiDoc('Platform', { summary: 'An access token for a user (service role only)', auth: 'platform', answers: doc.ok(tokenGrant(false)) })
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
  @ApiDoc('Platform', {
    summary: `Call a core integration (${PLATFORM_INTEGRATIONS.join(', ')})`,
    description: 'SendEmail takes {to, subject, body, from_name?} as JSON; UploadFile (admins) a multipart form with the part "file" and answers {file_url}.',
    auth: 'platform',
    body: { json: { type: 'object', description: 'Named parameters', additionalProperties: true }, multipart: { type: 'object', properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } } }, required: true },
    answers: doc.ok({ type: 'object', additionalProperties: true, description: "The integration's answer" }),
    errors: [400, 413],
  })
  core(@Caller() caller: PlatformCaller, @Param('name') name: string, @Body() body: unknown, @Req() req: FastifyRequest) {
    if (name === 'SendEmail') return this.integrations.sendEmail(caller, namedParameters('Integration', name, body));
    if (name === 'UploadFile') {
      if (!req.isMultipart()) namedParameters('Integration', name, body);
      return this.integrations.uploadFile(caller, req);
    }
    throw new NotFoundException({ message: PLATFORM_TEXTS.unknownIntegration(`Core.${name}`), code: 'integration_not_found' });
  }

  @Post('installable/:pkg/integration-endpoints/:name')
  @ApiDoc('Platform', {
    summary: 'Installable integrations: none on this server (always 404)',
    auth: 'platform',
    answers: [],
  })
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
  @ApiDoc('Platform', {
    summary: `Call a named server function (${PLATFORM_FUNCTIONS.join(', ')})`,
    auth: 'platform',
    body: { json: { type: 'object', description: 'Named parameters', additionalProperties: true }, required: true },
    answers: doc.ok({ type: 'object', additionalProperties: true, description: "The function's answer" }),
    errors: [400],
  })
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
  @ApiDoc('Platform', {
    summary: "A File record's file_url: the bytes, for the caller it was signed for",
    auth: 'platform',
    query: { expires: 'Unix time the link ends', sig: 'Signature' },
    answers: doc.storedFile,
    errors: [410],
  })
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
