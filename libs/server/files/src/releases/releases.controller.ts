import { Body, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IsIn } from 'class-validator';
import {
  FEED_FILES,
  FILE_TEXTS,
  PLATFORMS,
  RELEASE_CHANNELS,
  RELEASE_TEXTS,
  type NotifyRequest,
  type Platform,
  type ReleaseChannel,
  type ReleaseFeed,
  type ReleasesOverview,
} from '@solvr/contracts';
import { CurrentUser, Public, type SessionUser } from '@solvr/server-core';
import { FilesService } from '../files.service';
import { StoredFileResponder } from '../stored-file.responder';
import { ReleasesService } from './releases.service';
import { isSeededPlaceholder } from './seeded-releases';

export class NotifyDto implements NotifyRequest {
  @IsIn(PLATFORMS, { message: RELEASE_TEXTS.badPlatform }) platform: Platform;
}

const FEED_PLATFORM = new Map(Object.entries(FEED_FILES).map(([platform, file]) => [file, platform as Platform]));

function channelOf(value: string): ReleaseChannel {
  if (!(RELEASE_CHANNELS as readonly string[]).includes(value)) throw new NotFoundException(RELEASE_TEXTS.notFound);
  return value as ReleaseChannel;
}

@Controller('releases')
export class ReleasesController {
  constructor(private readonly releases: ReleasesService) {}

  /** Signed in: the Dashboard's Available Downloads and the download page. */
  @Get()
  overview(@CurrentUser() user: SessionUser): Promise<ReleasesOverview> {
    return this.releases.overview(user);
  }

  /** Notify me: 204; 409 when the platform has a release already. */
  @Post('notify')
  @HttpCode(204)
  async notify(@Body() body: NotifyDto, @CurrentUser() user: SessionUser): Promise<void> {
    await this.releases.subscribe(user, body.platform);
  }

  /**
   * The desktop app's update feed: /api/releases/{channel}/latest.yml (latest-mac.yml, latest-linux.yml) in
   * electron-updater's generic format, and latest.json?platform= as its JSON twin.
   */
  @Public()
  @Get(':channel/:feed')
  async feed(
    @Param('channel') channel: string,
    @Param('feed') feed: string,
    @Query('platform') platform: string | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    reply.header('Cache-Control', 'no-cache');
    if (feed === 'latest.json') {
      const p = platform ?? 'windows';
      if (!(PLATFORMS as readonly string[]).includes(p)) throw new NotFoundException(RELEASE_TEXTS.notFound);
      const answer: ReleaseFeed = await this.releases.feed(channelOf(channel), p as Platform);
      return void reply.type('application/json; charset=utf-8').send(answer);
    }
    const forPlatform = FEED_PLATFORM.get(feed);
    if (!forPlatform) throw new NotFoundException(RELEASE_TEXTS.notFound);
    const answer = await this.releases.feed(channelOf(channel), forPlatform);
    return void reply.type('text/yaml; charset=utf-8').send(this.releases.feedYaml(answer));
  }
}

/**
 * /downloads/{file name} at the site's root (spec section 7: the installer is fetched there): the latest active
 * release with that name, for browsers and the desktop app without a session. Counted on the file once per
 * download (not per resumed range); non-release files are never reachable by name, and a seeded placeholder is no
 * installer: 404 saying it is coming.
 */
@Public()
@Controller('downloads')
export class ReleaseDownloadsController {
  constructor(
    private readonly releases: ReleasesService,
    private readonly files: FilesService,
    private readonly responder: StoredFileResponder,
  ) {}

  @Get(':name')
  async download(@Param('name') name: string, @Req() req: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const release = await this.releases.byFileName(name);
    if (!release) throw new NotFoundException(FILE_TEXTS.notFound);
    if (isSeededPlaceholder(release)) throw new NotFoundException(RELEASE_TEXTS.installerNotYet);
    await this.responder.send(req, reply, {
      key: release.storageKey,
      fileName: release.fileName,
      onStart: () => this.files.countAnonymousDownload(release.id),
    });
  }
}
