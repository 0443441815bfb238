import { useId, useRef, useState, type FormEvent } from 'react';
import {
  channelLabel,
  formatFileSize,
  isReleaseVersion,
  platformOfArtifact,
  RELEASE_TEXTS,
  RELEASES_ADMIN_TEXTS as T,
  type PublishedRelease,
} from '@solvr/contracts';
import { apiBase, restoreSession, useAppDispatch, useAppStore } from '@solvr/web-data';
import { Alert, Button } from '@solvr/web-ui';
import { Field, Input, Textarea } from '@solvr/web-ui/forms';
import { failureMessage, sendMultipart, UploadProgressBar, type UploadHandle, type UploadOutcome, type UploadProgress } from '@solvr/web-files/admin';
import { releasesAdminApi, useReleaseChannelsQuery } from './releases-admin.api';

type Problem = { field: 'version' | 'files' | null; message: string };
type Outcome = { kind: 'published'; text: string } | { kind: 'canceled' } | { kind: 'failed'; problem: Problem };

/** What a failed publish tells the admin, and the field it is about. */
function problemOf(outcome: Extract<UploadOutcome, { kind: 'failed' }>, files: File[]): Problem {
  if (outcome.status === 0) return { field: null, message: T.publishCutOff };
  const reason = Object.values(outcome.errors)[0] ?? outcome.message ?? '';
  if (reason === RELEASE_TEXTS.badVersion) return { field: 'version', message: reason };
  if (files.some((f) => reason === RELEASE_TEXTS.publishUnknownFile(f.name))) return { field: 'files', message: reason };
  return { field: outcome.status === 413 ? 'files' : null, message: failureMessage(outcome) };
}

/**
 * The Releases tab's publish form: a version's files in one upload (POST /api/releases/publish with the admin's
 * session, the call CI makes with a deploy token), kept as a draft unless the admin says otherwise.
 */
