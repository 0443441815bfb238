import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ADMIN_FILES_TEXTS, RELEASE_TEXTS, RELEASES_ADMIN_TEXTS as T, type DeployTokenCreated, type DeployTokenView } from '@solvr/contracts';
import { Alert, Badge, Button, SkeletonCard } from '@solvr/web-ui';
import { ConfirmDialog, Field, Input } from '@solvr/web-ui/forms';
import { listDate, LoadFailed } from '@solvr/web-files';
import { CopyButton } from '../lib/copy-button';
import { problemText } from '@solvr/web-files/admin';
import { useCreateDeployTokenMutation, useDeployTokensQuery, useRevokeDeployTokenMutation } from './releases-admin.api';

/** The token the api just made: shown this once, with a copy button, until the admin is done with it. */
function NewToken({ token, onDone }: { token: DeployTokenCreated; onDone(): void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [token]);
  return (
    <Alert ref={box} tabIndex={-1} variant="success" title={T.tokenCreated(token.name)} className="fa-new-token">
      <p>{T.tokenShownOnce}</p>
      <div className="fa-token-value">
        <code>{token.token}</code>
        <CopyButton value={token.token} aria-label={T.copyToken} />
      </div>
      <Button variant="outline" size="sm" onClick={onDone}>
        {T.tokenDone}
      </Button>
    </Alert>
  );
}

function TokenFacts({ token }: { token: DeployTokenView }) {
  return (
    <dl className="fa-facts">
      <div>
        <dt>{ADMIN_FILES_TEXTS.created}</dt>
        <dd>{listDate(token.created_date)}</dd>
      </div>
      <div>
        <dt>{T.lastUsed}</dt>
        <dd>{token.last_used_date ? listDate(token.last_used_date) : T.never}</dd>
      </div>
      {token.revoked_date && (
        <div>
          <dt>{T.revoked}</dt>
          <dd>{listDate(token.revoked_date)}</dd>
        </div>
      )}
    </dl>
  );
}

/** Deploy tokens for CI (README: Publishing from CI): create one (its token shown once), list them, revoke one. */
export function DeployTokens() {
  const ids = useId();
  const { data, isLoading, isError, refetch } = useDeployTokensQuery();
  const [createToken, { isLoading: creating }] = useCreateDeployTokenMutation();
  const [revokeToken] = useRevokeDeployTokenMutation();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<DeployTokenCreated | null>(null);
  const [error, setError] = useState('');
  const [revokeError, setRevokeError] = useState('');
  const [revoking, setRevoking] = useState<DeployTokenView | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // A revoked token's button goes once the list is read again: the focus then goes to its row.
  const refocus = useRef<string | null>(null);
  const rowId = (id: string) => `${ids}-token-${id}`;

  useEffect(() => {
    const id = refocus.current;
    const active = document.activeElement;
    if (!id || (active && active !== document.body && active.isConnected)) return;
    refocus.current = null;
    document.getElementById(rowId(id))?.focus();
  });

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError('');
    if (!name.trim()) {
      setError(RELEASE_TEXTS.tokenName);
      return nameInput.current?.focus();
    }
    try {
      setCreated(await createToken(name.trim()).unwrap());
      setName('');
    } catch (err) {
      setError(problemText(err, T.failed));
      nameInput.current?.focus();
    }
  };

  const revoke = async () => {
    if (!revoking) return;
    setRevokeError('');
    try {
      await revokeToken(revoking.id).unwrap();
      refocus.current = revoking.id;
    } catch (err) {
      setRevokeError(problemText(err, T.failed));
    }
  };

  let list;
  if (isLoading) list = <SkeletonCard lines={2} />;
  else if (isError && !data) list = <LoadFailed text={T.loadFailed} retryLabel={T.retry} onRetry={() => void refetch()} />;
  else if (!data?.length) list = <p className="fa-muted">{T.noTokens}</p>;
  else {
    list = (
      <ul className="fa-token-list">
        {data.map((t) => (
          <li key={t.id} id={rowId(t.id)} tabIndex={-1} className="fa-token">
            <div className="fa-token-head">
              <span className="fa-token-name">{t.name}</span>
              {t.revoked_date && <Badge variant="danger">{T.revoked}</Badge>}
            </div>
            <TokenFacts token={t} />
            {!t.revoked_date && (
              <Button variant="danger" size="sm" className="fa-token-revoke" aria-label={T.revokeLabel(t.name)} onClick={() => setRevoking(t)}>
                {T.revoke}
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className="fa-tokens" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{T.tokensHeading}</h3>
      <p className="fa-muted">{T.tokensHelp}</p>
      <form className="fa-token-form" onSubmit={create} noValidate>
        <Field label={T.tokenName} htmlFor={`${ids}-name`} error={error || undefined}>
          <Input ref={nameInput} id={`${ids}-name`} value={name} maxLength={100} autoComplete="off" onChange={(e) => setName(e.target.value)} />
        </Field>
        <Button type="submit" loading={creating}>
          {T.createToken}
        </Button>
      </form>
      {created && (
        <NewToken
          token={created}
          onDone={() => {
            setCreated(null);
            nameInput.current?.focus();
          }}
        />
      )}
      {revokeError && (
        <p role="alert" className="fa-release-error">
          {revokeError}
        </p>
      )}
      {list}
      <ConfirmDialog
        open={!!revoking}
        onOpenChange={(open) => !open && setRevoking(null)}
        title={T.revokeTitle}
        description={revoking ? T.revokeConfirm(revoking.name) : ''}
        confirmLabel={T.revoke}
        pendingLabel={T.revoking}
        cancelLabel={ADMIN_FILES_TEXTS.cancel}
        onConfirm={revoke}
      />
    </section>
  );
}
