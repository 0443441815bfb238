import { useEffect, useRef, type ChangeEvent } from 'react';
import {
  ADMIN_UPLOAD_TEXTS as T,
  CURRENCIES,
  defaultFileName,
  FILE_ACCESS_TYPES,
  FILE_LIMITS,
  FILE_TEXTS,
  fileTypeOf,
  type Currency,
  type FileAccessType,
} from '@solvr/contracts';
import { Alert, Button } from '@solvr/web-ui';
import { Field, Input, Textarea } from '@solvr/web-ui/forms';
import { sizeInMb, type UploadForm } from './upload-form';
import { UploadProgressBar } from './upload-progress';
import { isEditable, isRunning, UPLOAD_PICKER_ID, uploadStore, type UploadContext, type UploadItem } from './upload-store';
import { UserPicker } from './user-picker';

const ACCESS_LABELS: Record<FileAccessType, string> = { all_users: T.allUsers, specific_users: T.specificUsers };

/** Whether the keyboard focus is in `el` or nowhere (then an outcome may take it without pulling the admin away). */
const focusIsIn = (el: HTMLElement | null) => !!el && (el.contains(document.activeElement) || document.activeElement === document.body || !document.activeElement);

export interface UploadItemCardProps {
  item: UploadItem;
  context: UploadContext;
}

/** One file of the Upload tab: its details, its Upload button, then its progress with Cancel, then its outcome. */
export function UploadItemCard({ item, context }: UploadItemCardProps) {
  const { id, form, status, progress, error } = item;
  const editable = isEditable(status);
  const running = isRunning(status);
  const card = useRef<HTMLLIElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const outcome = useRef<HTMLDivElement>(null);
  const titleId = `${id}-title`;
  // Keyboard users follow their upload: Cancel while it runs (the Upload button is disabled), then its outcome.
  const mounted = useRef(false);
  useEffect(() => {
    if (!mounted.current) {
      mounted.current = true;
      return;
    }
    if (!focusIsIn(card.current)) return;
    if (running) cancelButton.current?.focus();
    else if (status !== 'draft' || error) outcome.current?.focus();
  }, [running, status, error?.attempt]);

  const field = (name: string) => `${id}-${name}`;
  const invalid = (name: string) => error?.field === name || undefined;
  const update = <K extends keyof UploadForm>(name: K, value: UploadForm[K]) => uploadStore.update(id, name, value);
  const text = (name: 'name' | 'version' | 'description' | 'price') => ({
    value: form[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => update(name, e.target.value),
    invalid: invalid(name),
  });

  return (
    <li ref={card} className="fa-item" aria-labelledby={titleId} data-status={status}>
      <div className="fa-item-head">
        <h3 id={titleId} className="fa-item-title">
          {form.file.name}
        </h3>
        <p className="fa-muted">{T.chosenFile(fileTypeOf(form.file.type, form.file.name), sizeInMb(form.file.size))}</p>
      </div>
      <form
        className="fa-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          uploadStore.start(id, context);
        }}
      >
        {error && (
          <Alert ref={outcome} tabIndex={-1} variant="error" className="ui-error-summary">
            {error.message}
          </Alert>
        )}
        {status === 'done' && (
          <Alert ref={outcome} tabIndex={-1} variant="success">
            {FILE_TEXTS.uploaded}
          </Alert>
        )}
        {status === 'canceled' && !error && (
          <Alert ref={outcome} tabIndex={-1} variant="info">
            {T.canceled}
          </Alert>
        )}
        {status !== 'done' && (
          <fieldset className="fa-fields" disabled={!editable}>
            <div className="fa-row">
              <Field label={T.name} htmlFor={field('name')} required hint={T.nameHint}>
                <Input id={field('name')} maxLength={FILE_LIMITS.name} placeholder={defaultFileName(form.file.name)} {...text('name')} />
              </Field>
              <Field label={T.version} htmlFor={field('version')}>
                <Input id={field('version')} maxLength={FILE_LIMITS.version} placeholder="1.0.0" {...text('version')} />
              </Field>
            </div>
            <Field label={T.description} htmlFor={field('description')}>
              <Textarea id={field('description')} maxLength={FILE_LIMITS.description} rows={3} {...text('description')} />
            </Field>
            <Field label={T.accessType} htmlFor={field('access')}>
              <select
                id={field('access')}
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
              <Field label={T.allowedUsers} htmlFor={field('users')}>
                <UserPicker id={field('users')} value={form.allowed_users} onChange={(users) => update('allowed_users', users)} aria-invalid={invalid('allowed_users')} />
              </Field>
            )}
            <div className="fa-check">
              <input id={field('paid')} type="checkbox" checked={form.is_paid} onChange={(e) => update('is_paid', e.target.checked)} />
              <label htmlFor={field('paid')}>{T.isPaid}</label>
            </div>
            {form.is_paid && (
              <div className="fa-row">
                <Field label={T.price} htmlFor={field('price')} required>
                  <Input id={field('price')} type="number" inputMode="decimal" step="0.01" min="0.01" placeholder="0.00" {...text('price')} />
                </Field>
                <Field label={T.currency} htmlFor={field('currency')}>
                  <select id={field('currency')} className="ui-input" value={form.currency} onChange={(e) => update('currency', e.target.value as Currency)}>
                    {CURRENCIES.map((c) => (
                      <option key={c} value={c}>
                        {c}
                      </option>
                    ))}
                  </select>
                </Field>
              </div>
            )}
          </fieldset>
        )}
        {running && <UploadProgressBar progress={progress} queued={status === 'queued'} describedBy={titleId} />}
        <div className="fa-actions">
          {status !== 'done' && (
            <Button type="submit" loading={running} disabled={!editable} aria-describedby={titleId}>
              {running ? T.uploading : T.submit}
            </Button>
          )}
          {running ? (
            <Button ref={cancelButton} variant="outline" aria-describedby={titleId} onClick={() => uploadStore.cancel(id)}>
              {T.cancel}
            </Button>
          ) : (
            <Button
              variant="outline"
              aria-describedby={titleId}
              onClick={() => {
                uploadStore.remove(id);
                // The item and its button are gone: keyboard users go on from the picker.
                document.getElementById(UPLOAD_PICKER_ID)?.focus();
              }}
            >
              {status === 'done' ? T.dismiss : T.remove}
            </Button>
          )}
        </div>
      </form>
    </li>
  );
}
