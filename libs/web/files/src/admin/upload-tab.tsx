import { useEffect, useRef, type ChangeEvent } from 'react';
import {
  ADMIN_UPLOAD_TEXTS as T,
  channelLabel,
  CURRENCIES,
  defaultFileName,
  FILE_ACCESS_TYPES,
  FILE_LIMITS,
  FILE_TEXTS,
  fileTypeOf,
  PLATFORM_LABELS,
  PLATFORMS,
  RELEASE_CHANNELS,
  RELEASE_TEXTS,
  type Currency,
  type FileAccessType,
  type Platform,
  type ReleaseChannel,
} from '@solvr/contracts';
import { Alert, Button, Card, CardContent, CardHeader, CardTitle, ErrorSummary } from '@solvr/web-ui';
import { Field, Input, Textarea } from '@solvr/web-ui/forms';
import { useReleaseChannelsQuery } from './releases-admin.api';
import { sizeInMb } from './upload-form';
import { UploadProgressBar } from './upload-progress';
import { useUpload } from './use-upload';
import { UserPicker } from './user-picker';

const ACCESS_LABELS: Record<FileAccessType, string> = { all_users: T.allUsers, specific_users: T.specificUsers };

/** The admin console's Upload tab ('Upload New File'); the logic is in useUpload. */
export function UploadTab() {
  const { form, update, chooseFile, submit, cancel, phase, progress, error } = useUpload();
  // Stable, beta and any channel an admin added (the built-in two until the list arrives).
  const { data: channels } = useReleaseChannelsQuery();
  const sending = phase === 'sending';
  const fileInput = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  // The form was reset (after a success): clear the file input too.
  useEffect(() => {
    if (!form.file && fileInput.current) fileInput.current.value = '';
  }, [form.file]);
  // The focused Upload button is disabled while sending: keep keyboard users on Cancel, then on the outcome.
  useEffect(() => {
    if (sending) cancelButton.current?.focus();
    else if (phase !== 'idle') outcome.current?.focus();
  }, [sending, phase]);

  const invalid = (field: string) => error?.field === field || undefined;
  const text = (field: 'name' | 'version' | 'description' | 'price' | 'release_notes') => ({
    value: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(field, e.target.value),
    invalid: invalid(field),
  });

  return (
    <Card className="fa-upload">
      <CardHeader>
        <CardTitle as="h2">{T.title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="fa-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <ErrorSummary message={error?.message ?? ''} attempt={error?.attempt} />
          {phase === 'done' && (
            <Alert ref={outcome} tabIndex={-1} variant="success">
              {FILE_TEXTS.uploaded}
            </Alert>
          )}
          {phase === 'canceled' && (
            <Alert ref={outcome} tabIndex={-1} variant="info">
              {T.canceled}
            </Alert>
          )}
          <fieldset className="fa-fields" disabled={sending}>
            <Field label={T.file} htmlFor="upload-file" required hint={form.file ? T.chosenFile(fileTypeOf(form.file.type, form.file.name), sizeInMb(form.file.size)) : undefined}>
              <input
                ref={fileInput}
                id="upload-file"
                type="file"
                className="ui-input fa-file-input"
                aria-invalid={invalid('file')}
                onChange={(e) => chooseFile(e.target.files?.[0] ?? null)}
              />
            </Field>
            <div className="fa-row">
              <Field label={T.name} htmlFor="upload-name" required hint={T.nameHint}>
                <Input id="upload-name" maxLength={FILE_LIMITS.name} placeholder={form.file ? defaultFileName(form.file.name) : undefined} {...text('name')} />
              </Field>
              {/* A release's version is what the update feed publishes: required, and semantic (validateUpload). */}
              <Field label={T.version} htmlFor="upload-version" required={!!form.release_channel}>
                <Input id="upload-version" maxLength={FILE_LIMITS.version} placeholder="1.0.0" {...text('version')} />
              </Field>
            </div>
            <Field label={T.description} htmlFor="upload-description">
              <Textarea id="upload-description" maxLength={FILE_LIMITS.description} rows={3} {...text('description')} />
            </Field>
            <Field label={T.accessType} htmlFor="upload-access">
              <select
                id="upload-access"
                className="ui-input"
                value={form.access_type}
                aria-invalid={invalid('access_type')}
                onChange={(e) => update('access_type', e.target.value as FileAccessType)}
              >
                {FILE_ACCESS_TYPES.map((a) => (
                  <option key={a} value={a}>
                    {ACCESS_LABELS[a]}
                  </option>
                ))}
              </select>
            </Field>
            {form.access_type === 'specific_users' && (
              <Field label={T.allowedUsers} htmlFor="upload-users">
                <UserPicker id="upload-users" value={form.allowed_users} onChange={(users) => update('allowed_users', users)} aria-invalid={invalid('allowed_users')} />
              </Field>
            )}
            <div className="fa-check">
              <input id="upload-paid" type="checkbox" checked={form.is_paid} onChange={(e) => update('is_paid', e.target.checked)} />
              <label htmlFor="upload-paid">{T.isPaid}</label>
            </div>
            {form.is_paid && (
              <div className="fa-row">
                <Field label={T.price} htmlFor="upload-price" required>
                  <Input id="upload-price" type="number" inputMode="decimal" step="0.01" min="0.01" placeholder="0.00" {...text('price')} />
                </Field>
                <Field label={T.currency} htmlFor="upload-currency">
                  <select id="upload-currency" className="ui-input" value={form.currency} onChange={(e) => update('currency', e.target.value as Currency)}>
                    {CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
            )}
            <Field label={T.releaseChannel} htmlFor="upload-channel" hint={form.release_channel ? RELEASE_TEXTS.mustBePublic : undefined}>
              <select
                id="upload-channel"
                className="ui-input"
                value={form.release_channel}
                aria-invalid={invalid('release_channel')}
                onChange={(e) => update('release_channel', e.target.value as '' | ReleaseChannel)}
              >
                <option value="">{T.noChannel}</option>
                {(channels ?? RELEASE_CHANNELS).map((c) => (
                  <option key={c} value={c}>
                    {channelLabel(c)}
                  </option>
                ))}
              </select>
            </Field>
            {form.release_channel && (
              <>
                <Field label={T.platform} htmlFor="upload-platform">
                  <select id="upload-platform" className="ui-input" value={form.platform} onChange={(e) => update('platform', e.target.value as Platform)}>
                    {PLATFORMS.map((p) => (
                      <option key={p} value={p}>
                        {PLATFORM_LABELS[p]}
                      </option>
                    ))}
                  </select>
                </Field>
                <Field label={RELEASE_TEXTS.releaseNotes} htmlFor="upload-notes">
                  <Textarea id="upload-notes" maxLength={FILE_LIMITS.releaseNotes} rows={4} {...text('release_notes')} />
                </Field>
              </>
            )}
          </fieldset>
          {sending && <UploadProgressBar progress={progress} />}
          <div className="fa-actions">
            <Button type="submit" loading={sending} disabled={!form.file}>
              {sending ? T.uploading : T.submit}
            </Button>
            {sending && (
              <Button ref={cancelButton} variant="outline" onClick={cancel}>
                {T.cancel}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
