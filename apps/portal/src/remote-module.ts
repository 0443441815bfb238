import { lazy } from 'react';
import type { RemoteModule } from '@solvr/web-data';
import './portal.css';

export const pages: RemoteModule['pages'] = {
  Dashboard: lazy(() => import('./pages/Dashboard')),
  CompleteProfile: lazy(() => import('./pages/CompleteProfile')),
  ProductDownload: lazy(() => import('./pages/ProductDownload')),
  Downloads: lazy(() => import('./pages/Downloads')),
  MigrationGuide: lazy(() => import('./pages/MigrationGuide')),
  Help: lazy(() => import('./pages/Help')),
  Contact: lazy(() => import('./pages/Contact')),
  PaymentSuccess: lazy(() => import('./pages/PaymentSuccess')),
  PaymentCancelled: lazy(() => import('./pages/PaymentCancelled')),
};

export { probe } from '@solvr/singleton-probe';
