import { BadRequestException, Injectable } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import {
  audienceProblem,
  MAIL_SEGMENT_KINDS,
  MAIL_SEGMENT_LABELS,
  MAIL_SEGMENT_TEXTS,
  type MailAudienceRequest,
  type MailSegmentChoice,
  SAVED_SEARCH_TEXTS,
} from '@solvr/contracts';
import { MAIL_SEGMENT_SOURCE, markedProviders, type MailSegmentSource } from '@solvr/server-core';
import {
  addMailAudienceSize,
  emptyMailAudienceSize,
  type MailAudience,
  type MailAudienceSize,
  type MailRecipient,
  SavedSearchesService,
  UsersService,
} from '@solvr/server-users';

/** Ids a segment source is asked for at once when counting. */
const COUNT_CHUNK = 1000;

/**
 * Whom a campaign goes to. The users feature answers for picked users, searches, the admins and saved searches;
 * other features answer for their own segments through a MailSegmentSource (found among the process's providers),
 * so mail imports none of them. Either way the recipients are walked in id order, a chunk at a time.
 */
@Injectable()
export class MailSegments {
  private found?: Map<string, MailSegmentSource>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly reflector: Reflector,
    private readonly users: UsersService,
    private readonly saved: SavedSearchesService,
  ) {}

  private get sources(): Map<string, MailSegmentSource> {
    this.found ??= new Map(markedProviders<MailSegmentSource>(this.discovery, this.reflector, MAIL_SEGMENT_SOURCE).map(({ instance }) => [instance.kind, instance]));
    return this.found;
  }

  /** The segments the Email Center offers, with their options. */
  async choices(): Promise<MailSegmentChoice[]> {
    const choices: MailSegmentChoice[] = [];
    for (const kind of MAIL_SEGMENT_KINDS) {
      const label = MAIL_SEGMENT_LABELS[kind];
      if (kind === 'confirmed' || kind === 'admins') choices.push({ kind, label, options: null });
      else if (kind === 'saved') choices.push({ kind, label, options: (await this.saved.list()).map((s) => ({ value: s.id, label: SAVED_SEARCH_TEXTS.label(s.name, s.q) })) });
      else {
        const source = this.sources.get(kind);
        if (source) choices.push({ kind, label, options: await source.options() });
      }
    }
    return choices;
  }

  /** The audience as the campaign stores it; a 400 with the reason when the request names nothing we know. */
  async resolve(req: MailAudienceRequest): Promise<MailAudience> {
    const problem = audienceProblem(req);
    if (problem) throw new BadRequestException(problem);
    if (req.userIds) return { userIds: req.userIds };
    if (!req.segment) return { all: { q: req.all?.q ?? '' } };
    const { kind } = req.segment;
    const option = req.segment.option ?? '';
    if (kind === 'confirmed') return { all: { q: '' } };
    if (kind === 'admins') return { admins: true };
    if (kind === 'saved') {
      const search = await this.saved.find(option);
      if (!search) throw new BadRequestException(MAIL_SEGMENT_TEXTS.optionNotFound(kind));
      return { saved: { id: search.id, name: search.name, q: search.q } };
    }
    const source = this.sources.get(kind);
    if (!source) throw new BadRequestException(MAIL_SEGMENT_TEXTS.unavailable);
    const label = await source.optionLabel(option);
    if (label === null) throw new BadRequestException(MAIL_SEGMENT_TEXTS.optionNotFound(kind));
    return { source: { kind, option, label } };
  }

  /** The recipients a chunk at a time, in id order after `after` (confirmed accounts; the opted-out marked). */
  async *recipients(audience: MailAudience, { after = '', chunk = 1000 } = {}): AsyncGenerator<{ recipients: MailRecipient[]; through: string }> {
    if (!audience.source) return yield* this.users.mailAudience(audience, { after, chunk });
    const source = this.source(audience.source.kind);
    for (;;) {
      const ids = await source.userIds(audience.source.option, after, chunk);
      if (!ids.length) return;
      after = ids[ids.length - 1];
      yield { recipients: await this.users.mailRecipientsOf(ids), through: after };
    }
  }

  /** Who the audience reaches and whom it leaves out, counted by SQL a chunk of ids at a time. */
  async size(audience: MailAudience): Promise<MailAudienceSize> {
    if (!audience.source) return this.users.mailAudienceSize(audience);
    const source = this.source(audience.source.kind);
    const size = emptyMailAudienceSize();
    for (let after = ''; ; ) {
      const ids = await source.userIds(audience.source.option, after, COUNT_CHUNK);
      if (!ids.length) return size;
      addMailAudienceSize(size, await this.users.mailSizeOf(ids));
      after = ids[ids.length - 1];
    }
  }

  private source(kind: string): MailSegmentSource {
    const source = this.sources.get(kind);
    // The worker loads the same segment modules as the api; a missing one is a deployment fault, retried later.
    if (!source) throw new Error(`No mail segment source for "${kind}" in this process`);
    return source;
  }
}
