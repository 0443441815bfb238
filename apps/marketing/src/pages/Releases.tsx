import { ReleaseHistory } from '@solvr/web-releases';
import { PublicLayout } from '../PublicLayout';

/** The release history (issue 28): every published version of the desktop app with its notes and downloads. */
export default function Releases() {
  return (
    <PublicLayout>
      <section className="mk-section">
        <ReleaseHistory />
      </section>
    </PublicLayout>
  );
}
