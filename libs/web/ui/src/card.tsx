import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...props }: DivProps) {
  return <div className={cn('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={cn('ui-card-header', className)} {...props} />;
}

/** Renders an h3. */
export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cn('ui-card-title', className)} {...props} />;
}

export function CardDescription({ className, ...props }: DivProps) {
  return <div className={cn('ui-card-description', className)} {...props} />;
}

export function CardContent({ className, ...props }: DivProps) {
  return <div className={cn('ui-card-content', className)} {...props} />;
}

export function CardFooter({ className, ...props }: DivProps) {
  return <div className={cn('ui-card-footer', className)} {...props} />;
}
