import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'wouter';
import { isCheckoutSessionId, PAYMENT_TEXTS as T, pathTo, PORTAL_TEXTS, type CheckoutStatus } from '@solvr/contracts';
import { Alert, Button, Card, CardContent, Spinner } from '@solvr/web-ui';
import { useAppDispatch } from '@solvr/web-data';
import { filesApi, useCheckoutStatusQuery, useLibraryFileQuery } from '../files.api';
import { useDownload } from '../library/use-download';

/** How often the success page asks whether the payment is confirmed, and when it says that it takes long. */
export const PAYMENT_POLL_MS = 2000;
export const PAYMENT_SLOW_MS = 30_000;

/** True once `ms` have passed since the page opened. */
function useAfter(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

function BackToDownloads({ label = T.backToDownloads, variant = 'outline' }: { label?: string; variant?: 'outline' | 'primary' }) {
  const [, navigate] = useLocation();
  return (
    <Button variant={variant} onClick={() => navigate(pathTo('Downloads'))}>
      {label}
    </Button>
  );
}

function PaymentPanel({ title, children, busy = false }: { title: string; children: ReactNode; busy?: boolean }) {
  return (
    <Card className="fl-payment" aria-busy={busy || undefined}>
      <CardContent className="fl-payment-body">
        {busy && <Spinner size="lg" label={title} />}
        <h1>{title}</h1>
        {children}
      </CardContent>
    </Card>
  );
}

/** The bought file's Download, with its name once known. */
function PaidFile({ fileId }: { fileId: string }) {
  const file = useLibraryFileQuery(fileId);
  const { download, pending, failure } = useDownload();
  return (
    <>
      <p className="fl-muted">{T.successBody(file.data?.name ?? null)}</p>
      <div className="fl-payment-actions">
        <Button onClick={() => void download(fileId)} loading={pending.has(fileId)}>
          {PORTAL_TEXTS.downloads.download}
        </Button>
        <BackToDownloads label={T.goToDownloads} />
      </div>
      {failure && (
        <p role="alert" className="fl-error">
          {failure.message}
        </p>
      )}
    </>
  );
}

/** The answers that end the wait without a download, by the status the api gave. */
const ENDED: Partial<Record<CheckoutStatus['status'], { title: string; body: string }>> = {
  refunded: { title: T.refundedTitle, body: T.refundedBody },
  expired: { title: T.expiredTitle, body: T.expiredBody },
};
const MISSING = (unknown: boolean) => ({ title: T.missingTitle, body: unknown ? T.sessionNotFound : T.missingBody });

/**
 * /PaymentSuccess?session_id=…: where the provider's checkout returns. The address proves nothing, so the page asks the
 * api (every PAYMENT_POLL_MS) until it answers paid, refunded or expired, with a spinner and a sentence meanwhile.
 */
export function PaymentSuccessView() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const valid = isCheckoutSessionId(sessionId);
  const dispatch = useAppDispatch();
  const [final, setFinal] = useState<CheckoutStatus | null>(null);
  const status = useCheckoutStatusQuery(sessionId, { skip: !valid || final !== null, pollingInterval: PAYMENT_POLL_MS, refetchOnMountOrArgChange: true });
  const slow = useAfter(PAYMENT_SLOW_MS);
  const errorStatus = (status.error as { status?: unknown } | undefined)?.status;
  const missing = !valid || errorStatus === 404 || errorStatus === 400;

  useEffect(() => {
    const answer = status.data;
    if (!answer || answer.status === 'pending') return;
    setFinal(answer);
    // The library and its figures change with a purchase or a refund.
    dispatch(filesApi.util.invalidateTags(['Files', 'FilesSummary']));
  }, [status.data, dispatch]);

  if (final?.status === 'paid')
    return (
      <PaymentPanel title={T.successTitle}>
        <PaidFile fileId={final.file_id} />
      </PaymentPanel>
    );
  const ended = missing ? MISSING(errorStatus === 404) : final && ENDED[final.status];
  if (ended)
    return (
      <PaymentPanel title={ended.title}>
        <p className="fl-muted">{ended.body}</p>
        <BackToDownloads />
      </PaymentPanel>
    );
  return (
    <PaymentPanel title={T.confirmingTitle} busy>
      <p className="fl-muted" role="status" aria-live="polite">
        {T.confirmingBody}
      </p>
      {slow && <p className="fl-muted">{T.stillConfirming}</p>}
      {status.isError && <Alert variant="info">{T.statusFailed}</Alert>}
      <BackToDownloads />
    </PaymentPanel>
  );
}

/** /PaymentCancelled: the provider's checkout was left without paying. */
export function PaymentCancelledView() {
  return (
    <PaymentPanel title={T.cancelledTitle}>
      <p className="fl-muted">{T.cancelledBody}</p>
      <BackToDownloads variant="primary" />
    </PaymentPanel>
  );
}
