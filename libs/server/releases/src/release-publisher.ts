import { BadRequestException, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { isReleaseVersion, platformOfArtifact, PUBLISH_FIELDS, RELEASE_TEXTS, type PublishedRelease } from '@solvr/contracts';
import { UploadsService } from '@solvr/server-files';
import type { ReleaseFile } from './release.entity';
import { ReleaseChannelsService } from './release-channels.service';
import { ReleaseVersionsService } from './release-versions.service';
import { ReleasesService } from './releases.service';

/** Files one publish may carry: installers and update packages of every platform and architecture, and their block maps. */
const MAX_RELEASE_FILES = 40;

interface PublishFields {
  version: string;
  channel: string;
  notes: string;
  draft: boolean;
  /** electron-builder's blockMapSize per AppImage file name, as its latest-linux.yml gives it. */
  blockMapSizes: Map<string, number>;
}

/** The fields of a publish, checked before any file is stored. */
function checkedFields(fields: Map<string, string>, known: Set<string>): PublishFields {
  const version = (fields.get('version') ?? '').trim();
  if (!isReleaseVersion(version)) throw new BadRequestException(RELEASE_TEXTS.badVersion);
  const channel = (fields.get('channel') ?? 'stable').trim() || 'stable';
  if (!known.has(channel)) throw new BadRequestException(RELEASE_TEXTS.badChannel);
  return {
    version,
    channel,
    // One line ending in the feeds and on the pages, whatever the CI machine wrote.
    notes: (fields.get('notes') ?? '').replace(/\r\n?/g, '\n').trim(),
    draft: ['true', '1', 'yes'].includes((fields.get('draft') ?? '').trim().toLowerCase()),
    blockMapSizes: blockMapSizesOf(fields.get('block_map_sizes')),
  };
}

/** block_map_sizes: a JSON object of file name to a whole number of bytes. */
function blockMapSizesOf(text: string | undefined): Map<string, number> {
  if (!text?.trim()) return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new BadRequestException(RELEASE_TEXTS.badBlockMapSizes);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadRequestException(RELEASE_TEXTS.badBlockMapSizes);
  const sizes = new Map<string, number>();
  for (const [name, size] of Object.entries(parsed)) {
    if (!Number.isInteger(size) || (size as number) < 1 || (size as number) > 2 ** 31 - 1) throw new BadRequestException(RELEASE_TEXTS.badBlockMapSizes);
    sizes.set(name, size as number);
  }
  return sizes;
}

/**
 * A publish from CI (deploy token) or the admin console: one multipart call with the version, channel, notes and every
 * file of the release (installers, update packages, block maps, Squirrel's RELEASES), stored as that version's files
 * and published, or kept as a draft for an admin to publish.
 */
@Injectable()
export class ReleasePublisher {
  constructor(
    private readonly uploads: UploadsService,
    private readonly versions: ReleaseVersionsService,
    private readonly releases: ReleasesService,
    private readonly channels: ReleaseChannelsService,
  ) {}

  async publish(req: FastifyRequest, publisherId: string | null): Promise<PublishedRelease> {
    const known = new Set(await this.channels.list());
    const { fields, stored } = await this.uploads.receiveMany(req, { fields: PUBLISH_FIELDS, maxFiles: MAX_RELEASE_FILES, keyPrefix: 'releases/' }, (f, fileName) => {
      checkedFields(f, known);
      if (!platformOfArtifact(fileName)) throw new BadRequestException(RELEASE_TEXTS.publishUnknownFile(fileName));
    });
    if (!stored.length) throw new BadRequestException(RELEASE_TEXTS.publishNoFiles);
    const { version, channel, notes, draft, blockMapSizes } = checkedFields(fields, known);
    let created: ReleaseFile[];
    try {
      const row = await this.versions.ensure(channel, version, { state: draft ? 'draft' : 'published', notes });
      if (notes && row.notes !== notes) await this.versions.change(row.id, { notes });
      created = await this.releases.addFiles(channel, version, stored.map((s) => ({ ...s, blockMapSize: blockMapSizes.get(s.fileName) ?? null })), publisherId);
    } catch (err) {
      await this.uploads.discardAll(stored);
      throw err;
    }
    const state = (await this.versions.find(channel, version))?.state ?? 'draft';
    if (state === 'published') await this.releases.announce(channel, version);
    return {
      channel,
      version,
      state,
      files: created.map((f) => ({ id: f.id, file_name: f.fileName, platform: f.platform, arch: f.arch, size: f.fileSize, sha512: f.sha512 })),
    };
  }
}
