import { BadRequestException, Body, Controller, Delete, ForbiddenException, Get, Headers, HttpCode, NotFoundException, Param, Patch, Post, Query, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { assetKindOf, DEPLOY_TOKEN_PREFIX, FEED_FILES, FILE_TEXTS, parseFeedFileName, PLATFORMS, RELEASE_TEXTS, type Arch, type DeployTokenCreated, type DeployTokenView, type Platform, type PublishedRelease, type ReleaseActivity, type ReleasesOverview, type ReleaseVersionView } from '@solvr/contracts';
import { Audited, CurrentUser, fieldOf, NoStore, Public, Roles, type SessionUser, ApiDoc, doc } from '@solvr/server-core';
import { StoredFileResponder } from '@solvr/server-files';
import { DeployTokensService } from './deploy-tokens.service';
import type { ReleaseFile } from './release.entity';
import { ReleaseChannelsService } from './release-channels.service';
import { ReleasePublisher } from './release-publisher';
import { ChannelDto, DeployTokenDto, NotifyDto, RolloutChangeDto } from './releases.dto';
import { ReleaseVersionsService, type FeedText } from './release-versions.service';
import { ReleaseActivityService } from './release-activity.service';
import { ReleasesService } from './releases.service';
import { isSeededPlaceholder } from './seeded-releases';

const FEED_PLATFORM = new Map(Object.entries(FEED_FILES).map(([platform, file]) => [file, platform as Platform]));


@Controller('releases')
export class ReleasesController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly versions: ReleaseVersionsService,
    private readonly activity: ReleaseActivityService,
  ) {}

  /** Signed in: the Dashboard's Available Downloads and the download page. */
  @Get()
  @ApiDoc('Files', { summary: 'Available downloads: the latest release per platform and channel', answers: doc.ok('ReleasesOverview') })
  overview(@CurrentUser() user: SessionUser): Promise<ReleasesOverview> {
    return this.releases.overview(user);
  }

  /** Notify me: 204; 409 when the platform has a release already. */
  @Post('notify')
  @HttpCode(204)
  @ApiDoc('Files', { summary: 'Be told by e-mail when a platform gets its first release', answers: doc.noContent('Subscribed'), errors: [409] })
  async notify(@Body() body: NotifyDto, @CurrentUser() user: SessionUser): Promise<void> {
    await this.releases.subscribe(user, body.platform);
  }

  /** The release history: every published version, newest first, with its notes, date, platforms and sizes. */
  @Public()
  @Get('history')
  @ApiDoc('Files', { summary: 'The release history: every published version with its notes, date, platforms and sizes', answers: doc.ok('ReleaseVersionView[]') })
  history(): Promise<ReleaseVersionView[]> {
    return this.versions.history({ includeUnpublished: false });
  }

  /**
   * The update feed as it was first published: /api/releases/{channel}/latest.yml (latest-mac.yml, latest-linux.yml)
   * and latest.json?platform= as its JSON twin. The same answers as /api/updates/.
   */
  @Public()
  @Get(':channel/:feed')
  @ApiDoc('Files', {
    summary: "The desktop app's update feed",
    description: `${Object.values(FEED_FILES).join(', ')} in electron-updater's format, or latest.json (with ?platform=) as JSON.`,
    query: { platform: 'For latest.json: windows, mac or linux (default windows)' },
    answers: [{ status: 200, description: 'The feed', json: 'ReleaseFeed', content: doc.text('text/yaml', "electron-updater's latest*.yml") }],
  })
  async feed(
    @Param('channel') channel: string,
    @Param('feed') feed: string,
    @Query('platform') platform: string | undefined,
    @Headers('x-user-staging-id') stagingId: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    reply.header('Cache-Control', 'no-cache');
    if (feed === 'latest.json') {
      const p = platform ?? 'windows';
      if (!(PLATFORMS as readonly string[]).includes(p)) throw new NotFoundException(RELEASE_TEXTS.notFound);
      const { feed: answer, perInstall } = await this.versions.feed(channel, p as Platform, p === 'linux' ? 'x64' : null, stagingId);
      if (perInstall) reply.header('Vary', 'x-user-staging-id');
      return void reply.type('application/json; charset=utf-8').send(answer);
    }
    const forPlatform = FEED_PLATFORM.get(feed);
    if (!forPlatform) throw new NotFoundException(RELEASE_TEXTS.notFound);
    const feedText = await this.versions.feedText(channel, forPlatform, forPlatform === 'linux' ? 'x64' : null, stagingId);
    return void sendFeed(reply, feedText, forPlatform, this.activity);
  }
}

/**
 * One feed base URL for electron-updater's generic provider (`url: https://site/api/updates`): latest.yml,
 * latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and {channel}.yml, {channel}-mac.yml, ... so that
 * `autoUpdater.channel = 'beta'` works on the same URL. Each install gets the version its staging id allows.
 */
