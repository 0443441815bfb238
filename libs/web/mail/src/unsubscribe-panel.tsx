import { UNSUBSCRIBE_TEXTS as T } from '@solvr/contracts';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from '@solvr/web-ui';
import { useSetSubscribedMutation, useSubscriptionQuery } from './mail.api';

/**
 * Where a campaign mail's unsubscribe link leads: one click opts the user out and the page says so, with the way
 * back in. Opening the link alone changes nothing (mail scanners open links); mail providers use the one-click POST.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const status = useSubscriptionQuery(token, { skip: !token });
  const [setSubscribed, change] = useSetSubscribedMutation();
  const view = change.data ?? status.data;

  if (!token || status.isError || !view || change.isLoading) {
    const invalid = !token || status.isError;
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">{T.title}</CardTitle>
        </CardHeader>
        <CardContent>
          {invalid ? (
            <Alert variant="error" role="alert">
              {T.invalid}
            </Alert>
          ) : (
            <Spinner label={T.title} />
          )}
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">{view.subscribed ? T.subscribed : T.unsubscribed}</CardTitle>
        <CardDescription>{view.subscribed ? T.subscribedText(view.email) : T.unsubscribedText(view.email)}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button variant={view.subscribed ? 'outline' : 'primary'} onClick={() => void setSubscribed({ token, subscribed: !view.subscribed })}>
          {view.subscribed ? T.unsubscribe : T.resubscribe}
        </Button>
      </CardContent>
    </Card>
  );
}
