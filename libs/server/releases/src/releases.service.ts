import { ConflictException, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { Readable } from 'stream';
import { In, IsNull, Like, Not, Repository } from 'typeorm';
import { archOf, assetKindOf, pathTo, PLATFORM_LABELS, PLATFORMS, platformOfArtifact, releaseDownloadPath, type Platform, type ReleasesOverview, type ReleaseView } from '@solvr/contracts';
import { AppConfig, changedRows, InjectConfig, type SessionUser } from '@solvr/server-core';
import type { StoredUpload } from '@solvr/server-files';
import { MailService } from '@solvr/server-mail';
import { StorageService } from '@solvr/server-storage';
import { UsersService } from '@solvr/server-users';
import { ReleaseFile, ReleaseSubscription } from './release.entity';
import { releaseNotesHtml } from './release-notes';
import { ReleaseVersionsService, type Installer } from './release-versions.service';
import { isSeededPlaceholder, SEEDED_KEY_PREFIX, SEEDED_RELEASES, seededBytes } from './seeded-releases';

/** A seeded placeholder's own name ('Installer', 'Beta'); a real release is the product itself. */
const nameOf = (f: ReleaseFile, product: string) => SEEDED_RELEASES.find((seed) => seed.storageKey === f.storageKey)?.name ?? product;

const toReleaseView = ({ file: f, notes, date }: Installer, product: string): ReleaseView => ({
  id: f.id,
  channel: f.channel,
  platform: f.platform,
  name: nameOf(f, product),
  version: f.version,
  file_name: f.fileName,
  file_type: f.fileType,
  file_size: f.fileSize,
  sha256: f.sha256,
  sha512: f.sha512,
  download_count: f.downloadCount,
  release_notes: notes,
  release_notes_html: releaseNotesHtml(notes),
  created_date: date.toISOString(),
  url: releaseDownloadPath(f.fileName),
  placeholder: isSeededPlaceholder(f),
});

/** A release an admin uploaded, not a seeded placeholder (the Notify me checks). */
const UPLOADED = { storageKey: Not(Like(`${SEEDED_KEY_PREFIX}%`)) };

/**
 * Releases of the desktop app and their files. The newest published, fully rolled-out version of each channel and
 * platform is "the" release: what the Dashboard, the library and the download page show. Owns release_files and
 * release_subscriptions (Notify me).
 */
@Injectable()
export class ReleasesService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Releases');

  constructor(
    @InjectRepository(ReleaseFile) private readonly files: Repository<ReleaseFile>,
    @InjectRepository(ReleaseSubscription) private readonly subscriptions: Repository<ReleaseSubscription>,
    private readonly storage: StorageService,
    private readonly mail: MailService,
    private readonly users: UsersService,
    private readonly versions: ReleaseVersionsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** A new site's seeded releases get their placeholder bytes (once; a real release of their channel retires them). */
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
  async overview(user: SessionUser | null): Promise<ReleasesOverview> {
    const { product } = this.config.brand;
    const releases = (await this.versions.newestInstallers()).sort((a, b) => channelRank(a.file) - channelRank(b.file)).map((i) => toReleaseView(i, product));
    if (!user) return { releases, waiting: [] };
    // A placeholder is no release yet: its platform can still be waited for.
    const released = new Set(releases.filter((r) => !r.placeholder).map((r) => r.platform));
    const mine = await this.subscriptions.find({ where: { userId: user.id, notifiedDate: IsNull() } });
    return { releases, waiting: PLATFORMS.filter((p) => !released.has(p) && mine.some((s) => s.platform === p)) };
  }

  /**
   * The file behind /downloads/{file name}: the newest one with that name whose version is published (staged or
   * not; its URL is in the feeds of the installs inside the rollout). A draft's or pulled version's files are served
   * to no one here, also mid-download: each request, a resumed range included, asks again.
   */
  async servableByName(fileName: string): Promise<ReleaseFile | null> {
    const rows = await this.files.find({ where: { fileName }, order: { createdDate: 'DESC', id: 'DESC' } });
    for (const row of rows) if (isSeededPlaceholder(row) || (await this.versions.servable(row))) return row;
    return null;
  }

  /** Any release file, whatever its version's state: for the admin console's download. */
  async byId(id: string): Promise<ReleaseFile | null> {
    return this.files.findOneBy({ id });
  }

  /** A download started at /downloads/{name}: the file's counter (plain SQL, as the library's count). */
  async countDownload(id: string): Promise<void> {
    await changedRows(this.files, 'UPDATE release_files SET download_count = download_count + 1 WHERE id = ?', [id]);
  }

  /**
   * The files of a publish, stored as one version's files in one go; the version's row is made (draft or published)
   * when it has none. A file already published under the same name in that version is replaced.
   */
  async addFiles(channel: string, version: string, stored: (StoredUpload & { blockMapSize?: number | null })[], createdBy: string | null): Promise<ReleaseFile[]> {
    const now = new Date();
    const rows = stored.map((s) =>
      this.files.create({
        id: randomUUID(),
        channel,
        version,
        platform: platformOfArtifact(s.fileName) as Platform,
        arch: archOf(s.fileName),
        fileName: s.fileName,
        fileType: s.fileType,
        fileSize: s.size,
        storageKey: s.key,
        sha256: s.sha256,
        sha512: s.sha512,
        blockMapSize: s.blockMapSize ?? null,
        downloadCount: 0,
        createdBy,
        createdDate: now,
      }),
    );
    const replaced = await this.files.find({ where: { channel, version, fileName: In(rows.map((r) => r.fileName)) } });
    await this.files.manager.transaction(async (tx) => {
      if (replaced.length) await tx.delete(ReleaseFile, { id: In(replaced.map((r) => r.id)) });
      await tx.insert(ReleaseFile, rows);
    });
    await Promise.all(replaced.map((r) => this.storage.delete(r.storageKey).catch(() => undefined)));
    this.versions.forgetFeeds();
    return rows;
  }

  /** Notify me: one mail when the platform's first release is published. 409 when it is out already. */
  async subscribe(user: SessionUser, platform: Platform): Promise<void> {
    if (await this.isReleased(platform)) throw new ConflictException(`The ${PLATFORM_LABELS[platform]} version is out already: download it now.`);
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

  /** Whether a platform has an installer of a published version (a seeded placeholder is none). */
  private async isReleased(platform: Platform): Promise<boolean> {
    const files = await this.files.find({ where: { platform, ...UPLOADED } });
    for (const f of files) if (assetKindOf(f.fileName) === 'installer' && (await this.versions.servable(f))) return true;
    return false;
  }

  /**
   * After a version is published: everyone waiting for one of its platforms gets one mail. Each row is claimed by a
   * conditional update, so two api replicas never both send it.
   */
  async announce(channel: string, version: string): Promise<number> {
    const row = await this.versions.find(channel, version);
    if (!row || row.state !== 'published') return 0;
    const files = await this.files.find({ where: { channel, version, ...UPLOADED } });
    const platforms = [...new Set(files.filter((f) => assetKindOf(f.fileName) === 'installer').map((f) => f.platform))];
    let sent = 0;
    for (const platform of platforms) {
      try {
        const waiting = await this.subscriptions.find({ where: { platform, notifiedDate: IsNull() } });
        for (const sub of waiting) {
          const claimed = await this.subscriptions.update({ id: sub.id, notifiedDate: IsNull() }, { notifiedDate: new Date() });
          if (!claimed.affected) continue;
          const user = await this.users.findById(sub.userId);
          if (!user) continue;
          try {
            await this.releaseMail(user.email, platform, version, row.notes);
            sent++;
          } catch (err) {
            // Not queued: the user stays waiting, and the next publish tries again.
            await this.subscriptions.update({ id: sub.id }, { notifiedDate: null });
            throw err;
          }
        }
      } catch (err) {
        // The version is published either way; the mail is the part that failed.
        this.logger.error(`Could not tell the users waiting for ${platform} about ${channel} ${version}: ${(err as Error).message}`);
      }
    }
    if (sent) this.logger.log(`Told ${sent} waiting user(s) about ${channel} ${version}`);
    return sent;
  }

  private async releaseMail(to: string, platformId: Platform, version: string, notes: string): Promise<void> {
    const { product, team } = this.config.brand;
    const platform = PLATFORM_LABELS[platformId];
    const page = `${this.config.publicUrl}${pathTo('ProductDownload', product)}`;
    await this.mail.enqueue({
      kind: 'release',
      to,
      fromName: team,
      subject: `${product} for ${platform} is here`,
      text:
        `You asked us to tell you when ${product} comes to ${platform}: version ${version} is out.\n\n` +
        `Download it: ${page}\n` +
        (notes ? `\nWhat's in it:\n${notes}\n` : '') +
        `\nThis is the only e-mail you get about it.\n\n${team}`,
    });
  }
}

const channelRank = (f: ReleaseFile) => (f.channel === 'stable' ? 0 : 1);