@Public()
@Controller('updates')
export class UpdateFeedsController {
  constructor(
    private readonly versions: ReleaseVersionsService,
    private readonly activity: ReleaseActivityService,
  ) {}

  @Get(':file')
  @ApiDoc('Files', {
    summary: 'One feed base URL for electron-updater (generic provider)',
    description:
      'latest.yml, latest-mac.yml, latest-linux.yml, latest-linux-arm64.yml and {channel}.yml, {channel}-mac.yml, ... for `autoUpdater.channel`. ' +
      'The version offered depends on the install: a staged version goes to the installs whose x-user-staging-id falls inside its percentage (stagingPercentage in the feed); pulled versions and drafts go to no one.',
    answers: [{ status: 200, description: 'The feed', content: doc.text('text/yaml', "electron-updater's latest*.yml") }],
  })
  async feed(@Param('file') file: string, @Headers('x-user-staging-id') stagingId: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const asked = parseFeedFileName(file);
    if (!asked) throw new NotFoundException(RELEASE_TEXTS.notFound);
    const feedText = await this.versions.feedText(asked.channel, asked.platform, asked.arch, stagingId);
    return void sendFeed(reply.header('Cache-Control', 'no-cache'), feedText, asked.platform, this.activity);
  }
}

/**
 * Electron's built-in autoUpdater. Squirrel.Mac asks /api/update/{darwin|darwin_arm64}/{running version}: JSON with the
 * zip's URL when there is a newer version, 204 when up to date. Squirrel.Windows reads
 * /api/update/win32/{running version}/RELEASES. ?channel=beta for another channel. Staged versions reach these
 * clients once fully rolled out (they send no staging id).
 */
@Public()
@Controller('update')
export class SquirrelUpdatesController {
  constructor(private readonly versions: ReleaseVersionsService) {}

  @Get('win32/:version/RELEASES')
  @ApiDoc('Files', {
    summary: "Squirrel.Windows' RELEASES of the newest version, its packages named by their download URLs",
    query: { channel: 'stable (default) or another channel' },
    answers: [{ status: 200, description: 'RELEASES', content: doc.text('text/plain') }],
  })
  async releases(@Query('channel') channel: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const text = await this.versions.squirrelWindowsReleases(channel ?? 'stable');
    return void reply.header('Cache-Control', 'no-cache').type('text/plain; charset=utf-8').send(text);
  }

  @Get(':platform/:version')
  @ApiDoc('Files', {
    summary: "Squirrel.Mac: is there a newer version than the running one?",
    description: 'platform: darwin or darwin_arm64; ?channel= for another channel. Fully rolled-out versions only.',
    query: { channel: 'stable (default) or another channel' },
    answers: [
      { status: 200, description: 'An update: { url, name, notes, pub_date } with the zip to download', json: { type: 'object', properties: { url: { type: 'string' }, name: { type: 'string' }, notes: { type: 'string' }, pub_date: { type: 'string' } }, required: ['url', 'name', 'notes', 'pub_date'] } },
      { status: 204, description: 'Up to date' },
    ],
  })
  async mac(@Param('platform') platform: string, @Param('version') version: string, @Query('channel') channel: string | undefined, @Res() reply: FastifyReply): Promise<void> {
    const arch = SQUIRREL_MAC_ARCH[platform];
    if (!arch) throw new NotFoundException(RELEASE_TEXTS.notFound);
    const update = await this.versions.squirrelMac(channel ?? 'stable', arch, version);
    reply.header('Cache-Control', 'no-cache');
    if (!update) return void reply.status(204).send();
    return void reply.type('application/json; charset=utf-8').send(update);
  }
}

/**
 * A feed answer, counted as an update check of the version it offers. While a staged version is in play the answer
 * varies by the install's staging id (Vary).
 */
function sendFeed(reply: FastifyReply, feed: FeedText, platform: Platform, activity: ReleaseActivityService): void {
  activity.count('update_checks', feed.channel, feed.version, platform);
  if (feed.perInstall) reply.header('Vary', 'x-user-staging-id');
  reply.type('text/yaml; charset=utf-8').send(feed.text);
}

/** Squirrel.Mac platform names (as Hazel and Nuts take them) and the build each runs. */
const SQUIRREL_MAC_ARCH: Record<string, Arch> = { darwin: 'x64', darwin_x64: 'x64', osx: 'x64', mac: 'x64', darwin_arm64: 'arm64', mac_arm64: 'arm64' };

/**
 * /downloads/{file name} at the site's root (spec section 7: the installer is fetched there): the newest file with
 * that name of a published version, for browsers and the desktop app without a session. A draft's or a pulled
 * version's files are served to no one here (admins fetch them from the console); a seeded placeholder is no
 * installer: 404 saying it is coming. Counted once per download (not per resumed range).
 */
