import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isChannelName, RELEASE_CHANNELS, RELEASE_TEXTS } from '@solvr/contracts';
import { CacheBus, KeptCache } from '@solvr/server-core';
import { ReleaseChannelRecord } from './release.entity';

/** The longest the channel list is kept (a channel added through any replica is forgotten on all at once: the cache bus). */
const CHANNELS_MS = 30_000;
const CHANNELS_NAMESPACE = 'releases.channels';

/** Release channels: stable and beta, and the ones an admin adds. Owns release_channels. */
@Injectable()
export class ReleaseChannelsService {
  private readonly kept: KeptCache<Set<string>>;

  constructor(
    @InjectRepository(ReleaseChannelRecord) private readonly channels: Repository<ReleaseChannelRecord>,
    bus: CacheBus,
  ) {
    this.kept = new KeptCache<Set<string>>(bus, {
      namespace: CHANNELS_NAMESPACE,
      max: 1,
      ttlMs: CHANNELS_MS,
      load: async () => new Set<string>([...RELEASE_CHANNELS, ...(await this.channels.find({ order: { name: 'ASC' } })).map((r) => r.name)]),
    });
  }

  /** Every channel, built-in ones first, then the added ones by name. */
  async list(): Promise<string[]> {
    return [...(await this.known())];
  }

  async exists(name: string): Promise<boolean> {
    return (await this.known()).has(name);
  }

  async add(name: string): Promise<string[]> {
    const clean = name.trim();
    if (!isChannelName(clean)) throw new BadRequestException(RELEASE_TEXTS.badChannelName);
    if (await this.exists(clean)) throw new ConflictException(RELEASE_TEXTS.channelExists);
    await this.channels.insert({ name: clean, createdDate: new Date() }).catch(async (err) => {
      if (await this.channels.existsBy({ name: clean })) throw new ConflictException(RELEASE_TEXTS.channelExists);
      throw err;
    });
    this.kept.invalidate();
    return this.list();
  }

  private known(): Promise<Set<string>> {
    return this.kept.fetch('all');
  }
}
