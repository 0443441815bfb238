import { BadRequestException, ConflictException, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { isChannelName, RELEASE_CHANNELS, RELEASE_TEXTS } from '@solvr/contracts';
import { ReleaseChannelRecord } from './release.entity';

/** How long the list of channels is kept between update checks (a new channel reaches other replicas within it). */
const CHANNELS_MS = 1000;

/** Release channels: stable and beta, and the ones an admin adds. Owns release_channels. */
@Injectable()
export class ReleaseChannelsService {
  private kept: { until: number; names: Promise<Set<string>> } | null = null;

  constructor(@InjectRepository(ReleaseChannelRecord) private readonly channels: Repository<ReleaseChannelRecord>) {}

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
    this.kept = null;
    return this.list();
  }

  private known(): Promise<Set<string>> {
    if (this.kept && this.kept.until > Date.now()) return this.kept.names;
    const names = this.channels
      .find({ order: { name: 'ASC' } })
      .then((rows) => new Set<string>([...RELEASE_CHANNELS, ...rows.map((r) => r.name)]));
    this.kept = { until: Date.now() + CHANNELS_MS, names };
    names.catch(() => (this.kept = null));
    return names;
  }
}
