import { Component, lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS, NEWS_LIMITS, UNSAVED_TEXTS, validateNews, type NewsInput, type NewsView } from '@solvr/contracts';
import { Alert, Button } from '@solvr/web-ui';
import { ConfirmDialog, Dialog, Field, Input, Textarea, useUnsavedChangesPrompt } from '@solvr/web-ui/forms';
import { useAppDispatch, useBrand } from '@solvr/web-data';
import { ContentPreview } from './content-preview';
import { newsAdminApi, useCreateNewsMutation, useUpdateNewsMutation } from './news-admin.api';
import { NEWS_ADMIN_TEXTS as T } from './texts';

// The editor (TipTap and ProseMirror) is a chunk of its own, fetched when the dialog opens: only admins load it.
const RichTextEditor = lazy(() => import('./editor/rich-text-editor'));

/** If the editor's chunk cannot be fetched, the content is edited as HTML (as before the editor), with a note. */
class EditorFallback extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Could not load the news editor', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

type FormField = keyof NewsInput;
type NewsForm = Required<NewsInput>;

function initialForm(post: NewsView | undefined): NewsForm {
  return post
    ? { title: post.title, excerpt: post.excerpt, content: post.content, author: post.author, is_featured: post.is_featured, is_published: post.is_published }
    : // Spec sections 4 and 9: a new post is published and not featured by default.
      { title: '', excerpt: '', content: '', author: '', is_featured: false, is_published: true };
}

interface SaveError {
  message: string;
  /** The server's own words, if it gave any. */
  detail?: string;
  fields: FormField[];
}

/** The server's 400 body: `{ message, errors: { field: message } }`. */
function serverError(err: unknown): { detail?: string; fields: FormField[] } {
  const data = (err as { data?: { message?: unknown; errors?: Record<string, unknown> } } | undefined)?.data;
  const detail = typeof data?.message === 'string' && data.message ? data.message : undefined;
  const known: FormField[] = ['title', 'excerpt', 'content', 'author', 'is_featured', 'is_published'];
  const fields = Object.keys(data?.errors ?? {}).filter((f): f is FormField => (known as string[]).includes(f));
  return { detail, fields };
}

export interface NewsFormDialogProps {
  /** The post to edit; none to add one. */
  post?: NewsView;
  /** The dialog was closed (Cancel, Escape, ×, or 1 s after a successful save). */
  onClose(): void;
}

/**
 * The Add News / Edit News dialog (spec sections 2, 4, 5): title and content are required; after a successful save
 * the success message shows, and one second later the dialog closes and the list refreshes.
 */
