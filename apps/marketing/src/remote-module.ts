import { preloadablePages } from '@solvr/web-data';
import './marketing.css';

// Every page here is public; the api renders the content pages (SSR_PAGES) on the server, and preload lets the browser
// hydrate that HTML.
export const { pages, preload } = preloadablePages({
  Landing: () => import('./pages/Landing'),
  Signin: () => import('./pages/Signin'),
  Signup: () => import('./pages/Signup'),
  VerifyYourEmail: () => import('./pages/VerifyYourEmail'),
  VerifyThankYou: () => import('./pages/VerifyThankYou'),
  ResetPassword: () => import('./pages/ResetPassword'),
  NewsPage: () => import('./pages/NewsPage'),
  About: () => import('./pages/About'),
  Proof: () => import('./pages/Proof'),
  HowItWorks: () => import('./pages/HowItWorks'),
  Releases: () => import('./pages/Releases'),
  Unsubscribe: () => import('./pages/Unsubscribe'),
});

export const build = process.env.BUILD_LABEL;

export { probe } from '@solvr/singleton-probe';
