import { useCallback, useEffect, useRef, useState } from 'react';
import { defaultFileName, FILE_TEXTS } from '@solvr/contracts';
import { apiBase, restoreSession, useAppDispatch, useAppStore } from '@solvr/web-data';
import { useUnsavedChangesPrompt } from '@solvr/web-ui/forms';
import { filesAdminApi, useUploadLimitsQuery } from './files-admin.api';
import { checkUploadForm, EMPTY_UPLOAD_FORM, uploadFields, type UploadForm, type UploadFormField } from './upload-form';
import { sendUpload, type UploadHandle, type UploadOutcome, type UploadProgress } from './upload-request';

export type UploadPhase = 'idle' | 'sending' | 'done' | 'canceled';

export interface UploadError {
  message: string;
  /** The field it is about, when there is one. */
  field?: UploadFormField;
  /** Changes on every failed attempt (the error summary takes the focus again). */
  attempt: number;
}

/** The message of a failed upload: the spec's text, then the api's reason when it gave one. */
export function failureMessage(outcome: Extract<UploadOutcome, { kind: 'failed' }>): string {
  const reason = Object.values(outcome.errors)[0] ?? outcome.message;
  return reason && reason !== FILE_TEXTS.uploadFailed ? `${FILE_TEXTS.uploadFailed} ${reason}` : FILE_TEXTS.uploadFailed;
}

/**
 * The Upload tab: the form's state, the checks before sending (the shared validateUpload and the size limit), the
 * upload with its progress, one session refresh on a 401, Cancel, and the outcome.
 */
export function useUpload() {
  const store = useAppStore();
  const dispatch = useAppDispatch();
  const { data: limits } = useUploadLimitsQuery();
  const [form, setForm] = useState<UploadForm>(EMPTY_UPLOAD_FORM);
  const [phase, setPhase] = useState<UploadPhase>('idle');
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [error, setError] = useState<UploadError | null>(null);
  const handle = useRef<UploadHandle | null>(null);
  const canceled = useRef(false);

  // The admin console keeps the tab mounted while another is open: only leaving the page ends a running upload,
  // and closing or reloading it asks first while an upload runs or a file is chosen and not sent.
  useEffect(() => () => handle.current?.abort(), []);
  useUnsavedChangesPrompt(phase === 'sending' || form.file !== null);

  const update = useCallback(<K extends keyof UploadForm>(field: K, value: UploadForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setPhase((p) => (p === 'done' || p === 'canceled' ? 'idle' : p));
  }, []);

  /** A new file: the name follows it unless the admin typed their own. */
  const chooseFile = useCallback((file: File | null) => {
    setForm((f) => {
      const followsFile = !f.name.trim() || (f.file !== null && f.name === defaultFileName(f.file.name));
      return { ...f, file, name: followsFile ? (file ? defaultFileName(file.name) : '') : f.name };
    });
    setPhase((p) => (p === 'done' || p === 'canceled' ? 'idle' : p));
  }, []);

  const fail = (message: string, field?: UploadFormField) => setError((e) => ({ message, field, attempt: (e?.attempt ?? 0) + 1 }));

  const send = (fields: ReturnType<typeof uploadFields>, file: File) => {
    const sending = sendUpload({
      url: `${apiBase()}/admin/files`,
      token: store.getState().session.accessToken,
      fields,
      file,
      onProgress: setProgress,
    });
    handle.current = sending;
    return sending.done;
  };

  const submit = async () => {
    if (phase === 'sending') return;
    const check = checkUploadForm(form, limits?.max_bytes);
    if (!check.ok) return fail(check.message, check.field);
    setError(null);
    setPhase('sending');
    setProgress(null);
    canceled.current = false;
    const fields = uploadFields(check.record, form.platform);
    let outcome = await send(fields, check.file);
    // An expired access token: refresh the session once (as the api's other calls do), then send again.
    if (outcome.kind === 'failed' && outcome.status === 401 && !canceled.current) {
      const before = store.getState().session.accessToken;
      await dispatch(restoreSession());
      const after = store.getState().session.accessToken;
      if (after && after !== before && !canceled.current) {
        setProgress(null);
        outcome = await send(fields, check.file);
      }
    }
    handle.current = null;
    if (canceled.current || outcome.kind === 'aborted') {
      setPhase('canceled');
      return;
    }
    if (outcome.kind === 'failed') {
      console.error('Upload failed', outcome.status, outcome.message ?? '', outcome.errors);
      setPhase('idle');
      const field = Object.keys(outcome.errors)[0];
      return fail(failureMessage(outcome), outcome.status === 413 || field === 'fileName' ? 'file' : (field as UploadFormField | undefined));
    }
    setForm(EMPTY_UPLOAD_FORM);
    setProgress(null);
    setPhase('done');
    dispatch(filesAdminApi.util.invalidateTags(['AdminFiles', 'Files', 'Releases']));
  };

  const cancel = () => {
    canceled.current = true;
    handle.current?.abort();
  };

  return { form, update, chooseFile, submit, cancel, phase, progress, error, maxBytes: limits?.max_bytes };
}
