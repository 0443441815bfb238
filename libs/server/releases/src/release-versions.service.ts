import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'crypto';
import { dump } from 'js-yaml';
import { gt, rcompare, valid } from 'semver';
import { In, Repository } from 'typeorm';
import {
  DOWNLOAD_EXTENSIONS,
  PLATFORMS,
  releaseDownloadPath,
  RELEASE_TEXTS,
  type Arch,
  type Platform,
  type ReleaseFeed,
  type ReleaseState,
  type ReleaseVersionView,
  type RolloutChange,
} from '@solvr/contracts';
import { AppConfig, CacheBus, InjectConfig, KeptCache } from '@solvr/server-core';
import { StorageService } from '@solvr/server-storage';
import { ReleaseFile, ReleaseVersion } from './release.entity';
import { ReleaseChannelsService } from './release-channels.service';
import { releaseNotesHtml } from './release-notes';
import { isSeededPlaceholder } from './seeded-releases';
import { candidatesOf, channelsSeenBy, updaterFiles, versionFor, type FeedCandidate } from './update-feed';

/**
 * How long a feed's versions are kept between update checks at most: a change through any api replica forgets them
 * on all (the cache bus); this bounds one made outside the api.
 */
export const FEED_INPUTS_MS = 30_000;
/** The cache bus namespace of the feeds' versions (keys: channel|platform|arch). */
export const FEED_INPUTS_NAMESPACE = 'releases.feed-inputs';


export interface FeedText {
  text: string;
  /** The version offered and its channel (a beta feed may offer a stable version). */
  version: string;
  channel: string;
  perInstall: boolean;
}

/** One installer the Dashboard and download page offer, with its version's notes and publication date. */
export interface Installer {
  file: ReleaseFile;
  notes: string;
  date: Date;
}

interface FeedInputs {
  candidates: FeedCandidate[];
  placeholderOnly: boolean;
}

/** Whether a feed's answer depends on the install's staging id: a staged version is in play. */
const perInstall = (inputs: FeedInputs) => inputs.candidates.some((c) => c.state === 'published' && c.rolloutPercentage < 100);

/**
 * Versions of the desktop app: what each update feed offers which install (semver order, staged rollouts, pauses,
 * pulled versions) and the admin's changes to them. Owns release_versions; release_files are read here, written by
 * ReleasesService.
 */
@Injectable()
export class ReleaseVersionsService {
  private readonly inputs: KeptCache<FeedInputs>;
  /** Each offered version's YAML (a candidate belongs to one feed's inputs, so its channel and platform are fixed). */
  private readonly texts = new WeakMap<FeedCandidate, string>();

  constructor(
    @InjectRepository(ReleaseFile) private readonly files: Repository<ReleaseFile>,
    @InjectRepository(ReleaseVersion) private readonly versions: Repository<ReleaseVersion>,
    private readonly storage: StorageService,
    private readonly channels: ReleaseChannelsService,
    @InjectConfig() private readonly config: AppConfig,
    bus: CacheBus,
  ) {
    this.inputs = new KeptCache<FeedInputs>(bus, {
      namespace: FEED_INPUTS_NAMESPACE,
      max: 200,
      ttlMs: FEED_INPUTS_MS,
      load: (key) => {
        const [channel, platform, arch] = key.split('|');
        return this.readFeedInputs(channel, platform as Platform, arch ? (arch as Arch) : null);
      },
    });
  }

  /**
   * The feed electron-updater reads for a channel and platform (Linux: per architecture), as the install with this
   * staging id should see it. 404 when the channel has nothing for the platform; a seeded placeholder alone says the
   * installer is coming.
   */
  async feed(channel: string, platform: Platform, arch: Arch | null, stagingId?: string | null): Promise<{ feed: ReleaseFeed; perInstall: boolean }> {
    const inputs = await this.feedInputs(channel, platform, arch);
    return { feed: this.feedOf(this.chosen(inputs, stagingId), channel, platform), perInstall: perInstall(inputs) };
  }

  /**
   * Squirrel.Mac's question (/update/{platform}/{version}): the zip of the newest fully rolled-out version when it is
   * newer than the running one, else null (204).
   */
  async squirrelMac(channel: string, arch: Arch, running: string): Promise<{ url: string; name: string; notes: string; pub_date: string } | null> {
    // Squirrel.Mac takes any answer but 200 and 204 for an error: a platform with no release yet is "no update".
    const chosen = versionFor((await this.feedInputs(channel, 'macos', null)).candidates, null);
    const zip = chosen?.files.find((f) => f.fileName.toLowerCase().endsWith('.zip') && [arch, 'universal'].includes(f.arch));
    if (!chosen || !zip || !valid(running) || !gt(chosen.version, running)) return null;
    return { url: `${this.config.publicUrl}${releaseDownloadPath(zip.fileName)}`, name: chosen.version, notes: releaseNotesHtml(chosen.notes), pub_date: chosen.date.toISOString() };
  }