@Public()
@Controller('downloads')
export class ReleaseDownloadsController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly responder: StoredFileResponder,
    private readonly activity: ReleaseActivityService,
  ) {}

  @Get(':name')
  @ApiDoc('Files', {
    summary: 'A release file by name (the newest with that name whose version is published)',
    description: "Counted once per download (not per resumed range). A draft's or pulled version's files answer 404, also for a download resumed after the pull.",
    answers: doc.storedFile,
  })
  async download(@Param('name') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.releases.servableByName(name);
    if (!file) throw new NotFoundException(FILE_TEXTS.notFound);
    if (isSeededPlaceholder(file)) throw new NotFoundException(RELEASE_TEXTS.installerNotYet);
    await this.responder.send(req, reply, { key: file.storageKey, fileName: file.fileName, onStart: () => this.counted(file) });
  }

  /** One definition of a download for every figure: a transfer started (not a resumed range) of an installer. */
  private async counted(file: ReleaseFile): Promise<void> {
    await this.releases.countDownload(file.id);
    if (assetKindOf(file.fileName) === 'installer') this.activity.count('downloads', file.channel, file.version, file.platform);
  }
}

/** The admin's versions: every channel's versions with their state and rollout, and changes to them. */
@Controller('admin/releases')
@Roles('admin')
@NoStore()
export class AdminReleasesController {
  constructor(
    private readonly versions: ReleaseVersionsService,
    private readonly releases: ReleasesService,
    private readonly activity: ReleaseActivityService,
    private readonly responder: StoredFileResponder,
  ) {}

  @Get()
  @ApiDoc('Admin: releases', { summary: 'Every version of every channel, drafts and pulled ones included, with its rollout', answers: doc.ok('ReleaseVersionView[]') })
  list(): Promise<ReleaseVersionView[]> {
    return this.versions.history({ includeUnpublished: true });
  }

  /** Any release file whatever its version's state: an admin tries a draft before publishing it. Not counted. */
  @Get('files/:id')
  @ApiDoc('Admin: releases', {
    summary: 'Any release file, whatever its version\'s state (a draft to try before publishing it)',
    answers: doc.storedFile,
  })
  async file(@Param('id') id: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const file = await this.releases.byId(id);
    if (!file) throw new NotFoundException(RELEASE_TEXTS.notFound);
    if (isSeededPlaceholder(file)) throw new NotFoundException(RELEASE_TEXTS.installerNotYet);
    await this.responder.send(req, reply, { key: file.storageKey, fileName: file.fileName });
  }

  /** Downloads and update checks per version and platform, per day (?days=1-365, default 30). */
  @Get('activity')
  @ApiDoc('Admin: releases', {
    summary: 'Downloads and update checks per version and platform, per day',
    query: { days: 'How many days back, today included: 1 to 365 (default 30)' },
    answers: doc.ok('ReleaseActivity[]'),
  })
  activityOf(@Query('days') days: string | undefined): Promise<ReleaseActivity[]> {
    const n = days === undefined ? 30 : Number(days);
    if (!Number.isInteger(n) || n < 1 || n > 365) throw new BadRequestException('days must be a whole number from 1 to 365.');
    return this.activity.activity(n);
  }

  /** Publish a draft, stage (1-100 %), pause or resume a rollout, pull a version or put it back, edit its notes. */
  @Patch(':id')
  @Audited('release.change', ({ params, body, result }) => ({ type: 'release', id: params.id, label: fieldOf(result, 'label'), detail: JSON.stringify(body) }))
  @ApiDoc('Admin: releases', {
    summary: 'Publish a draft, stage a version (1-100 %), pause or resume its rollout, pull it or put it back, edit its notes',
    answers: doc.ok({ type: 'object', properties: { label: { type: 'string' } }, required: ['label'] }),
  })
  async change(@Param('id') id: string, @Body() body: RolloutChangeDto): Promise<{ label: string }> {
    const before = await this.versions.byId(id);
    const row = await this.versions.change(id, body);
    if (before?.state !== 'published' && row.state === 'published') await this.releases.announce(row.channel, row.version);
    return { label: `${row.channel} ${row.version}` };
  }
}

/** Deploy tokens for CI: created (shown once), listed and revoked by an admin. */
@Controller('admin/deploy-tokens')
@Roles('admin')
@NoStore()
export class DeployTokensController {
  constructor(private readonly tokens: DeployTokensService) {}

  @Get()
  @ApiDoc('Admin: releases', { summary: 'Deploy tokens (never the tokens themselves)', answers: doc.ok('DeployTokenView[]') })
  list(): Promise<DeployTokenView[]> {
    return this.tokens.list();
  }

