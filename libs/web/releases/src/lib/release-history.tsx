import { useId } from 'react';
import { assetKindOf, channelLabel, RELEASE_HISTORY_TEXTS as T, type ReleaseVersionView } from '@solvr/contracts';
import { Badge, Card, CardContent, CardHeader, CardTitle } from '@solvr/web-ui';
import { useBrand } from '@solvr/web-data';
import { useReleaseHistoryQuery } from '../releases.api';
import { listDate } from '@solvr/web-files';
import { ReleaseFileList, VersionList } from './release-files';

/** What a visitor downloads: installers and update packages, not the block maps and Squirrel files updaters read. */
const forPeople = (v: ReleaseVersionView) => v.files.filter((f) => assetKindOf(f.file_name) === 'installer');

function VersionEntry({ version }: { version: ReleaseVersionView }) {
  const brand = useBrand();
  const titleId = useId();
  const files = forPeople(version);
  const date = listDate(version.date);
  return (
    <Card role="article" aria-labelledby={titleId} className="fl-history-entry">
      <CardHeader className="fl-history-head">
        <CardTitle as="h2" id={titleId}>
          {T.version(brand.product, version.version)}
        </CardTitle>
        <div className="fl-badges">
          <Badge variant={version.channel === 'stable' ? 'success' : 'warning'}>{channelLabel(version.channel)}</Badge>
          {date && (
            <time className="fl-muted fl-small" dateTime={version.date}>
              {date}
            </time>
          )}
        </div>
      </CardHeader>
      <CardContent className="fl-stack">
        {/* The notes' Markdown as the api rendered and sanitised it (formatting, lists, code and links only). */}
        {version.notes_html && <div className="fl-notes" dangerouslySetInnerHTML={{ __html: version.notes_html }} />}
        {files.length > 0 && (
          <div className="fl-stack-sm">
            <h3 className="fl-history-files">{T.files}</h3>
            <ReleaseFileList files={files} linked />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** The public release history (/Releases): every published version, newest first, with its notes and files. */
export function ReleaseHistory() {
  const query = useReleaseHistoryQuery();
  return (
    <div className="fl-page">
      <div className="fl-heading">
        <h1>{T.title}</h1>
        <p className="fl-muted">{T.intro}</p>
      </div>
      <VersionList query={query} texts={T} renderVersion={(v) => <VersionEntry version={v} />} />
    </div>
  );
}
