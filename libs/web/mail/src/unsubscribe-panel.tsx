import { useEffect, useRef } from 'react';
import { UNSUBSCRIBE_TEXTS as T } from '@solvr/contracts';
import { Alert, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, Spinner } from '@solvr/web-ui';
import { useSetSubscribedMutation } from './mail.api';

/**
 * Where a campaign mail's unsubscribe link leads: opening it opts the user out (the page's code POSTs the
 * unsubscribe once, so a scanner's or prefetcher's GET of the link changes nothing) and the page says so, with the
 * way back in. Mail providers use the one-click POST (RFC 8058) instead.
 */
export function UnsubscribePanel({ token }: { token: string }) {
  const [setSubscribed, change] = useSetSubscribedMutation();
  const sent = useRef('');
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    void setSubscribed({ token, subscribed: false });
  }, [token, setSubscribed]);
  const view = change.data;

  if (!token || change.isError || !view || change.isLoading) {
    const invalid = !token || change.isError;
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