  @Post()
  @Audited('deploy_token.create', ({ result }) => ({ type: 'deploy_token', id: fieldOf(result, 'id'), label: fieldOf(result, 'name') }))
  @ApiDoc('Admin: releases', { summary: 'Create a deploy token: the token is in this answer only', answers: doc.created('DeployTokenCreated') })
  create(@Body() body: DeployTokenDto, @CurrentUser() admin: SessionUser): Promise<DeployTokenCreated> {
    return this.tokens.create(body.name, admin);
  }

  @Delete(':id')
  @Audited('deploy_token.revoke', ({ params, result }) => ({ type: 'deploy_token', id: params.id, label: fieldOf(result, 'name') }))
  @ApiDoc('Admin: releases', { summary: 'Revoke a deploy token', answers: doc.ok('DeployTokenView') })
  revoke(@Param('id') id: string): Promise<DeployTokenView> {
    return this.tokens.revoke(id);
  }
}

/**
 * POST /api/releases/publish with `Authorization: Bearer solvr_deploy_...` (a CI job) or an admin's session (the
 * console): a release in one multipart call (fields version, channel, notes, draft, block_map_sizes; then the files).
 * 201 with what was published; 401 for a missing, wrong or revoked token, 403 for a signed-in user who is no admin.
 * Each use is in the audit log under the token's name or the admin's.
 */
@Public()
@NoStore()
@Controller('releases/publish')
export class PublishController {
  constructor(
    private readonly tokens: DeployTokensService,
    private readonly publisher: ReleasePublisher,
  ) {}

  @Post()
  @Audited('release.publish', ({ result }) => ({ type: 'release', label: `${fieldOf(result, 'channel')} ${fieldOf(result, 'version')}`, detail: fieldOf(result, 'state') }))
  @ApiDoc('Files', {
    summary: 'Publish a version from CI with a deploy token (Authorization: Bearer solvr_deploy_...), or from the admin console',
    description: 'multipart/form-data: the fields version, channel (default stable), notes, draft (true keeps it from everyone but admins until an admin publishes it) and block_map_sizes (a JSON object of AppImage file names to the blockMapSize latest-linux.yml gives), then every file of the release: installers, update packages, their .blockmap files, Squirrel\'s RELEASES and .nupkg.',
    auth: 'deployToken',
    body: {
      multipart: {
        type: 'object',
        properties: { version: { type: 'string' }, channel: { type: 'string' }, notes: { type: 'string' }, draft: { type: 'string', enum: ['true', 'false'] }, block_map_sizes: { type: 'string' }, file: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } } },
        required: ['version', 'file'],
      },
    },
    answers: doc.created('PublishedRelease', 'Published (or kept as a draft)'),
    errors: [400, 401, 413, 415],
  })
  async publish(@Req() req: FastifyRequest & { user?: SessionUser }, @Headers('authorization') authorization: string | undefined): Promise<PublishedRelease> {
    // A session's access token (the global guard read it into req.user): an admin publishes from the console.
    if (req.user && !authorization?.startsWith(`Bearer ${DEPLOY_TOKEN_PREFIX}`)) {
      if (req.user.role !== 'admin') throw new ForbiddenException('This action needs the admin role.');
      return this.publisher.publish(req, req.user.id);
    }
    const token = await this.tokens.use(authorization);
    if (!token) throw new UnauthorizedException(RELEASE_TEXTS.tokenRefused);
    const published = await this.publisher.publish(req, token.createdBy);
    // The audit entry's actor: the token, by name (the admin who made it is its id).
    req.user = { id: token.createdBy ?? token.id, email: `deploy token "${token.name}"`, role: 'admin' };
    return published;
  }
}

/** Release channels: stable, beta and the ones an admin adds (each gets its own feed files, {channel}.yml). */
@Controller('admin/release-channels')
@Roles('admin')
@NoStore()
export class ReleaseChannelsController {
  constructor(private readonly channels: ReleaseChannelsService) {}

  @Get()
  @ApiDoc('Admin: releases', { summary: 'Release channels: stable, beta and the ones added', answers: doc.ok({ type: 'array', items: { type: 'string' } }) })
  list(): Promise<string[]> {
    return this.channels.list();
  }

  @Post()
  @Audited('release.channel', ({ body }) => ({ type: 'release_channel', label: typeof body.name === 'string' ? body.name : null }))
  @ApiDoc('Admin: releases', {
    summary: 'Add a release channel (its feed files are {channel}.yml, {channel}-mac.yml, ...)',
    answers: doc.created({ type: 'array', items: { type: 'string' } }, 'Every channel, the new one included'),
    errors: [409],
  })
  add(@Body() body: ChannelDto): Promise<string[]> {
    return this.channels.add(body.name);
  }
}
