import { Link } from 'wouter';
import { pathTo, proofVideo } from '@solvr/contracts';
import { Card, CardDescription, CardHeader, CardTitle } from '@solvr/web-ui';
import { usePublicConfig } from '@solvr/web-data';
import { PROOF as C } from '../content/proof';
import { PublicLayout } from '../PublicLayout';

/**
 * Proof (spec section 2): the embedded demo video (with a plain link to it), three feature cards, Start for FREE.
 * Without a video configured (PROOF_VIDEO_ID) the page has no video frame.
 */
export default function Proof() {
  const { brand, proofVideoId } = usePublicConfig();
  const video = proofVideoId ? proofVideo(proofVideoId) : null;
  return (
    <PublicLayout>
      <section className="mk-section">
        <h1>{C.title}</h1>
        <p className="mk-lead mk-lead-left">{C.lead(brand)}</p>
        {video && (
          <figure className="mk-video-figure">
            <div className="mk-video">
              <iframe
                src={video.embedUrl}
                title={C.videoTitle(brand)}
                loading="lazy"
                allow="encrypted-media; picture-in-picture; fullscreen"
                referrerPolicy="strict-origin-when-cross-origin"
              />
            </div>
            <figcaption>
              <a href={video.watchUrl} target="_blank" rel="noopener noreferrer">
                {C.watchFallback}
              </a>
            </figcaption>
          </figure>
        )}
        <div className="mk-grid-3">
          {C.cards.map((c) => (
            <Card key={c.title}>
              <CardHeader>
                <CardTitle as="h2">{c.title}</CardTitle>
                <CardDescription>{c.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
        <div className="mk-cta-band">
          <Link className="mk-cta" to={pathTo('Signin')}>
            {C.startFree}
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}
