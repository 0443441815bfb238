import { lazy, Suspense } from 'react';
import { Spinner } from '@solvr/web-ui';

// Its own chunk: the country and region tables are only fetched by the page that shows this form.
const Form = lazy(() => import('./complete-profile-form'));

/** Complete Profile; `askPassword` when the account has no password yet (spec: hasPassword=no). */
export function CompleteProfileForm({ askPassword }: { askPassword: boolean }) {
  return (
    <Suspense
      fallback={
        <div className="acc-bare">
          <Spinner />
        </div>
      }
    >
      <Form askPassword={askPassword} />
    </Suspense>
  );
}
