import type { ReactNode } from 'react';
import { formatFileSize, PLATFORM_LABELS, RELEASES_ADMIN_TEXTS, type ReleaseFileView, type ReleaseVersionView } from '@solvr/contracts';
import { EmptyState, SkeletonCard } from '@solvr/web-ui';
import { LoadFailed } from '@solvr/web-files';
import './release-files.css';

export interface ReleaseFileListProps {
  files: readonly ReleaseFileView[];
  /** Public: each name links to its download. The console lists them with their download counts instead. */
  linked?: boolean;
}

/** A version's files: name, then platform, architecture and size (and, in the console, how often it was downloaded). */
export function ReleaseFileList({ files, linked = false }: ReleaseFileListProps) {
  return (
    <ul className="rf-files">
      {files.map((f) => {
        const facts = [PLATFORM_LABELS[f.platform], f.arch, formatFileSize(f.size)];
        if (!linked) facts.push(RELEASES_ADMIN_TEXTS.fileDownloads(f.download_count));
        return (
          <li key={f.id} className="rf-file">
            {linked ? <a href={f.url}>{f.file_name}</a> : <span className="rf-file-name">{f.file_name}</span>}
            <span className="rf-file-facts">{facts.join(' · ')}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Cards of skeleton lines while versions load, with the loading text for screen readers. */
function LoadingVersions({ text }: { text: string }) {
  return (
    <div className="rf-loading" role="status">
      <span className="ui-sr-only">{text}</span>
      <SkeletonCard lines={4} />
      <SkeletonCard lines={4} />
    </div>
  );
}

export interface VersionListProps {
  /** The versions' query (the public history or the console's list). */
  query: { data?: readonly ReleaseVersionView[]; isLoading: boolean; refetch(): unknown };
  texts: { loading: string; empty: string; loadFailed: string; retry: string };
  className?: string;
  renderVersion(version: ReleaseVersionView): ReactNode;
}

/** Versions as the api orders them (newest first), or what there is instead: loading, could not load (Retry), none. */
export function VersionList({ query, texts, className, renderVersion }: VersionListProps) {
  if (query.isLoading) return <LoadingVersions text={texts.loading} />;
  if (!query.data) return <LoadFailed text={texts.loadFailed} retryLabel={texts.retry} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) return <EmptyState title={texts.empty} />;
  return (
    <ol className={className ? `rf-versions ${className}` : 'rf-versions'}>
      {query.data.map((v) => (
        <li key={`${v.channel} ${v.version}`}>{renderVersion(v)}</li>
      ))}
    </ol>
  );
}
