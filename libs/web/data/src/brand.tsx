import { createContext, useContext, type ReactNode } from 'react';
import { DEFAULT_BRAND, type Brand } from '@solvr/contracts';

const BrandContext = createContext<Brand>(DEFAULT_BRAND);

export function BrandProvider({ brand, children }: { brand: Brand; children: ReactNode }) {
  return <BrandContext.Provider value={brand}>{children}</BrandContext.Provider>;
}

/** Product, team and contact texts as configured on the server. */
export const useBrand = () => useContext(BrandContext);
