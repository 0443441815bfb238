import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ADMIN_FILES_TEXTS, channelLabel, RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T, type ReleaseState, type ReleaseVersionView, type RolloutChange } from '@solvr/contracts';
import { Badge, Button, Card, CardContent, CardFooter, CardHeader, CardTitle, type BadgeVariant } from '@solvr/web-ui';
import { ConfirmDialog, Input, Label } from '@solvr/web-ui/forms';
import { listDate } from '@solvr/web-files';
import { ReleaseFileList } from '../lib/release-files';
import { problemText } from '@solvr/web-files/admin';
import { useChangeReleaseMutation } from './releases-admin.api';

const STATE_BADGES: Record<ReleaseState, BadgeVariant> = { draft: 'secondary', published: 'success', pulled: 'danger' };

/** A whole number from 1 to 100, as the api takes a rollout percentage; null for anything else. */
export function rolloutPercentage(text: string): number | null {
  const n = Number(text.trim());
  return text.trim() && Number.isInteger(n) && n >= 1 && n <= 100 ? n : null;
}

type Action = 'rollout' | 'pause' | 'state';

/**
 * A version's actions (it has a row: `id`): its rollout percentage, pause or resume, and one button for its state
 * (Publish a draft, Pull a published version after a confirmation, Publish again a pulled one). The state button
 * stays where it is when its label changes, so the keyboard focus stays on it.
 */
function VersionActions({ version, id }: { version: ReleaseVersionView; id: string }) {
  const inputId = useId();
  const [changeRelease] = useChangeReleaseMutation();
  const [percentage, setPercentage] = useState(String(version.rollout_percentage));
  const [busy, setBusy] = useState<Action | null>(null);
  const [error, setError] = useState('');
  const [confirmPull, setConfirmPull] = useState(false);
  useEffect(() => setPercentage(String(version.rollout_percentage)), [version.rollout_percentage]);
  // A pressed button is disabled while its change is on its way, and the browser then drops its focus: it gets it back.
  const pressed = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const button = pressed.current;
    if (busy || !button) return;
    pressed.current = null;
    const active = document.activeElement;
    if (button.isConnected && (!active || active === document.body)) button.focus();
  }, [busy]);

  /** Sends the change; a refusal's message (or a general one) shows on the card. Never rejects. */
  const change = async (action: Action, body: RolloutChange) => {
    if (document.activeElement instanceof HTMLButtonElement) pressed.current = document.activeElement;
    setBusy(action);
    setError('');
    try {
      await changeRelease({ id, change: body }).unwrap();
    } catch (err) {
      setError(problemText(err, T.failed));
    } finally {
      setBusy(null);
    }
  };

  const saveRollout = (e: FormEvent) => {
    e.preventDefault();
    const p = rolloutPercentage(percentage);
    if (p === null) setError(RELEASE_TEXTS.badPercentage);
    else void change('rollout', { rollout_percentage: p });
  };

  const published = version.state === 'published';
  const stateButton =
    version.state === 'published'
      ? { label: T.pull, variant: 'danger' as const, onClick: () => setConfirmPull(true) }
      : { label: version.state === 'draft' ? T.publish : T.restore, variant: 'primary' as const, onClick: () => void change('state', { state: 'published' }) };
  return (
    <CardFooter className="fa-release-actions">
      {version.state !== 'pulled' && (
        <form className="fa-rollout" onSubmit={saveRollout} noValidate>
          <div className="fa-rollout-field">
            <Label htmlFor={inputId}>{T.percentage}</Label>
            <Input
              id={inputId}
              type="number"
              inputMode="numeric"
              min={1}
              max={100}
              step={1}
              value={percentage}
              invalid={error === RELEASE_TEXTS.badPercentage}
              onChange={(e) => setPercentage(e.target.value)}
            />
          </div>
          <Button type="submit" variant="outline" size="sm" loading={busy === 'rollout'} disabled={!!busy}>
            {T.saveRollout}
          </Button>
        </form>
      )}
      <div className="fa-release-buttons">
        {published && (
          <Button variant="outline" size="sm" loading={busy === 'pause'} disabled={!!busy} onClick={() => void change('pause', { rollout_paused: !version.rollout_paused })}>
            {version.rollout_paused ? T.resume : T.pause}
          </Button>
        )}
        <Button variant={stateButton.variant} size="sm" loading={busy === 'state'} disabled={!!busy} onClick={stateButton.onClick}>
          {stateButton.label}
        </Button>
      </div>
      {error && (
        <p role="alert" className="fa-release-error">
          {error}
        </p>
      )}
      <ConfirmDialog
        open={confirmPull}
        onOpenChange={setConfirmPull}
        title={T.pull}
        description={T.pullConfirm(version.version)}
        confirmLabel={T.pullButton}
        pendingLabel={T.pulling}
        cancelLabel={ADMIN_FILES_TEXTS.cancel}
        onConfirm={() => change('state', { state: 'pulled' })}
      />
    </CardFooter>
  );
}

/** One version in the console: channel, state, date, rollout, files, and what an admin may change about it. */
export function ReleaseVersionCard({ version }: { version: ReleaseVersionView }) {
  const titleId = useId();
  const date = listDate(version.date);
  return (
    <Card className="fa-file" role="article" aria-labelledby={titleId}>
      <CardHeader className="fa-file-header">
        <CardTitle id={titleId} className="fa-file-name">
          {version.version}
        </CardTitle>
        <div className="fa-badges">
          <Badge variant="outline">{channelLabel(version.channel)}</Badge>
          <Badge variant={STATE_BADGES[version.state]}>{T.states[version.state]}</Badge>
          {version.rollout_paused && version.state === 'published' && <Badge variant="warning">{T.paused}</Badge>}
        </div>
      </CardHeader>
      <CardContent className="fa-file-body">
        <dl className="fa-facts">
          <div>
            <dt>{T.date}</dt>
            <dd>{date && <time dateTime={version.date}>{date}</time>}</dd>
          </div>
          <div>
            <dt>{T.rollout}</dt>
            <dd>{T.rolloutOf(version.rollout_percentage)}</dd>
          </div>
        </dl>
        {version.notes_html && <div className="fa-notes" dangerouslySetInnerHTML={{ __html: version.notes_html }} />}
        <ReleaseFileList files={version.files} />
      </CardContent>
      {version.id ? (
        <VersionActions version={version} id={version.id} />
      ) : (
        <CardFooter>
          <p className="fa-muted">{T.untracked}</p>
        </CardFooter>
      )}
    </Card>
  );
}
