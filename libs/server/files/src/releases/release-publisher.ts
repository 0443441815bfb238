import { BadRequestException, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { archOf, isReleaseVersion, platformOfArtifact, RELEASE_TEXTS, type AdminFileView, type Platform, type PublishedRelease } from '@solvr/contracts';
import { AppConfig, InjectConfig } from '@solvr/server-core';
import { FilesService } from '../files.service';
import { UploadsService } from '../uploads.service';
import { ReleaseChannelsService } from './release-channels.service';
import { ReleaseVersionsService } from './release-versions.service';
import { ReleasesService } from './releases.service';

/** The fields of a publish, checked before any file is stored. */
function checkedFields(fields: Map<string, string>, known: Set<string>): { version: string; channel: string; notes: string; draft: boolean } {
  const version = (fields.get('version') ?? '').trim();
  if (!isReleaseVersion(version)) throw new BadRequestException(RELEASE_TEXTS.badVersion);
  const channel = (fields.get('channel') ?? 'stable').trim() || 'stable';
  if (!known.has(channel)) throw new BadRequestException(RELEASE_TEXTS.badChannel);
  return { version, channel, notes: (fields.get('notes') ?? '').trim(), draft: ['true', '1', 'yes'].includes((fields.get('draft') ?? '').trim().toLowerCase()) };
}

/**
 * A CI job's publish: one multipart call with the version, channel, notes and every file of the release (installers,
 * update packages, block maps, Squirrel's RELEASES), stored as release files of that version and published, or kept
 * as a draft for an admin to publish.
 */
@Injectable()
export class ReleasePublisher {
  constructor(
    private readonly uploads: UploadsService,
    private readonly files: FilesService,
    private readonly versions: ReleaseVersionsService,
    private readonly releases: ReleasesService,
    private readonly channels: ReleaseChannelsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  async publish(req: FastifyRequest, publisherId: string | null): Promise<PublishedRelease> {
    const known = new Set(await this.channels.list());
    const { fields, stored } = await this.uploads.receiveRelease(req, (f, fileName) => {
      checkedFields(f, known);
      if (!platformOfArtifact(fileName)) throw new BadRequestException(RELEASE_TEXTS.publishUnknownFile(fileName));
    });
    if (!stored.length) throw new BadRequestException(RELEASE_TEXTS.publishNoFiles);
    const { version, channel, notes, draft } = checkedFields(fields, known);
    const created: AdminFileView[] = [];
    try {
      const row = await this.versions.ensure(channel, version, { state: draft ? 'draft' : 'published', notes });
      if (notes && row.notes !== notes) await this.versions.change(row.id, { notes });
      for (const s of stored) {
        const platform = platformOfArtifact(s.fileName) as Platform;
        const record = {
          name: `${this.config.brand.product} ${version} (${s.fileName})`,
          description: notes,
          version,
          is_paid: false,
          price: 0,
          currency: 'USD' as const,
          access_type: 'all_users' as const,
          allowed_users: [],
          release_channel: channel,
          platform,
          release_notes: notes,
        };
        created.push(await this.files.create(record, s, publisherId));
      }
    } catch (err) {
      await Promise.all(created.map((f) => this.files.remove(f.id).catch(() => undefined)));
      await this.uploads.discardAll(stored.slice(created.length));
      throw err;
    }
    this.versions.forgetFeeds();
    if (!draft) for (const file of created) await this.releases.announce(file);
    return {
      channel,
      version,
      state: draft ? 'draft' : 'published',
      files: created.map((f, i) => ({ id: f.id, file_name: f.file_name, platform: f.platform as Platform, arch: archOf(f.file_name), size: stored[i].size, sha512: stored[i].sha512 })),
    };
  }
}
