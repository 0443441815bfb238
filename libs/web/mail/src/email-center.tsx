import { type Dispatch, type FormEvent, type ReactNode, type SetStateAction, useState } from 'react';
import {
  campaignProblem,
  type CampaignRequest,
  type CampaignView,
  EMAIL_CENTER_TEXTS as T,
  MAIL_SEGMENT_OPTION_LABELS,
  type MailAudienceRequest,
  type MailSegmentKind,
  messageProblem,
} from '@solvr/contracts';
import { SaveSearchButton, useDeleteSavedSearchMutation } from '@solvr/web-accounts/admin';
import { skipToken } from '@solvr/web-data';
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, SkeletonCard, toast } from '@solvr/web-ui';
import { Field, Input, Textarea, useUnsavedChangesPrompt } from '@solvr/web-ui/forms';
import {
  apiMessage,
  useCampaignPreviewQuery,
  useCampaignQuery,
  useCampaignsQuery,
  useLazyMailRecipientIdsQuery,
  useMailAudienceQuery,
  useMailRecipientsQuery,
  useMailSegmentsQuery,
  useRetryCampaignMutation,
  useSendCampaignMutation,
  useSendCampaignTestMutation,
} from './mail.api';

/** Users listed at once: refining the search reaches the others. */
const LISTED = 200;

/** Whom the campaign goes to: the users picked below, or a segment (with its option, when it needs one). */
type Audience = { kind: 'picked' } | { kind: MailSegmentKind; option: string };

/** The admin console's Email tab: choose a segment or pick users, write, preview, test, send, and watch each campaign go out. */
export function EmailCenter() {
  const [audience, setAudience] = useState<Audience>({ kind: 'picked' });
  // Who gets the mail when picking: exactly these ids, ticked one by one or by "Select all", kept while the search changes.
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [send, sending] = useSendCampaignMutation();
  const [sendTest, testing] = useSendCampaignTestMutation();
  const unsaved = !!(subject.trim() || message.trim());
  useUnsavedChangesPrompt(unsaved);

  const recipients = (): MailAudienceRequest =>
    audience.kind === 'picked' ? { userIds: [...picked] } : { segment: audience.option ? { kind: audience.kind, option: audience.option } : { kind: audience.kind } };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: CampaignRequest = { subject, message, ...recipients() };
    const problem = campaignProblem(body);
    setError(problem ?? '');
    if (problem) return;
    const result = await send(body);
    if ('error' in result) {
      setError(apiMessage(result.error) ?? T.failed);
      return;
    }
    toast({ variant: 'success', title: T.sent(result.data.queued) });
    setSubject('');
    setMessage('');
    setPicked(new Set());
  };

  const test = async () => {
    const problem = messageProblem({ subject, message });
    setError(problem ?? '');
    if (problem) return;
    const result = await sendTest({ subject, message });
    if ('error' in result) toast({ variant: 'error', title: T.testFailed, description: apiMessage(result.error) });
    else toast({ variant: 'success', title: T.testSent(result.data.to) });
  };

  return (
    <div className="ml-form">
      <div>
        <h2>{T.title}</h2>
        <p className="ml-muted">{T.subtitle}</p>
      </div>
      <form className="ml-columns" onSubmit={(e) => void submit(e)} noValidate>
        <Card>
          <CardHeader>
            <CardTitle as="h3">{T.recipients}</CardTitle>
          </CardHeader>
          <CardContent className="ml-form">
            <AudienceChoice audience={audience} onChange={setAudience} />
            {audience.kind === 'picked' ? <RecipientPicker picked={picked} setPicked={setPicked} /> : null}
            <AudienceCount audience={audience} picked={picked.size} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">{T.message}</CardTitle>
          </CardHeader>
          <CardContent className="ml-form">
            {error ? (
              <Alert variant="error" role="alert">
                {error}
              </Alert>
            ) : null}
            <Field label={T.subject} htmlFor="mail-subject" required>
              <Input id="mail-subject" value={subject} onChange={(e) => setSubject(e.target.value)} />
            </Field>
            <Field label={T.message} htmlFor="mail-message" hint={T.messageHelp} required>
              <Textarea id="mail-message" rows={8} value={message} onChange={(e) => setMessage(e.target.value)} />
            </Field>
            <MailPreview subject={subject} message={message} />
            <div className="ml-toolbar">
              <Button type="submit" disabled={sending.isLoading}>
                {sending.isLoading ? T.sending : T.send}
              </Button>
              <Button variant="outline" onClick={() => void test()} disabled={testing.isLoading} aria-busy={testing.isLoading || undefined}>
                {testing.isLoading ? T.sendingTest : T.sendTest}
              </Button>
            </div>
          </CardContent>
        </Card>
      </form>
      <Campaigns />
    </div>
  );
}

