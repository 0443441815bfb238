import { Component, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { MESSAGES, type PageArea } from '@solvr/contracts';
import { Alert, Button, Card, CardContent, PageContainer, Spinner } from '@solvr/web-ui';
import { loadArea, loadedArea } from './remotes';
import { recordSingletons } from './singletons';

type LoadState = { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; Page: ComponentType };

function RemoteError({ area, error, onRetry }: { area: PageArea; error: string; onRetry: () => void }) {
  return (
    <PageContainer>
      <Card className="shell-remote-error" data-testid={`remote-error-${area}`}>
        <CardContent>
          <Alert variant="error" title={MESSAGES.remote.failed}>
            {error}
          </Alert>
          <Button onClick={onRetry}>{MESSAGES.remote.retry}</Button>
        </CardContent>
      </Card>
    </PageContainer>
  );
}

/** A page that crashed while rendering is contained here; the rest of the shell keeps working. */
class PageBoundary extends Component<{ area: PageArea; onRetry: () => void; children: ReactNode }, { error: string | null }> {
  state = { error: null as string | null };
  static getDerivedStateFromError(err: Error) {
    return { error: err.message };
  }
  render() {
    if (this.state.error)
      return (
        <RemoteError
          area={this.props.area}
          error={this.state.error}
          onRetry={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        />
      );
    return this.props.children;
  }
}

/** Loads the page from its remote at run time; a remote that is down shows an error with Retry. */
export function RemotePage({ area, page }: { area: PageArea; page: string }) {
  // An area already loaded (the page the server rendered, or one visited before) renders at once, with no spinner.
  const [state, setState] = useState<LoadState>(() => {
    const Page = loadedArea(area)?.pages[page];
    return Page ? { status: 'ready', Page } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  const startedReady = useRef(state.status === 'ready');

  useEffect(() => {
    let live = true;
    const ready = loadedArea(area);
    if (startedReady.current && ready) {
      startedReady.current = false;
      recordSingletons(area, ready.probe);
      return;
    }
    setState({ status: 'loading' });
    loadArea(area, attempt > 0).then(
      (mod) => {
        recordSingletons(area, mod.probe);
        const Page = mod.pages[page];
        if (!live) return;
        setState(Page ? { status: 'ready', Page } : { status: 'failed', error: `The ${area} area has no page ${page}.` });
      },
      (err: Error) => live && setState({ status: 'failed', error: err.message }),
    );
    return () => {
      live = false;
    };
  }, [area, page, attempt]);

  const retry = () => setAttempt((n) => n + 1);
  if (state.status === 'loading')
    return (
      <div className="shell-page-loading">
        <Spinner />
      </div>
    );
  if (state.status === 'failed') return <RemoteError area={area} error={state.error} onRetry={retry} />;
  const { Page } = state;
  return (
    <PageBoundary area={area} onRetry={retry}>
      <div data-area={area}>
        <Suspense fallback={<div className="shell-page-loading"><Spinner /></div>}>
          <Page />
        </Suspense>
      </div>
    </PageBoundary>
  );
}
