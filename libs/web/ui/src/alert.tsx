import { forwardRef, useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { cn } from './cn';
import { Icon } from './icons';

export type AlertVariant = 'info' | 'success' | 'error';

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: AlertVariant;
  title?: ReactNode;
}

/** An inline message box. The error variant is role="alert"; the others are role="status". */
export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert({ variant = 'info', title, className, children, ...props }, ref) {
  return (
    <div ref={ref} role={variant === 'error' ? 'alert' : 'status'} className={cn('ui-alert', `ui-alert-${variant}`, className)} {...props}>
      <Icon name={variant === 'error' ? 'error' : variant === 'success' ? 'success' : 'info'} className="ui-alert-icon" />
      <div className="ui-alert-body">
        {title && <div className="ui-alert-title">{title}</div>}
        {children && <div className="ui-alert-text">{children}</div>}
      </div>
    </div>
  );
});

export interface ErrorSummaryProps {
  /** The form's error; nothing is shown while it is empty. */
  message: string;
  /** Changes on every failed submit, so a repeated message takes focus again. */
  attempt?: number;
  className?: string;
}

/**
 * The error of a form after a failed submit: an error Alert that takes the keyboard focus when it appears (and on
 * every later failed attempt), so screen-reader and keyboard users land on what went wrong.
 */
export function ErrorSummary({ message, attempt, className }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message, attempt]);
  if (!message) return null;
  return (
    <Alert ref={ref} variant="error" tabIndex={-1} className={cn('ui-error-summary', className)}>
      {message}
    </Alert>
  );
}