/** "Send to": the users picked by hand, or one of the segments the api offers (and its file, platform or saved search). */
function AudienceChoice({ audience, onChange }: { audience: Audience; onChange(a: Audience): void }) {
  const segments = useMailSegmentsQuery();
  const [remove, removing] = useDeleteSavedSearchMutation();
  const choices = segments.data ?? [];
  const chosen = choices.find((c) => c.kind === audience.kind);
  const optionLabel = chosen ? MAIL_SEGMENT_OPTION_LABELS[chosen.kind] : undefined;
  return (
    <>
      <fieldset className="ml-segments">
        <legend>{T.audience}</legend>
        <label>
          <input type="radio" name="mail-audience" checked={audience.kind === 'picked'} onChange={() => onChange({ kind: 'picked' })} />
          {T.pickedUsers}
        </label>
        {choices.map((c) => (
          <label key={c.kind}>
            <input type="radio" name="mail-audience" checked={audience.kind === c.kind} onChange={() => onChange({ kind: c.kind, option: c.options?.length === 1 ? c.options[0].value : '' })} />
            {c.label}
          </label>
        ))}
      </fieldset>
      {chosen?.options && optionLabel && audience.kind !== 'picked' ? (
        <Field label={optionLabel} htmlFor="mail-segment-option" required>
          <select id="mail-segment-option" className="ui-input" value={audience.option} onChange={(e) => onChange({ kind: audience.kind, option: e.target.value })}>
            <option value="">{chosen.options.length ? T.chooseOption : T.noOptions}</option>
            {chosen.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </Field>
      ) : null}
      {audience.kind === 'saved' && audience.option ? (
        <Button
          variant="outline"
          size="sm"
          disabled={removing.isLoading}
          onClick={async () => {
            if (!('error' in (await remove(audience.option)))) onChange({ kind: 'saved', option: '' });
          }}
        >
          {T.savedSearchRemove(chosen?.options?.find((o) => o.value === audience.option)?.label ?? '')}
        </Button>
      ) : null}
    </>
  );
}

/** How many will receive it, and how many are left out and why: counted by the api for a segment, the ticks for picked users. */
function AudienceCount({ audience, picked }: { audience: Audience; picked: number }) {
  const needsOption = audience.kind !== 'picked' && !!MAIL_SEGMENT_OPTION_LABELS[audience.kind] && !audience.option;
  const arg: MailAudienceRequest | typeof skipToken =
    audience.kind === 'picked' || needsOption ? skipToken : { segment: audience.option ? { kind: audience.kind, option: audience.option } : { kind: audience.kind } };
  const count = useMailAudienceQuery(arg);
  if (needsOption) return null;
  let body: ReactNode;
  if (audience.kind === 'picked') body = <strong>{T.willReceive(picked)}</strong>;
  else if (count.isFetching || !count.currentData) body = count.isError ? T.countFailed : T.counting;
  else {
    const { recipients, excluded } = count.currentData;
    const reasons = [
      excluded.opted_out ? T.excludedOptedOut(excluded.opted_out) : null,
      excluded.unconfirmed ? T.excludedUnconfirmed(excluded.unconfirmed) : null,
      excluded.not_found ? T.excludedNotFound(excluded.not_found) : null,
    ].filter((r): r is string => !!r);
    const left = excluded.opted_out + excluded.unconfirmed + excluded.not_found;
    body = (
      <>
        <strong>{T.willReceive(recipients)}</strong>
        {left ? (
          <span>
            {' · '}
            {T.excluded(left)} {reasons.join(', ')}
          </span>
        ) : null}
      </>
    );
  }
  return (
    <p className="ml-audience-count" role="status">
      {body}
    </p>
  );
}

/** Users picked one by one from a search, or every match of it; the search can be saved as a segment. */
function RecipientPicker({ picked, setPicked }: { picked: ReadonlySet<string>; setPicked: Dispatch<SetStateAction<ReadonlySet<string>>> }) {
  const [q, setQ] = useState('');
  const recipients = useMailRecipientsQuery({ q, limit: LISTED });
  // The current search's answer only: while another search loads, nothing is shown, so nothing stale is picked.
  const listed = recipients.currentData?.users ?? [];
  const total = recipients.currentData?.total ?? 0;
  const toggle = (id: string) =>
    setPicked((p) => {
      const ids = new Set(p);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return ids;
    });
  /** Adds the users shown (the search's matches, less the opted-out) to those already picked. */
  const selectShown = () => setPicked((p) => new Set([...p, ...listed.filter((u) => !u.opted_out).map((u) => u.id)]));
  /** Adds every match the search has, listed or not (the api names them by id). */
  const [fetchEveryMatch, everyMatch] = useLazyMailRecipientIdsQuery();
  const selectEveryMatch = async () => {
    const result = await fetchEveryMatch(q);
    if (result.data) {
      const ids = result.data.ids;
      setPicked((p) => new Set([...p, ...ids]));
    } else toast({ variant: 'error', title: T.selectEveryMatchFailed });
  };
  return (
    <>
      <Input type="search" aria-label={T.searchLabel} placeholder={T.searchPlaceholder} value={q} onChange={(e) => setQ(e.target.value)} />
      <SaveSearchButton q={q} />
      <div className="ml-toolbar">
        <Button variant="outline" size="sm" onClick={selectShown}>
          {T.selectAll}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setPicked(new Set())}>
          {T.selectNone}
        </Button>
        <span className="ml-muted" aria-live="polite">
          {T.selected(picked.size)}
        </span>
      </div>
      {total > listed.length ? (
        <div className="ml-toolbar">
          <span className="ml-muted">{T.moreMatches(listed.length, total)}</span>
          <Button variant="outline" size="sm" onClick={selectEveryMatch} aria-busy={everyMatch.isFetching || undefined}>
            {everyMatch.isFetching ? T.selectingEveryMatch : T.selectEveryMatch(total)}
          </Button>
        </div>
      ) : null}
      {!recipients.currentData && recipients.isFetching ? (
        <SkeletonCard />
      ) : listed.length === 0 ? (
        <p className="ml-muted">{T.noUsers}</p>
      ) : (
        <ul className="ml-recipients">
          {listed.map((u) => (
            <li key={u.id}>
              <label>
                <input type="checkbox" checked={!u.opted_out && picked.has(u.id)} disabled={u.opted_out} onChange={() => toggle(u.id)} />
                <span>
                  {u.full_name ? `${u.full_name} · ` : ''}
                  {u.email}
                </span>
              </label>
              {u.opted_out ? <Badge variant="secondary">{T.optedOut}</Badge> : null}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The mail as sent (the server's template: from, subject, body, unsubscribe footer), from before the first keystroke
 * on: each change asks again and the last answer stays shown meanwhile. In a frame that runs nothing.
 */
function MailPreview({ subject, message }: { subject: string; message: string }) {
  const preview = useCampaignPreviewQuery({ subject, message });
  const shown = preview.data;
  return (
    <section aria-label={T.preview} className="ml-form ml-preview-box">
      <p className="ml-muted">
        {T.preview} · {T.previewNote}
      </p>
      <dl className="ml-preview-head">
        <dt>{T.previewFrom}</dt>
        <dd>{shown?.from ?? ''}</dd>
        <dt>{T.previewSubject}</dt>
        <dd>{shown?.subject ?? T.previewNoSubject}</dd>
      </dl>
      {/* A frame per answer, made with its document: Chromium at times kept a sandboxed frame blank when its srcdoc changed
          while the first one loaded. */}
      {shown ? <iframe key={shown.html} className="ml-preview" title={T.previewFrame} sandbox="" srcDoc={shown.html} /> : <div className="ml-preview" />}
      <details>
        <summary>{T.previewText}</summary>
        <pre className="ml-preview-text">{shown?.text ?? ''}</pre>
      </details>
    </section>
  );
}

function Campaigns() {
  const [poll, setPoll] = useState(0);
  const campaigns = useCampaignsQuery(undefined, { pollingInterval: poll });
  const running = campaigns.data?.some((c) => !c.done) ?? false;
  // Poll once a second while a campaign is going out; stop when every one has finished.
  if (running !== (poll > 0)) setPoll(running ? 1000 : 0);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">{T.campaigns}</CardTitle>
      </CardHeader>
      <CardContent>
        {campaigns.isLoading ? (
          <SkeletonCard />
        ) : !campaigns.data?.length ? (
          <EmptyState title={T.noCampaigns} />
        ) : (
          campaigns.data.map((c) => <CampaignRow key={c.id} campaign={c} />)
        )}
      </CardContent>
    </Card>
  );
}

function CampaignRow({ campaign: c }: { campaign: CampaignView }) {
  const { counts } = c;
  const detail = useCampaignQuery(c.id, { skip: counts.failed === 0 });
  const [retry, retrying] = useRetryCampaignMutation();
  const pct = (n: number) => `${c.total ? (100 * n) / c.total : 0}%`;
  const finished = counts.sent + counts.failed;
  return (
    <div className="ml-campaign">
      <strong>{c.subject}</strong>
      <div
        className="ml-progress"
        role="progressbar"
        aria-label={T.progressLabel(c.subject)}
        aria-valuemin={0}
        aria-valuemax={c.total}
        aria-valuenow={finished}
        aria-valuetext={`${counts.sent} of ${c.total} sent`}
      >
        <span className="ml-sent" style={{ width: pct(counts.sent) }} />
        <span className="ml-failed" style={{ width: pct(counts.failed) }} />
        <span className="ml-sending" style={{ width: pct(counts.sending) }} />
      </div>
      <p className="ml-counts">
        <span>
          {T.queued}: {counts.queued}
        </span>
        <span>
          {T.sendingCount}: {counts.sending}
        </span>
        <span>
          {T.sentCount}: {counts.sent}
        </span>
        <span>
          {T.failedCount}: {counts.failed}
        </span>
        {c.skipped ? <span>{T.skipped(c.skipped)}</span> : null}
      </p>
      {counts.failed > 0 && detail.data ? (
        <>
          <p className="ml-muted">{T.failures}</p>
          <ul className="ml-failures">
            {detail.data.failures.map((f) => (
              <li key={f.email}>
                {f.email}: {f.error}
              </li>
            ))}
          </ul>
          {c.done ? (
            <Button size="sm" variant="outline" disabled={retrying.isLoading} onClick={() => void retry(c.id)}>
              {T.retryFailed}
            </Button>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
