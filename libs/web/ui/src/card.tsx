import type { HTMLAttributes } from 'react';
import { cn } from './cn';

type DivProps = HTMLAttributes<HTMLDivElement>;

export function Card({ className, ...props }: DivProps) {
  return <div className={cn('ui-card', className)} {...props} />;
}

export function CardHeader({ className, ...props }: DivProps) {
  return <div className={cn('ui-card-header', className)} {...props} />;
}

export interface CardTitleProps extends HTMLAttributes<HTMLHeadingElement> {
  /** The heading level: h3 by default; h1 when the card is the page (sign-in, Access Denied), h2 for a page's sections, h4 under an h3. */
  as?: 'h1' | 'h2' | 'h3' | 'h4';
}

export function CardTitle({ className, as: Heading = 'h3', ...props }: CardTitleProps) {
  return <Heading className={cn('ui-card-title', className)} {...props} />;
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
