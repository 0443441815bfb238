import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';
import { Icon } from './icons';

export type AlertVariant = 'info' | 'success' | 'error';

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  variant?: AlertVariant;
  title?: ReactNode;
}

/** An inline message box. The error variant is role="alert"; the others are role="status". */
export function Alert({ variant = 'info', title, className, children, ...props }: AlertProps) {
  return (
    <div role={variant === 'error' ? 'alert' : 'status'} className={cn('ui-alert', `ui-alert-${variant}`, className)} {...props}>
      <Icon name={variant === 'error' ? 'error' : variant === 'success' ? 'success' : 'info'} className="ui-alert-icon" />
      <div className="ui-alert-body">
        {title && <div className="ui-alert-title">{title}</div>}
        {children && <div className="ui-alert-text">{children}</div>}
      </div>
    </div>
  );
}
