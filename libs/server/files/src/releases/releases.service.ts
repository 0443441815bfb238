import { ConflictException, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Readable } from 'stream';
import { IsNull, Like, Not, Repository } from 'typeorm';
import {
  pathTo,
  PLATFORM_LABELS,
  PLATFORMS,
  releaseDownloadPath,
  type AdminFileView,
  type Platform,
  type ReleaseChannel,
  type ReleasesOverview,
  type ReleaseView,
} from '@solvr/contracts';
import { AppConfig, InjectConfig, type SessionUser } from '@solvr/server-core';
import { MailService } from '@solvr/server-mail';
import { StorageService } from '@solvr/server-storage';
import { UsersService } from '@solvr/server-users';
import { FileRecord, ReleaseSubscription } from '../file.entity';
import { releaseNotesHtml } from './release-notes';
import { ReleaseVersionsService } from './release-versions.service';
import { isSeededPlaceholder, SEEDED_KEY_PREFIX, SEEDED_RELEASES, seededBytes } from './seeded-releases';

const toReleaseView = (f: FileRecord): ReleaseView => ({
  id: f.id,
  channel: f.releaseChannel as ReleaseChannel,
  platform: f.platform as Platform,
  name: f.name,
  version: f.version,
  file_name: f.fileName,
  file_type: f.fileType,
  file_size: f.fileSize,
  sha256: f.sha256,
  sha512: f.sha512,
  download_count: f.downloadCount,
  release_notes: f.releaseNotes ?? '',
  release_notes_html: releaseNotesHtml(f.releaseNotes ?? ''),
  created_date: f.createdDate.toISOString(),
  url: releaseDownloadPath(f.fileName),
  placeholder: isSeededPlaceholder(f),
});

/** A release an admin uploaded, not a seeded placeholder (the Notify me checks). */
const UPLOADED = { storageKey: Not(Like(`${SEEDED_KEY_PREFIX}%`)) };

/**
 * Releases of the desktop app: files marked as the installer of a channel for a platform. The newest active one
 * of each channel and platform is "the" release; it is what the Dashboard, the download page and the update feed
 * show. Owns release_subscriptions (Notify me); the files rows are written by FilesService only.
 */
