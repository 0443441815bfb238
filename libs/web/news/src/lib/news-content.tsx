import { useEffect, useRef } from 'react';
import { cn } from '@solvr/web-ui';

export interface NewsContentProps {
  /** News HTML as the api stores it. */
  html: string;
  className?: string;
}

/**
 * A post's HTML. Safe to insert as it is: the api sanitises news HTML when it is written (see
 * libs/server/news/src/news-html.ts). Tables scroll sideways on narrow screens, so each is made keyboard-focusable
 * (after render: a server renderer's markup is the same without it).
 */
export function NewsContent({ html, className }: NewsContentProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.querySelectorAll('table').forEach((table) => {
      if (!table.hasAttribute('tabindex')) table.tabIndex = 0;
    });
  }, [html]);
  return <div ref={ref} className={cn('nw-content', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
