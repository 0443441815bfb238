import { useId, useState } from 'react';
import { adminNewsPreview, formatListDate, type NewsView } from '@solvr/contracts';
import { Badge, Button, toast } from '@solvr/web-ui';
import { ConfirmDialog } from '@solvr/web-ui/forms';
import { useDeleteNewsMutation, useSetNewsFlagsMutation } from './news-admin.api';
import { NEWS_ADMIN_TEXTS as T } from './texts';

/** Spec section 8: toggle and delete failures are logged; a toast tells the admin too. */
function reportFailure(what: string, err: unknown, text: string) {
  console.error(what, err);
  toast({ variant: 'error', title: text });
}

export interface NewsAdminCardProps {
  post: NewsView;
  /** The author shown when the post has none. */
  teamName: string;
  onEdit(post: NewsView): void;
  /** After the post was deleted (its card is about to go). */
  onDeleted?(): void;
}

/** One post of the admin News tab: Featured and Published/Draft badges, the publish switch, Edit and Delete. */
export function NewsAdminCard({ post, teamName, onEdit, onDeleted }: NewsAdminCardProps) {
  const titleId = useId();
  const [confirming, setConfirming] = useState(false);
  const [setFlags, { isLoading: toggling }] = useSetNewsFlagsMutation();
  const [deleteNews] = useDeleteNewsMutation();

  const togglePublished = (is_published: boolean) =>
    setFlags({ id: post.id, is_published })
      .unwrap()
      .catch((err) => reportFailure('Could not change the news post', err, T.toggleFailed));

  const remove = () =>
    deleteNews(post.id)
      .unwrap()
      .then(() => onDeleted?.())
      .catch((err) => {
        reportFailure('Could not delete the news post', err, T.deleteFailed);
        // Keeps the dialog open.
        throw err;
      });

  return (
    <article className="ui-card nwa-post" aria-labelledby={titleId}>
      <div className="nwa-post-head">
        <h3 id={titleId} className="nwa-post-title">
          {post.title}
        </h3>
        <div className="nwa-badges">
          {post.is_featured && <Badge>{T.featured}</Badge>}
          <Badge variant={post.is_published ? 'success' : 'secondary'}>{post.is_published ? T.published : T.draft}</Badge>
        </div>
      </div>
      <p className="nwa-post-meta">
        <time dateTime={post.created_date}>{formatListDate(post.created_date)}</time>
        <span aria-hidden="true"> · </span>
        <span className="ui-sr-only">, </span>
        {T.by(post.author.trim() || teamName)}
      </p>
      {/* Spec section 2: the first 200 characters of the content, shown as HTML. The api sanitised it on write; a tag
          cut in two at the end is dropped by the browser's parser. */}
      <div className="nw-content nwa-post-preview" dangerouslySetInnerHTML={{ __html: adminNewsPreview(post.content) }} />
      <div className="nwa-post-actions">
        <label className="nwa-switch">
          <input
            type="checkbox"
            role="switch"
            checked={post.is_published}
            aria-label={T.publishLabel(post.title)}
            aria-busy={toggling || undefined}
            onChange={(e) => togglePublished(e.target.checked)}
          />
          <span className="nwa-switch-track" aria-hidden="true" />
          <span className="nwa-switch-text" aria-hidden="true">
            {T.publishedLabel}
          </span>
        </label>
        <span className="nwa-post-buttons">
          <Button size="sm" variant="outline" aria-label={T.editLabel(post.title)} onClick={() => onEdit(post)}>
            {T.editButton}
          </Button>
          <Button size="sm" variant="danger" aria-label={T.deleteLabel(post.title)} onClick={() => setConfirming(true)}>
            {T.deleteButton}
          </Button>
        </span>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={T.deleteTitle}
        description={T.deleteBody(post.title)}
        confirmLabel={T.deleteButton}
        pendingLabel={T.deleting}
        cancelLabel={T.cancel}
        onConfirm={remove}
      />
    </article>
  );
}
