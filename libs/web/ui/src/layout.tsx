import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export interface PageContainerProps extends HTMLAttributes<HTMLDivElement> {
  /** Max width: sm 640px, md 880px, lg 1200px (default). */
  size?: 'sm' | 'md' | 'lg';
}

/** Centered, padded max-width container. */
export function PageContainer({ size = 'lg', className, ...props }: PageContainerProps) {
  return <div className={cn('ui-page', `ui-page-${size}`, className)} {...props} />;
}

export interface EmptyStateProps {
  title: string;
  description?: string;
  icon?: ReactNode;
  action?: ReactNode;
  className?: string;
}

export function EmptyState({ title, description, icon, action, className }: EmptyStateProps) {
  return (
    <div className={cn('ui-empty', className)}>
      {icon && (
        <div className="ui-empty-icon" aria-hidden="true">
          {icon}
        </div>
      )}
      <h3 className="ui-empty-title">{title}</h3>
      {description && <p className="ui-empty-description">{description}</p>}
      {action && <div className="ui-empty-action">{action}</div>}
    </div>
  );
}

export interface StatProps {
  label: string;
  value: ReactNode;
  icon?: ReactNode;
  className?: string;
}

/** A stat tile: small label, big value, optional icon. */
export function Stat({ label, value, icon, className }: StatProps) {
  return (
    <div className={cn('ui-stat', className)}>
      <div className="ui-stat-text">
        <div className="ui-stat-label">{label}</div>
        <div className="ui-stat-value">{value}</div>
      </div>
      {icon && (
        <div className="ui-stat-icon" aria-hidden="true">
          {icon}
        </div>
      )}
    </div>
  );
}