  /** Squirrel.Windows' RELEASES of the newest fully rolled-out version, its packages named by their download URLs. */
  async squirrelWindowsReleases(channel: string): Promise<string> {
    if (!(await this.channels.exists(channel))) throw new NotFoundException(RELEASE_TEXTS.notFound);
    const channels = channelsSeenBy(channel);
    const [files, rows] = await Promise.all([
      this.files.find({ where: { channel: In(channels), platform: 'windows' } }),
      this.versions.find({ where: { channel: In(channels) } }),
    ]);
    const candidates = candidatesOf(files, rows).filter((c) => c.files.some((f) => f.fileName === 'RELEASES'));
    const chosen = versionFor(candidates, null);
    const releases = chosen?.files.find((f) => f.fileName === 'RELEASES');
    if (!releases) throw new NotFoundException(RELEASE_TEXTS.notFound);
    const text = await this.storage.text(releases.storageKey, 1024 * 1024);
    return text
      .split(/\r?\n/)
      .filter((line) => line.trim())
      .map((line) => {
        const [sha1, name, size] = line.trim().split(/\s+/);
        return `${sha1} ${/^https?:/.test(name) ? name : `${this.config.publicUrl}${releaseDownloadPath(name)}`} ${size}`;
      })
      .join('\n');
  }

  /** The version a feed offers this install (see versionFor); 404 when there is none. */
  private chosen({ candidates, placeholderOnly }: FeedInputs, stagingId?: string | null): FeedCandidate {
    const chosen = versionFor(candidates, stagingId);
    if (!chosen) throw new NotFoundException(placeholderOnly ? RELEASE_TEXTS.installerNotYet : RELEASE_TEXTS.notFound);
    return chosen;
  }

  /**
   * The versions a feed chooses from, kept until a release change (on any replica): an app's update checks come in
   * bursts (at start and every few hours, from every install).
   */
  private async feedInputs(channel: string, platform: Platform, arch: Arch | null): Promise<FeedInputs> {
    if (!(await this.channels.exists(channel))) throw new NotFoundException(RELEASE_TEXTS.notFound);
    return this.inputs.fetch(`${channel}|${platform}|${arch ?? ''}`);
  }

  private async readFeedInputs(channel: string, platform: Platform, arch: Arch | null): Promise<FeedInputs> {
    const channels = channelsSeenBy(channel);
    const [files, rows] = await Promise.all([
      this.files.find({ where: { channel: In(channels), platform } }),
      this.versions.find({ where: { channel: In(channels) } }),
    ]);
    const real = files.filter((f) => !isSeededPlaceholder(f));
    const candidates = candidatesOf(real, rows)
      .map((c) => ({ ...c, files: updaterFiles(c.files, platform, arch) }))
      .filter((c) => c.files.length > 0);
    return { candidates, placeholderOnly: files.some(isSeededPlaceholder) && !real.length };
  }

  /** A release changed: every replica forgets the kept feed inputs, and the next update check reads them again. */
  forgetFeeds(): void {
    this.inputs.invalidate();
  }

  /**
   * The feed as electron-updater reads it (YAML), made once per version offered and kept with the inputs; `perInstall`
   * when a staged version is in play, so the answer depends on the install's staging id.
   */
  async feedText(channel: string, platform: Platform, arch: Arch | null, stagingId?: string | null): Promise<FeedText> {
    const inputs = await this.feedInputs(channel, platform, arch);
    const chosen = this.chosen(inputs, stagingId);
    let text = this.texts.get(chosen);
    if (text === undefined) {
      text = this.feedYaml(this.feedOf(chosen, channel, platform));
      this.texts.set(chosen, text);
    }
    return { text, version: chosen.version, channel: chosen.channel, perInstall: perInstall(inputs) };
  }

  private feedYaml(feed: ReleaseFeed): string {
    return dump(feed, { lineWidth: -1, noRefs: true });
  }

  private feedOf(c: FeedCandidate, channel: string, platform: Platform): ReleaseFeed {
    const urlOf = (f: ReleaseFile) => `${this.config.publicUrl}${releaseDownloadPath(f.fileName)}`;
    const [first] = c.files;
    return {
      version: c.version,
      files: c.files.map((f) => ({ url: urlOf(f), sha512: f.sha512, size: f.fileSize, ...(f.blockMapSize ? { blockMapSize: f.blockMapSize } : {}) })),
      path: urlOf(first),
      sha512: first.sha512,
      releaseDate: c.date.toISOString(),
      releaseNotes: releaseNotesHtml(c.notes),
      ...(c.rolloutPercentage < 100 ? { stagingPercentage: c.rolloutPercentage } : {}),
      channel,
      platform,
    };
  }

