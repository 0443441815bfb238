// Compiled into every frontend bundle on its own (it is deliberately NOT a shared module): it resolves one export of
// each shared library as this bundle sees it, so the shell can check there is only one instance in the browser.
// It loads the libraries only when called (the e2e suite calls it), so no page pays for libraries it does not use.
export type Probe = () => Promise<Record<string, unknown>>;

export const probe: Probe = async () => {
  const [react, reactDom, router, ui, data, accounts, files, releases, news] = await Promise.all([
    import('react'),
    import('react-dom'),
    import('wouter'),
    import('@solvr/web-ui'),
    import('@solvr/web-data'),
    import('@solvr/web-accounts'),
    import('@solvr/web-files'),
    import('@solvr/web-releases'),
    import('@solvr/web-news'),
  ]);
  return {
    react: react.useState,
    'react-dom': reactDom.createPortal,
    wouter: router.useLocation,
    '@solvr/web-ui': ui.Button,
    // Redux, RTK and react-redux are @solvr/web-data's own (lint keeps them there): one web-data, one store.
    '@solvr/web-data': data.StoreProvider,
    '@solvr/web-accounts': accounts.accountsApi,
    '@solvr/web-files': files.filesApi,
    '@solvr/web-releases': releases.releasesApi,
    '@solvr/web-news': news.newsApi,
  };
};
