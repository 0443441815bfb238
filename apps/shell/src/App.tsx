import { lazy, Suspense, useEffect, useRef } from 'react';
import { Redirect, Router, useLocation, useSearch } from 'wouter';
import { isPrivatePage, loadingText, MESSAGES, pageTitle, pathTo, resolvePage, ROBOTS_NOINDEX, type PageDef } from '@solvr/contracts';
import { Spinner, Toaster } from '@solvr/web-ui';
import { restoreSession, selectSession, startSessionSync, stopSessionSync, useAppDispatch, useAppSelector, useBrand } from '@solvr/web-data';
import { AccessDenied } from './AccessDenied';
import { useAddressPath, useAddressSearch } from './address';
import { RemotePage } from './RemotePage';

// Public pages (the first load of most visitors) never show it: its code, the accounts library's user menu with it,
// comes when a signed-in page does.
const SignedInLayout = lazy(() => import('./SignedInLayout').then((m) => ({ default: m.SignedInLayout })));

function Loading() {
  const brand = useBrand();
  return (
    <div className="shell-center" role="status">
      <Spinner />
      <p>{loadingText(brand.product)}</p>
    </div>
  );
}

/**
 * After a route change (not the first page load), the keyboard focus goes to the new page's heading, so keyboard
 * and screen-reader users start at the top of what changed. Pages load from their remotes, so it waits (up to a
 * few seconds) for the h1 to appear; it leaves the focus alone if the user has meanwhile put it inside the page.
 */
function useFocusHeadingOnRouteChange(pathname: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const focusHeading = (): boolean => {
      const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      const main = heading.closest('main');
      if (active && active !== document.body && main?.contains(active)) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = setTimeout(() => stop(), 10_000);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
  }, [pathname]);
}

/**
 * A private page's document tells search engines not to list it, as the api's first answer does (the shell's own
 * server, nginx, sends the same index.html for every page).
 */
function markPrivate(page: PageDef) {
  const tag = document.head.querySelector(`meta[name="${ROBOTS_NOINDEX.name}"]`);
  if (!isPrivatePage(page)) return tag?.remove();
  if (tag) return;
  const meta = document.createElement('meta');
  meta.name = ROBOTS_NOINDEX.name;
  meta.content = ROBOTS_NOINDEX.content;
  document.head.append(meta);
}

/** Spec section 2: the last path segment picks the page (case-insensitive), unknown ones fall back to Landing. */
function PageRouter() {
  const [pathname] = useLocation();
  const search = useSearch();
  const brand = useBrand();
  const session = useAppSelector(selectSession);
  const page = resolvePage(pathname, brand.product);
  const denied = page.access !== 'public' && page.access !== 'session-redirect' && session.status === 'signed-out';
  useFocusHeadingOnRouteChange(pathname);

  useEffect(() => {
    document.title = denied ? `${MESSAGES.access.deniedTitle} | ${brand.product}` : pageTitle(page, brand.product);
    markPrivate(page);
  }, [page, brand.product, denied]);

  const content = <RemotePage key={page.page} area={page.area} page={page.page} />;
  if (page.access === 'public') return content;
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') {
    if (page.access === 'session-redirect') return <Redirect to={pathTo('Signin')} replace state={{ from: pathname + (search ? `?${search}` : '') }} />;
    return <AccessDenied />;
  }
  if (page.bare) return content;
  return (
    <Suspense fallback={<Loading />}>
      <SignedInLayout>{content}</SignedInLayout>
    </Suspense>
  );
}

export function App() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    // Listen to the other tabs before asking for a session, so one they share while this tab waits is taken.
    dispatch(startSessionSync());
    void dispatch(restoreSession());
    return () => {
      dispatch(stopSessionSync());
    };
  }, [dispatch]);
  // The browser's address, changes applied as transitions (the server renderer's Router has the request's URL).
  return (
    <Router hook={useAddressPath} searchHook={useAddressSearch}>
      <AppRoutes />
    </Router>
  );
}

/** The page and the toasts, for the browser's address or the server renderer's (a wouter Router with ssrPath). */
export function AppRoutes() {
  return (
    <>
      <PageRouter />
      <Toaster />
    </>
  );
}