  /**
   * The Dashboard's, library's and download page's installers: per channel and platform, one file (x64 or universal
   * first) of the newest published, fully rolled-out version (a manual download takes no part in staging), with that
   * version's notes and date. A channel with no such version yet shows its seeded placeholders instead.
   */
  async newestInstallers(): Promise<Installer[]> {
    const [files, rows] = await Promise.all([this.files.find(), this.versions.find()]);
    const chosen: Installer[] = [];
    for (const channel of [...new Set(files.map((f) => f.channel))]) {
      const mine = files.filter((f) => f.channel === channel);
      const real: Installer[] = [];
      for (const platform of PLATFORMS) {
        const candidates = candidatesOf(mine.filter((f) => f.platform === platform && !isSeededPlaceholder(f)), rows)
          .map((c) => ({ ...c, files: updaterFiles(c.files, platform, null, DOWNLOAD_EXTENSIONS[platform]) }))
          .filter((c) => c.files.length > 0);
        const pick = versionFor(candidates, null);
        if (pick) real.push({ file: pick.files[0], notes: pick.notes, date: pick.date });
      }
      if (real.length) chosen.push(...real);
      else chosen.push(...candidatesOf(mine.filter(isSeededPlaceholder), rows).map((c) => ({ file: c.files[0], notes: c.notes, date: c.date })));
    }
    return chosen;
  }

  /** The version row of a release file, when that version may be downloaded by anyone (published: staged or not). */
  async servable(file: ReleaseFile): Promise<boolean> {
    return this.versions.existsBy({ channel: file.channel, version: file.version, state: 'published' });
  }

  /** Every version of every channel, newest first, with its files (the release history and the admin's list). */
  async history(options: { includeUnpublished: boolean }): Promise<ReleaseVersionView[]> {
    const [files, rows] = await Promise.all([
      this.files.find({ where: { channel: In(await this.channelsWithReleases()) } }),
      this.versions.find(),
    ]);
    return candidatesOf(files.filter((f) => !isSeededPlaceholder(f)), rows)
      .filter((c) => options.includeUnpublished || c.state === 'published')
      .sort((a, b) => rcompare(a.version, b.version) || a.channel.localeCompare(b.channel))
      .map((c) => ({
        id: rows.find((r) => r.channel === c.channel && r.version === c.version)?.id ?? null,
        channel: c.channel,
        version: c.version,
        notes: c.notes,
        notes_html: releaseNotesHtml(c.notes),
        state: c.state,
        rollout_percentage: c.rolloutPercentage,
        rollout_paused: c.rolloutPaused,
        date: c.date.toISOString(),
        files: c.files.map((f) => ({ id: f.id, file_name: f.fileName, platform: f.platform, arch: f.arch, size: f.fileSize, url: releaseDownloadPath(f.fileName), download_count: f.downloadCount })),
      }));
  }

  private async channelsWithReleases(): Promise<string[]> {
    const rows: { channel: string }[] = await this.files.createQueryBuilder('f').select('DISTINCT f.channel', 'channel').getRawMany();
    return rows.length ? rows.map((r) => r.channel) : ['stable'];
  }

  find(channel: string, version: string): Promise<ReleaseVersion | null> {
    return this.versions.findOneBy({ channel, version });
  }

  byId(id: string): Promise<ReleaseVersion | null> {
    return this.versions.findOneBy({ id });
  }

  /** The row of a channel's version, made (published to everyone, or as a draft) the first time it is needed. */
  async ensure(channel: string, version: string, init: { state?: ReleaseState; notes?: string } = {}): Promise<ReleaseVersion> {
    const existing = await this.versions.findOneBy({ channel, version });
    if (existing) return existing;
    const now = new Date();
    const state = init.state ?? 'published';
    const row = this.versions.create({
      id: randomUUID(),
      channel,
      version,
      notes: init.notes ?? '',
      state,
      rolloutPercentage: 100,
      rolloutPaused: false,
      publishedDate: state === 'published' ? now : null,
      createdDate: now,
      updatedDate: now,
    });
    await this.versions.insert(row).catch(async (err) => {
      // Two first uploads of the same version at once: the unique (channel, version) index keeps one row.
      if (!(await this.versions.existsBy({ channel, version }))) throw err;
    });
    this.forgetFeeds();
    return (await this.versions.findOneBy({ channel, version })) as ReleaseVersion;
  }

  /** An admin's change: publish a draft, stage, raise, pause or resume a rollout, pull a version or put it back. */
  async change(id: string, change: RolloutChange): Promise<ReleaseVersion> {
    const row = await this.versions.findOneBy({ id });
    if (!row) throw new NotFoundException(RELEASE_TEXTS.notFound);
    if (change.rollout_percentage !== undefined) {
      const p = change.rollout_percentage;
      if (!Number.isInteger(p) || p < 1 || p > 100) throw new BadRequestException(RELEASE_TEXTS.badPercentage);
      row.rolloutPercentage = p;
    }
    if (change.rollout_paused !== undefined) row.rolloutPaused = change.rollout_paused;
    if (change.state !== undefined) {
      if (change.state === 'draft' && row.state !== 'draft') throw new BadRequestException(RELEASE_TEXTS.backToDraft);
      if (change.state === 'published' && !row.publishedDate) row.publishedDate = new Date();
      row.state = change.state;
    }
    if (change.notes !== undefined) row.notes = change.notes;
    row.updatedDate = new Date();
    await this.versions.save(row);
    this.forgetFeeds();
    return row;
  }
}
