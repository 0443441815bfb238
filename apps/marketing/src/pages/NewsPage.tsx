import { Link } from 'wouter';
import { pathTo } from '@solvr/contracts';
import { PublicNews } from '@solvr/web-news';
import { NEWS as C } from '../content/news';
import { PublicLayout } from '../PublicLayout';

/** Spec section 2, Public News: the list (or one post, /NewsPage?post={slug}) and the sign-up call to action. */
export default function NewsPage() {
  return (
    <PublicLayout>
      <section className="mk-section mk-news">
        <PublicNews title={C.title} />
        <div className="mk-cta-band">
          <h2>{C.ctaTitle}</h2>
          <Link to={pathTo('Signup')} className="ui-btn ui-btn-primary ui-btn-lg">
            {C.ctaButton}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
