import { type FormEvent, useEffect, useState } from 'react';
import { campaignProblem, type CampaignRequest, type CampaignView, EMAIL_CENTER_TEXTS as T } from '@solvr/contracts';
import { Alert, Badge, Button, Card, CardContent, CardHeader, CardTitle, EmptyState, SkeletonCard, toast } from '@solvr/web-ui';
import { Field, Input, Textarea, useUnsavedChangesPrompt } from '@solvr/web-ui/forms';
import {
  useCampaignPreviewQuery,
  useCampaignQuery,
  useCampaignsQuery,
  useLazyMailRecipientIdsQuery,
  useMailRecipientsQuery,
  useRetryCampaignMutation,
  useSendCampaignMutation,
} from './mail.api';

/** Users listed at once: refining the search reaches the others. */
const LISTED = 200;

/** The admin console's Email tab: pick recipients, write, preview, send, and watch each campaign go out. */
export function EmailCenter() {
  const [q, setQ] = useState('');
  // Who gets the mail: exactly these ids, ticked one by one or by "Select all", kept while the search changes.
  const [picked, setPicked] = useState<ReadonlySet<string>>(() => new Set());
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const recipients = useMailRecipientsQuery({ q, limit: LISTED });
  const [send, sending] = useSendCampaignMutation();
  // The current search's answer only: while another search loads, nothing is shown, so nothing stale is picked.
  const listed = recipients.currentData?.users ?? [];
  const total = recipients.currentData?.total ?? 0;
  const unsaved = !!(subject.trim() || message.trim());
  useUnsavedChangesPrompt(unsaved);

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

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: CampaignRequest = { subject, message, userIds: [...picked] };
    const problem = campaignProblem(body);
    setError(problem ?? '');
    if (problem) return;
    const result = await send(body);
    if ('error' in result) {
      setError(T.failed);
      return;
    }
    toast({ variant: 'success', title: T.sent(result.data.queued) });
    setSubject('');
    setMessage('');
    setPicked(new Set());
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
            <Input type="search" aria-label={T.searchLabel} placeholder={T.searchPlaceholder} value={q} onChange={(e) => setQ(e.target.value)} />
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
            <Field label={T.message} htmlFor="mail-message" required>
              <Textarea id="mail-message" rows={8} value={message} onChange={(e) => setMessage(e.target.value)} />
            </Field>
            <MailPreview subject={subject} message={message} />
            <Button type="submit" disabled={sending.isLoading}>
              {sending.isLoading ? T.sending : T.send}
            </Button>
          </CardContent>
        </Card>
      </form>
      <Campaigns />
    </div>
  );
}

/** The mail as the template renders it on the server, a moment after typing stops; in a frame that runs nothing. */
function MailPreview({ subject, message }: { subject: string; message: string }) {
  const [shown, setShown] = useState({ subject, message });
  useEffect(() => {
    const timer = setTimeout(() => setShown({ subject, message }), 300);
    return () => clearTimeout(timer);
  }, [subject, message]);
  const preview = useCampaignPreviewQuery(shown);
  return (
    <section aria-label={T.preview} className="ml-form">
      <p className="ml-muted">
        {T.preview} · {T.previewNote}
        {preview.data ? ` · ${preview.data.from}: ${preview.data.subject || '…'}` : ''}
      </p>
      <iframe className="ml-preview" title={T.previewFrame} sandbox="" srcDoc={preview.data?.html ?? ''} />
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