@Injectable()
export class ReleasesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Releases');

  constructor(
    @InjectRepository(FileRecord) private readonly files: Repository<FileRecord>,
    @InjectRepository(ReleaseSubscription) private readonly subscriptions: Repository<ReleaseSubscription>,
    private readonly storage: StorageService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly versions: ReleaseVersionsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** A new site's seeded releases get their placeholder bytes (once; an admin's upload replaces them as the latest). */
  async onApplicationBootstrap(): Promise<void> {
    for (const seed of SEEDED_RELEASES) {
      try {
        const row = await this.files.findOneBy({ id: seed.id, storageKey: seed.storageKey });
        if (!row || (await this.storage.exists(seed.storageKey))) continue;
        await this.storage.put(seed.storageKey, Readable.from([seededBytes(seed)]), { contentType: 'application/zip' });
        this.logger.log(`Wrote the placeholder archive of ${seed.name} v${seed.version}`);
      } catch (error) {
        // Storage being down must not keep the api from starting: /api/health reports it, and the next start retries.
        this.logger.warn(`Could not write the placeholder archive of ${seed.name}: ${(error as Error).message}`);
      }
    }
  }

  /** GET /api/releases: the latest release of each channel and platform, and the platforms the caller waits for. */
  async overview(user: SessionUser): Promise<ReleasesOverview> {
    const releases = (await this.versions.newestInstallers()).sort((a, b) => channelRank(a) - channelRank(b)).map(toReleaseView);
    // A placeholder is no release yet: its platform can still be waited for.
    const released = new Set(releases.filter((r) => !r.placeholder).map((r) => r.platform));
    const mine = await this.subscriptions.find({ where: { userId: user.id, notifiedDate: IsNull() } });
    return { releases, waiting: PLATFORMS.filter((p) => !released.has(p) && mine.some((s) => s.platform === p)) };
  }

  /** The file behind /downloads/{file name}: the newest active release with that name. */
  async byFileName(fileName: string): Promise<FileRecord | null> {
    const rows = await this.files.find({ where: { fileName, releaseChannel: Not(IsNull()), isActive: true }, order: { createdDate: 'DESC', id: 'DESC' } });
    // A draft's files wait for the version to be published.
    for (const row of rows) if (!(await this.versions.isDraft(row.releaseChannel as string, row.version))) return row;
    return null;
  }

  /** Notify me: one mail when the platform's first release is published. 409 when it is out already. */
  async subscribe(user: SessionUser, platform: Platform): Promise<void> {
    const released = await this.files.exists({ where: { platform, releaseChannel: Not(IsNull()), isActive: true, ...UPLOADED } });
    if (released) throw new ConflictException(`The ${PLATFORM_LABELS[platform]} version is out already: download it now.`);
    const existing = await this.subscriptions.findOneBy({ userId: user.id, platform });
    if (existing) {
      // Asked again after an earlier release was withdrawn: wait for the next one.
      if (existing.notifiedDate) await this.subscriptions.update({ id: existing.id }, { notifiedDate: null });
      return;
    }
    await this.subscriptions.insert({ id: randomUUID(), userId: user.id, platform, createdDate: new Date(), notifiedDate: null }).catch(async (err) => {
      // Two clicks at once: the unique (user, platform) index keeps one row, which is all we want.
      if (!(await this.subscriptions.exists({ where: { userId: user.id, platform } }))) throw err;
    });
  }

  /**
   * After an upload or an activation: when `file` is an active release, everyone waiting for its platform gets
   * one mail. Each row is claimed by a conditional update, so two api replicas never both send it.
   */
  async announce(file: AdminFileView): Promise<number> {
    if (file.release_channel) this.versions.forgetFeeds();
    if (!file.release_channel || !file.platform || !file.is_active || file.placeholder) return 0;
    // A version uploaded in the console is published to everyone (its row says so, and can stage it later).
    await this.versions.ensure(file.release_channel, file.version);
    let sent = 0;
    try {
      const waiting = await this.subscriptions.find({ where: { platform: file.platform, notifiedDate: IsNull() } });
      for (const sub of waiting) {
        const claimed = await this.subscriptions.update({ id: sub.id, notifiedDate: IsNull() }, { notifiedDate: new Date() });
        if (!claimed.affected) continue;
        const user = await this.users.findById(sub.userId);
        if (!user) continue;
        try {
          await this.releaseMail(user.email, file);
          sent++;
        } catch (err) {
          // Not queued: the user stays waiting, and the next publish (or activation) tries again.
          await this.subscriptions.update({ id: sub.id }, { notifiedDate: null });
          throw err;
        }
      }
    } catch (err) {
      // The file is published either way; the mail is the part that failed.
      this.logger.error(`Could not tell the users waiting for ${file.platform} about ${file.id}: ${(err as Error).message}`);
    }
    if (sent) this.logger.log(`Told ${sent} waiting user(s) about ${file.name} v${file.version} for ${file.platform}`);
    return sent;
  }

  private async releaseMail(to: string, file: AdminFileView): Promise<void> {
    const { product, team } = this.config.brand;
    const platform = PLATFORM_LABELS[file.platform as Platform];
    const page = `${this.config.publicUrl}${pathTo('ProductDownload', product)}`;
    await this.mail.enqueue({
      kind: 'release',
      to,
      fromName: team,
      subject: `${product} for ${platform} is here`,
      text:
        `You asked us to tell you when ${product} comes to ${platform}: version ${file.version} is out.\n\n` +
        `Download it: ${page}\n` +
        (file.release_notes ? `\nWhat's in it:\n${file.release_notes}\n` : '') +
        `\nThis is the only e-mail you get about it.\n\n${team}`,
    });
  }
}

const channelRank = (f: FileRecord) => (f.releaseChannel === 'stable' ? 0 : 1);
