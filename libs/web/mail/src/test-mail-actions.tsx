import { TEST_MAIL_TEXTS as T } from '@solvr/contracts';
import { Button, toast } from '@solvr/web-ui';
import { apiMessage, useSendTestMailMutation } from './mail.api';

/** The Overview's Test Email and Test Contact Email: each waits for the real send and says how it went. */
export function TestMailActions() {
  const [send, state] = useSendTestMailMutation();
  const run = async (kind: 'email' | 'contact') => {
    const result = await send({ kind });
    if ('error' in result) {
      const message = apiMessage(result.error) ?? 'the server did not answer';
      toast({ variant: 'error', title: kind === 'email' ? T.error(message) : T.contactError(message) });
    } else toast({ variant: 'success', title: kind === 'email' ? T.success(result.data.to) : T.contactSuccess(result.data.to) });
  };
  return (
    <div className="ml-toolbar">
      <Button variant="outline" disabled={state.isLoading} onClick={() => void run('email')}>
        {T.testEmail}
      </Button>
      <Button variant="outline" disabled={state.isLoading} onClick={() => void run('contact')}>
        {T.testContactEmail}
      </Button>
    </div>
  );
}
