import { Link } from 'wouter';
import { MARKETING_TEXTS } from '@solvr/contracts';
import { Button } from '@solvr/web-ui';

const T = MARKETING_TEXTS.news;

export interface PagerProps {
  page: number;
  pages: number;
  /** The nav's accessible name. */
  label?: string;
  /** Real links (the public page: each page has its own address)… */
  hrefFor?: (page: number) => string;
  /** …or buttons (the admin console's local state). */
  onPage?: (page: number) => void;
}

/** Newer/older pages of a newest-first list; nothing when everything fits on one page. */
export function Pager({ page, pages, label = T.pagesLabel, hrefFor, onPage }: PagerProps) {
  if (pages <= 1 && page <= 1) return null;
  const control = (target: number, text: string, rel: 'prev' | 'next') =>
    hrefFor ? (
      <Link to={hrefFor(target)} rel={rel} className="ui-btn ui-btn-outline ui-btn-sm">
        {text}
      </Link>
    ) : (
      <Button variant="outline" size="sm" onClick={() => onPage?.(target)}>
        {text}
      </Button>
    );
  return (
    <nav className="nw-pager" aria-label={label}>
      {/* Past the last page (an old address), "newer" leads back to the last one. */}
      <span className="nw-pager-side">{page > 1 && control(Math.min(page - 1, pages), T.previous, 'prev')}</span>
      <span className="nw-pager-status">{page <= pages && T.pageOf(page, pages)}</span>
      <span className="nw-pager-side nw-pager-end">{page < pages && control(page + 1, T.next, 'next')}</span>
    </nav>
  );
}
