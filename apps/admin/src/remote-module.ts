import { lazy } from 'react';
import type { RemoteModule } from '@solvr/web-data';
import './admin.css';

export const pages: RemoteModule['pages'] = {
  Admin: lazy(() => import('./pages/Admin')),
};

export { probe } from '@solvr/singleton-probe';
