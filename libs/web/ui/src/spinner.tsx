import type { HTMLAttributes } from 'react';
import { cn } from './cn';

export interface SpinnerProps extends HTMLAttributes<HTMLSpanElement> {
  size?: 'sm' | 'md' | 'lg';
  /** Accessible name; default "Loading". */
  label?: string;
}

/** A spinning ring with role="status" and an accessible name (default "Loading"). */
export function Spinner({ size = 'md', label = 'Loading', className, ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-label={label}
      className={cn('ui-spinner', `ui-spinner-${size}`, className)}
      {...props}
    />
  );
}
