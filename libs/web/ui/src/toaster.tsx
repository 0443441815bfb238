import { cn } from './cn';
import { Icon } from './icons';
import { dismiss, pauseToast, resumeToast, useToast, type ToasterToast } from './toast';

function ToastItem({ t }: { t: ToasterToast }) {
  const variant = t.variant ?? 'default';
  return (
    <div
      role="status"
      aria-atomic="true"
      className={cn('ui-toast', `ui-toast-${variant}`)}
      data-variant={variant}
      onMouseEnter={() => pauseToast(t.id)}
      onMouseLeave={() => resumeToast(t.id)}
      onFocus={() => pauseToast(t.id)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) resumeToast(t.id);
      }}
    >
      {variant !== 'default' && <Icon name={variant === 'success' ? 'success' : 'error'} className="ui-toast-icon" />}
      <div className="ui-toast-body">
        {t.title && <div className="ui-toast-title">{t.title}</div>}
        {t.description && <div className="ui-toast-description">{t.description}</div>}
      </div>
      <button type="button" className="ui-toast-close" aria-label="Close" onClick={() => dismiss(t.id)}>
        <Icon name="x" />
      </button>
    </div>
  );
}

/** Renders the open toasts, newest first, in a fixed viewport (bottom-right; full width on small screens). Mount once. */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <div role="region" aria-label="Notifications" className="ui-toast-viewport">
      {toasts
        .filter((t) => t.open)
        .map((t) => (
          <ToastItem key={t.id} t={t} />
        ))}
    </div>
  );
}
