import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_BRAND, type Brand } from '@solvr/contracts';

/** What the api tells the web before sign-in (GET /api/public-config). */
export interface PublicConfig {
  brand: Brand;
  googleEnabled: boolean;
}

export const DEFAULT_PUBLIC_CONFIG: PublicConfig = { brand: DEFAULT_BRAND, googleEnabled: false };

const PublicConfigContext = createContext<PublicConfig>(DEFAULT_PUBLIC_CONFIG);

export function PublicConfigProvider({ config, children }: { config: PublicConfig; children: ReactNode }) {
  return <PublicConfigContext.Provider value={config}>{children}</PublicConfigContext.Provider>;
}

export const usePublicConfig = () => useContext(PublicConfigContext);

/** Product, team and contact texts as configured on the server. */
export const useBrand = () => useContext(PublicConfigContext).brand;
