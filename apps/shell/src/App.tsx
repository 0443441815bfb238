import { useEffect } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { loadingText, pageSegment, pathTo, resolvePage } from '@solvr/contracts';
import { Spinner, Toaster } from '@solvr/web-ui';
import { restoreSession, selectSession, useAppDispatch, useAppSelector, useBrand } from '@solvr/web-data';
import { AccessDenied } from './AccessDenied';
import { RemotePage } from './RemotePage';
import { SignedInLayout } from './SignedInLayout';

function Loading() {
  const brand = useBrand();
  return (
    <div className="shell-center" role="status">
      <Spinner />
      <p>{loadingText(brand.product)}</p>
    </div>
  );
}

/** Spec section 2: the last path segment picks the page (case-insensitive), unknown ones fall back to Landing. */
function PageRouter() {
  const { pathname, search } = useLocation();
  const brand = useBrand();
  const session = useAppSelector(selectSession);
  const page = resolvePage(pathname, brand.product);

  useEffect(() => {
    document.title = `${pageSegment(page, brand.product)} | ${brand.product}`;
  }, [page, brand.product]);

  const content = <RemotePage key={page.page} area={page.area} page={page.page} />;
  if (page.access === 'public') return content;
  if (session.status === 'loading') return <Loading />;
  if (session.status === 'signed-out') {
    if (page.access === 'session-redirect') return <Navigate to={pathTo('Signin')} replace state={{ from: pathname + search }} />;
    return <AccessDenied />;
  }
  return page.bare ? content : <SignedInLayout>{content}</SignedInLayout>;
}

export function App() {
  const dispatch = useAppDispatch();
  useEffect(() => {
    void dispatch(restoreSession());
  }, [dispatch]);
  return (
    <BrowserRouter>
      <Routes>
        <Route path="*" element={<PageRouter />} />
      </Routes>
      <Toaster />
    </BrowserRouter>
  );
}