export function NewsFormDialog({ post, onClose }: NewsFormDialogProps) {
  const id = useId();
  const ids = {
    form: `${id}-form`,
    error: `${id}-error`,
    title: `${id}-title`,
    excerpt: `${id}-excerpt`,
    content: `${id}-content`,
    contentLabel: `${id}-content-label`,
    contentHint: `${id}-content-hint`,
    author: `${id}-author`,
    featured: `${id}-featured`,
    published: `${id}-published`,
  };
  const brand = useBrand();
  const dispatch = useAppDispatch();
  const [initial] = useState<NewsForm>(() => initialForm(post));
  const [form, setForm] = useState<NewsForm>(initial);
  const [status, setStatus] = useState<'editing' | 'saving' | 'saved'>('editing');
  const [error, setError] = useState<SaveError | null>(null);
  const [failures, setFailures] = useState(0);
  const [createNews] = useCreateNewsMutation();
  const [updateNews] = useUpdateNewsMutation();
  const errorRef = useRef<HTMLDivElement>(null);

  // After a save the list refreshes once, when the dialog goes: on its timer, or earlier if the admin closes it.
  const mounted = useRef(true);
  const refreshPending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const refresh = useCallback(() => {
    if (!refreshPending.current) return;
    refreshPending.current = false;
    dispatch(newsAdminApi.util.invalidateTags(['News']));
  }, [dispatch]);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      clearTimeout(timer.current);
      refresh();
    };
  }, [refresh]);

  // A failed save puts the focus on its message (every attempt), so keyboard and screen-reader users land on it.
  // (Only then: editing a field updates the error's list of fields, and must not pull the focus away.)
  useEffect(() => {
    if (failures > 0) errorRef.current?.focus();
  }, [failures]);

  const update = <K extends FormField>(field: K, value: NewsForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setError((e) => (e && e.fields.includes(field) ? { ...e, fields: e.fields.filter((f) => f !== field) } : e));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (status !== 'editing') return;
    const check = validateNews(form, brand.team);
    if (!check.ok) {
      // The field it names; and with an empty title, the content too if that is empty as well ('<p></p>' counts).
      const fields: FormField[] = [check.field];
      const rest = check.field === 'title' && check.message === T.required ? validateNews({ ...form, title: 'x' }, brand.team) : null;
      if (rest && !rest.ok && rest.field === 'content' && rest.message === T.required) fields.push('content');
      setError({ message: check.message, fields });
      setFailures((n) => n + 1);
      return;
    }
    setError(null);
    setStatus('saving');
    try {
      if (post) await updateNews({ id: post.id, ...check.record }).unwrap();
      else await createNews(check.record).unwrap();
    } catch (err) {
      console.error('Could not save the news post', err);
      if (!mounted.current) return;
      const { detail, fields } = serverError(err);
      setError({ message: T.saveFailed, detail: detail !== T.saveFailed ? detail : undefined, fields });
      setFailures((n) => n + 1);
      setStatus('editing');
      return;
    }
    refreshPending.current = true;
    if (!mounted.current) {
      refresh();
      return;
    }
    setStatus('saved');
    timer.current = setTimeout(() => {
      refresh();
      onClose();
    }, LIMITS.newsDialogCloseDelayMs);
  };

  // Typed and not saved: closing the dialog (Escape, ×, Cancel, the backdrop) or the page asks first.
  const unsaved = status === 'editing' && (Object.keys(initial) as FormField[]).some((f) => form[f] !== initial[f]);
  useUnsavedChangesPrompt(unsaved);
  const [discarding, setDiscarding] = useState(false);
  const requestClose = () => (unsaved ? setDiscarding(true) : onClose());

  const invalid = (field: FormField) => !!error?.fields.includes(field);
  // An invalid control is described by the form's error message too.
  const describedBy = (field: FormField) => (invalid(field) ? ids.error : undefined);
  const busy = status !== 'editing';

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && requestClose()}
      title={post ? T.edit : T.add}
      className="ui-dialog-lg nwa-dialog"
      footer={
        <>
          <Button variant="outline" onClick={requestClose}>
            {T.cancel}
          </Button>
          <Button type="submit" form={ids.form} aria-disabled={busy || undefined} aria-busy={status === 'saving' || undefined}>
            {status === 'saving' && <span className="ui-spinner ui-spinner-sm" aria-hidden="true" />}
            {status === 'saving' ? T.saving : T.save}
          </Button>
        </>
      }
    >
      <form id={ids.form} className="nwa-form" noValidate onSubmit={submit}>
        <Field label={T.title} htmlFor={ids.title} required>
          <Input
            id={ids.title}
            value={form.title}
            maxLength={NEWS_LIMITS.title}
            invalid={invalid('title')}
            aria-describedby={describedBy('title')}
            onChange={(e) => update('title', e.target.value)}
          />
        </Field>
        <Field label={T.excerpt} htmlFor={ids.excerpt} hint={T.excerptHint}>
          <Textarea
            id={ids.excerpt}
            rows={2}
            value={form.excerpt}
            maxLength={NEWS_LIMITS.excerpt}
            invalid={invalid('excerpt')}
            aria-describedby={describedBy('excerpt')}
            onChange={(e) => update('excerpt', e.target.value)}
          />
        </Field>
        <div className="nwa-editor">
          <div className="ui-field">
            {/* Names the editor (aria-labelledby): a contenteditable cannot be a <label>'s control. */}
            <span id={ids.contentLabel} className="ui-label" onClick={() => document.getElementById(ids.content)?.focus()}>
              {T.content}
              <span className="ui-label-required" aria-hidden="true">
                {' '}*
              </span>
            </span>
            <EditorFallback
              fallback={
                <>
                  <Textarea
                    id={ids.content}
                    rows={10}
                    className="nwa-html"
                    spellCheck
                    aria-labelledby={ids.contentLabel}
                    aria-describedby={[ids.contentHint, describedBy('content')].filter(Boolean).join(' ')}
                    aria-required
                    value={form.content}
                    invalid={invalid('content')}
                    onChange={(e) => update('content', e.target.value)}
                  />
                  <p className="ui-field-hint nwa-rte-warning">{T.editor.loadFailed}</p>
                </>
              }
            >
              <Suspense
                fallback={
                  <div className="nwa-editor-loading" role="status">
                    <span className="ui-spinner ui-spinner-sm" aria-hidden="true" />
                    {T.editor.loading}
                  </div>
                }
              >
                <RichTextEditor
                  id={ids.content}
                  initialHtml={initial.content}
                  labelId={ids.contentLabel}
                  describedBy={[ids.contentHint, describedBy('content')].filter(Boolean).join(' ')}
                  invalid={invalid('content')}
                  required
                  onChange={(html) => update('content', html)}
                />
              </Suspense>
            </EditorFallback>
            <p id={ids.contentHint} className="ui-field-hint">
              {T.contentHint}
            </p>
          </div>
          <div className="nwa-preview">
            <span className="ui-label" aria-hidden="true">
              {T.preview}
            </span>
            <ContentPreview html={form.content} title={T.previewFrame} className="nwa-preview-frame" />
          </div>
        </div>
        <Field label={T.author} htmlFor={ids.author} hint={T.authorHint}>
          <Input
            id={ids.author}
            value={form.author}
            placeholder={brand.team}
            maxLength={NEWS_LIMITS.author}
            invalid={invalid('author')}
            aria-describedby={describedBy('author')}
            onChange={(e) => update('author', e.target.value)}
          />
        </Field>
        <div className="nwa-checks">
          <label className="nwa-check" htmlFor={ids.featured}>
            <input id={ids.featured} type="checkbox" checked={form.is_featured} onChange={(e) => update('is_featured', e.target.checked)} />
            {T.featuredLabel}
          </label>
          <label className="nwa-check" htmlFor={ids.published}>
            <input id={ids.published} type="checkbox" checked={form.is_published} onChange={(e) => update('is_published', e.target.checked)} />
            {T.publishedLabel}
          </label>
        </div>
        {error && (
          <Alert ref={errorRef} id={ids.error} variant="error" tabIndex={-1} title={error.detail ? error.message : undefined} className="nwa-form-message">
            {error.detail ?? error.message}
          </Alert>
        )}
        {/* Always there, so the success message is announced when it appears (the Alert itself is not a second live region). */}
        <div aria-live="polite" aria-atomic="true">
          {status === 'saved' && (
            <Alert variant="success" role="none" className="nwa-form-message">
              {post ? T.updated : T.created}
            </Alert>
          )}
        </div>
      </form>
      <ConfirmDialog
        open={discarding}
        onOpenChange={setDiscarding}
        title={UNSAVED_TEXTS.discardTitle}
        description={UNSAVED_TEXTS.discardBody}
        confirmLabel={UNSAVED_TEXTS.discard}
        cancelLabel={UNSAVED_TEXTS.keepEditing}
        onConfirm={onClose}
      />
    </Dialog>
  );
}
