import { lazy, Suspense } from 'react';
import { Spinner } from '@solvr/web-ui';

// Its own chunk: the country and region tables are only fetched by the page that shows this form.
const Form = lazy(() => import('./complete-profile-form'));

/**
 * Complete Profile. The optional password block is shown when the account has no password yet, as the api says
 * (the spec's hasPassword query is only a hint and is not trusted).
 */
export function CompleteProfileForm() {
  return (
    <Suspense
      fallback={
        <div className="acc-bare">
          <Spinner />
        </div>
      }
    >
      <Form />
    </Suspense>
  );
}
