// Helpers every test tier shares: the api e2e specs, the Playwright suite and the bench (which loads this through
// jiti). Only Node built-ins and test-only packages here; nothing of the product.
export * from './processes';
export * from './smtp-sink';
export * from './stripe';
export * from './oauth';
