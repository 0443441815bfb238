import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { isNewsImageSrc, isNewsLinkHref, newsVideoEmbedUrl } from '@solvr/contracts';
import { Button } from '@solvr/web-ui';
import { Dialog, Field, Input } from '@solvr/web-ui/forms';
import { NEWS_EDITOR_TEXTS as T } from '../texts';

/**
 * A dialog over the News dialog. Its keys and its form's submit stay in it: React passes a portal's events to its
 * parents, so the News dialog would take the focus back on Tab, and the News form would be submitted too.
 */
function InnerDialog({ title, formId, submitLabel, onClose, returnFocus, extraButton, children }: { title: string; formId: string; submitLabel: string; onClose(): void; returnFocus?(previouslyFocused: HTMLElement | null): void; extraButton?: ReactNode; children: ReactNode }) {
  return (
    <div className="nwa-rte-dialog-host" onKeyDown={(e) => e.stopPropagation()} onSubmit={(e) => e.stopPropagation()}>
      <Dialog
        open
        onOpenChange={(open) => !open && onClose()}
        returnFocus={returnFocus}
        title={title}
        footer={
          <>
            {extraButton}
            <Button variant="outline" onClick={onClose}>
              {T.cancel}
            </Button>
            <Button type="submit" form={formId}>
              {submitLabel}
            </Button>
          </>
        }
      >
        {children}
      </Dialog>
    </div>
  );
}

/** A web address typed without its scheme ('example.com/page') is an https one. */
export function linkHref(input: string): string {
  const value = input.trim();
  if (/^[a-z0-9-]+(\.[a-z0-9-]+)+([/?#:]|$)/i.test(value) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value)) return `https://${value}`;
  return value;
}

/** What every editor dialog takes: its close, and how the focus goes back to where it was opened from. */
interface EditorDialogProps {
  onClose(): void;
  returnFocus?(previouslyFocused: HTMLElement | null): void;
}

export interface LinkDialogProps extends EditorDialogProps {
  /** The link being edited, if the selection is in one. */
  href?: string;
  /** Asks for the link's text: nothing is selected to become the link. */
  needsText: boolean;
  onApply(link: { href: string; text?: string }): void;
  onRemove?: () => void;
}

export function LinkDialog({ href: initialHref = '', needsText, onApply, onRemove, onClose, returnFocus }: LinkDialogProps) {
  const id = useId();
  const [href, setHref] = useState(initialHref);
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ href?: string; text?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = linkHref(href);
    const next = {
      href: value && isNewsLinkHref(value) ? undefined : T.linkUrlInvalid,
      text: needsText && !text.trim() ? T.linkTextRequired : undefined,
    };
    setErrors(next);
    if (next.href || next.text) return;
    onApply({ href: value, text: needsText ? text.trim() : undefined });
  };
  return (
    <InnerDialog
      returnFocus={returnFocus}
      title={T.linkTitle}
      formId={`${id}-form`}
      submitLabel={initialHref ? T.apply : T.insert}
      onClose={onClose}
      extraButton={
        onRemove && (
          <Button variant="outline" onClick={onRemove}>
            {T.removeLink}
          </Button>
        )
      }
    >
      <form id={`${id}-form`} className="nwa-form" noValidate onSubmit={submit}>
        <Field label={T.linkUrl} htmlFor={`${id}-href`} hint={T.linkUrlHint} error={errors.href} required>
          <Input id={`${id}-href`} type="text" inputMode="url" autoComplete="off" data-autofocus value={href} onChange={(e) => setHref(e.target.value)} />
        </Field>
        {needsText && (
          <Field label={T.linkText} htmlFor={`${id}-text`} hint={T.linkTextHint} error={errors.text} required>
            <Input id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} />
          </Field>
        )}
      </form>
    </InnerDialog>
  );
}

export interface ImageDialogProps extends EditorDialogProps {
  /** The selected image, to change its alt text or address. */
  image?: { src: string; alt: string | null };
  onApply(image: { src: string; alt: string }): void;
}

export function ImageDialog({ image, onApply, onClose, returnFocus }: ImageDialogProps) {
  const id = useId();
  const [src, setSrc] = useState(image?.src ?? '');
  const [alt, setAlt] = useState(image?.alt ?? '');
  const [decorative, setDecorative] = useState(image?.alt === '');
  const [errors, setErrors] = useState<{ src?: string; alt?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = src.trim();
    const altText = decorative ? '' : alt.trim();
    // Never an image without alt (validateNews refuses one on save): alt text, or alt="" for a decoration.
    const next = { src: isNewsImageSrc(value) ? undefined : T.imageUrlInvalid, alt: decorative || altText ? undefined : T.imageAltRequired };
    setErrors(next);
    if (next.src || next.alt) return;
    onApply({ src: value, alt: altText });
  };
  return (
    <InnerDialog title={T.imageTitle} formId={`${id}-form`} submitLabel={image ? T.apply : T.insert} onClose={onClose} returnFocus={returnFocus}>
      <form id={`${id}-form`} className="nwa-form" noValidate onSubmit={submit}>
        <Field label={T.imageUrl} htmlFor={`${id}-src`} hint={T.imageUrlHint} error={errors.src} required>
          <Input id={`${id}-src`} type="text" inputMode="url" autoComplete="off" data-autofocus={image ? undefined : true} value={src} onChange={(e) => setSrc(e.target.value)} />
        </Field>
        <Field label={T.imageAlt} htmlFor={`${id}-alt`} hint={T.imageAltHint} error={errors.alt} required={!decorative}>
          <Input id={`${id}-alt`} data-autofocus={image ? true : undefined} value={decorative ? '' : alt} disabled={decorative} onChange={(e) => setAlt(e.target.value)} />
        </Field>
        <label className="nwa-check" htmlFor={`${id}-decorative`}>
          <input
            id={`${id}-decorative`}
            type="checkbox"
            checked={decorative}
            onChange={(e) => {
              setDecorative(e.target.checked);
              setErrors((x) => ({ ...x, alt: undefined }));
            }}
          />
          {T.imageDecorative}
        </label>
      </form>
    </InnerDialog>
  );
}

export interface VideoDialogProps extends EditorDialogProps {
  onApply(video: { src: string; title: string }): void;
}

export function VideoDialog({ onApply, onClose, returnFocus }: VideoDialogProps) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [errors, setErrors] = useState<{ url?: string; title?: string }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const src = newsVideoEmbedUrl(url);
    const next = { url: src ? undefined : T.videoUrlInvalid, title: title.trim() ? undefined : T.videoNameRequired };
    setErrors(next);
    if (!src || next.title) return;
    onApply({ src, title: title.trim() });
  };
  return (
    <InnerDialog title={T.videoTitle} formId={`${id}-form`} submitLabel={T.insert} onClose={onClose} returnFocus={returnFocus}>
      <form id={`${id}-form`} className="nwa-form" noValidate onSubmit={submit}>
        <Field label={T.videoUrl} htmlFor={`${id}-url`} hint={T.videoUrlHint} error={errors.url} required>
          <Input id={`${id}-url`} type="text" inputMode="url" autoComplete="off" data-autofocus value={url} onChange={(e) => setUrl(e.target.value)} />
        </Field>
        <Field label={T.videoName} htmlFor={`${id}-title`} hint={T.videoNameHint} error={errors.title} required>
          <Input id={`${id}-title`} value={title} onChange={(e) => setTitle(e.target.value)} />
        </Field>
      </form>
    </InnerDialog>
  );
}
