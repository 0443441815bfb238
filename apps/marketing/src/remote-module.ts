import { lazy } from 'react';
import type { RemoteModule } from '@solvr/web-data';
import './marketing.css';

export const pages: RemoteModule['pages'] = {
  Landing: lazy(() => import('./pages/Landing')),
  Signin: lazy(() => import('./pages/Signin')),
  Signup: lazy(() => import('./pages/Signup')),
  VerifyYourEmail: lazy(() => import('./pages/VerifyYourEmail')),
  VerifyThankYou: lazy(() => import('./pages/VerifyThankYou')),
  ResetPassword: lazy(() => import('./pages/ResetPassword')),
  NewsPage: lazy(() => import('./pages/NewsPage')),
  About: lazy(() => import('./pages/About')),
  Proof: lazy(() => import('./pages/Proof')),
  HowItWorks: lazy(() => import('./pages/HowItWorks')),
};

export { probe } from '@solvr/singleton-probe';