export function ReleasePublishForm() {
  const ids = useId();
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const { data: channels } = useReleaseChannelsQuery();
  const [version, setVersion] = useState('');
  const [channel, setChannel] = useState('stable');
  const [notes, setNotes] = useState('');
  const [draft, setDraft] = useState(true);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const handle = useRef<UploadHandle<PublishedRelease> | null>(null);
  const versionInput = useRef<HTMLInputElement>(null);
  const filesInput = useRef<HTMLInputElement>(null);
  const outcomeBox = useRef<HTMLDivElement>(null);
  const problem = outcome?.kind === 'failed' ? outcome.problem : null;

  const send = (token: string | null) => {
    handle.current = sendMultipart<PublishedRelease>({
      url: `${apiBase()}/releases/publish`,
      token,
      fields: [
        ['version', version.trim()],
        ['channel', channel],
        ['notes', notes],
        ['draft', String(draft)],
      ],
      files,
      fileField: 'file',
      onProgress: setProgress,
    });
    return handle.current.done;
  };

  const finish = (next: Outcome) => {
    setOutcome(next);
    if (next.kind === 'failed' && next.problem.field === 'version') versionInput.current?.focus();
    else if (next.kind === 'failed' && next.problem.field === 'files') filesInput.current?.focus();
    else setTimeout(() => outcomeBox.current?.focus());
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const unknown = files.find((f) => !platformOfArtifact(f.name));
    const invalid: Problem | null = !isReleaseVersion(version.trim())
      ? { field: 'version', message: RELEASE_TEXTS.badVersion }
      : !files.length
        ? { field: 'files', message: T.noFilesChosen }
        : unknown
          ? { field: 'files', message: RELEASE_TEXTS.publishUnknownFile(unknown.name) }
          : null;
    if (invalid) return finish({ kind: 'failed', problem: invalid });
    setOutcome(null);
    setSending(true);
    setProgress(null);
    try {
      const before = store.getState().session.accessToken;
      let answer = await send(before);
      // An expired access token: refresh the session once, as the api's other calls do, and send again.
      if (answer.kind === 'failed' && answer.status === 401) {
        await dispatch(restoreSession());
        const after = store.getState().session.accessToken;
        if (after && after !== before) answer = await send(after);
      }
      if (answer.kind === 'aborted') return finish({ kind: 'canceled' });
      if (answer.kind === 'failed') return finish({ kind: 'failed', problem: problemOf(answer, files) });
      const published = answer.body;
      dispatch(releasesAdminApi.util.invalidateTags(['Releases']));
      setVersion('');
      setNotes('');
      setFiles([]);
      if (filesInput.current) filesInput.current.value = '';
      finish({ kind: 'published', text: T.publishedAs(published.version, published.channel, published.state, published.files.length) });
    } finally {
      handle.current = null;
      setSending(false);
    }
  };

  const filesHintId = `${ids}-files-list`;
  return (
    <section className="fa-publish" aria-labelledby={`${ids}-heading`}>
      <h3 id={`${ids}-heading`}>{T.publishHeading}</h3>
      <p className="fa-muted">{T.publishHelp}</p>
      <form className="fa-form" onSubmit={submit} noValidate>
        <div ref={outcomeBox} tabIndex={-1} aria-live="polite">
          {outcome?.kind === 'published' && <Alert variant="success">{outcome.text}</Alert>}
          {outcome?.kind === 'canceled' && <Alert variant="info">{T.publishCanceled}</Alert>}
          {problem && !problem.field && <Alert variant="error">{problem.message}</Alert>}
        </div>
        <fieldset className="fa-fields" disabled={sending}>
          <div className="fa-row">
            <Field label={T.version} htmlFor={`${ids}-version`} required error={problem?.field === 'version' ? problem.message : undefined}>
              <Input ref={versionInput} id={`${ids}-version`} value={version} placeholder="1.2.0" autoComplete="off" onChange={(e) => setVersion(e.target.value)} />
            </Field>
            <Field label={T.channel} htmlFor={`${ids}-channel`}>
              <select id={`${ids}-channel`} className="ui-input" value={channel} onChange={(e) => setChannel(e.target.value)}>
                {(channels ?? ['stable']).map((c) => (
                  <option key={c} value={c}>
                    {channelLabel(c)}
                  </option>
                ))}
              </select>
            </Field>
          </div>
          <Field label={RELEASE_TEXTS.releaseNotes} htmlFor={`${ids}-notes`} hint={T.notesHint}>
            <Textarea id={`${ids}-notes`} rows={4} value={notes} onChange={(e) => setNotes(e.target.value)} />
          </Field>
          <Field label={T.files} htmlFor={`${ids}-files`} required hint={T.filesHint} error={problem?.field === 'files' ? problem.message : undefined}>
            <input
              ref={filesInput}
              id={`${ids}-files`}
              type="file"
              multiple
              className="ui-input"
              aria-describedby={filesHintId}
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
          </Field>
          <div id={filesHintId}>
            {files.length > 0 && (
              <>
                <p className="fa-muted">{T.chosenFiles(files.length)}</p>
                <ul className="fa-publish-files">
                  {files.map((f) => (
                    <li key={f.name}>
                      {f.name} <span className="fa-muted">({formatFileSize(f.size)})</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <div className="fa-check">
            <input id={`${ids}-draft`} type="checkbox" checked={draft} aria-describedby={`${ids}-draft-hint`} onChange={(e) => setDraft(e.target.checked)} />
            <label htmlFor={`${ids}-draft`}>{T.keepDraft}</label>
          </div>
          <p id={`${ids}-draft-hint`} className="fa-muted">
            {T.keepDraftHint}
          </p>
        </fieldset>
        {sending && <UploadProgressBar progress={progress} describedBy={`${ids}-heading`} />}
        <div className="fa-actions">
          <Button type="submit" loading={sending}>
            {sending ? T.publishing : draft ? T.saveDraft : T.publish}
          </Button>
          {sending && (
            <Button variant="outline" onClick={() => handle.current?.abort()}>
              {T.cancelPublish}
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
