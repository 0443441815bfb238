import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_PUBLIC_CONFIG, type PublicConfig } from '@solvr/contracts';

/** What the api told the web before sign-in (GET /api/public-config; the type lives in @solvr/contracts). */
const PublicConfigContext = createContext<PublicConfig>(DEFAULT_PUBLIC_CONFIG);

export function PublicConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={config}>{children}</PublicConfigContext.Provider>;
}

export const usePublicConfig = () => useContext(PublicConfigContext);

/** Product, team and contact texts as configured on the server. */
export const useBrand = () => useContext(PublicConfigContext).brand;
