import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export type SkeletonProps = HTMLAttributes<HTMLDivElement>;

/** A shimmering placeholder block; size it with className/style. Hidden from assistive technology. */
export function Skeleton({ className, ...props }: SkeletonProps) {
  return <div aria-hidden="true" className={cn('ui-skeleton', className)} {...props} />;
}

export interface SkeletonCardProps extends HTMLAttributes<HTMLDivElement> {
  /** Number of text lines under the title line; default 3. */
  lines?: number;
}

/** A card-shaped group of skeleton lines (`data-testid="skeleton-card"`). */
export function SkeletonCard({ lines = 3, className, ...props }: SkeletonCardProps) {
  return (
    <div aria-hidden="true" data-testid="skeleton-card" className={cn('ui-card ui-skeleton-card', className)} {...props}>
      <Skeleton className="ui-skeleton-title" />
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('ui-skeleton-line', i === lines - 1 && 'ui-skeleton-line-short')} />
      ))}
    </div>
  );
}
