import { useCallback } from 'react';
import { formatPrice, PAYMENT_TEXTS, type FileView } from '@solvr/contracts';
import { errorMessage } from '@solvr/web-data';
import { useStartCheckoutMutation } from '../files.api';
import { browserNavigation, useDownloadLink } from './use-download';

/** The price a Buy button shows: "$19.99". */
export const priceOf = (file: Pick<FileView, 'price' | 'currency'>) => formatPrice(file.price, file.currency);

/** The api's sentence (e.g. 503 "Payments are not configured…"), else a generic one. */
export const buyErrorText = (error: unknown) => errorMessage(error, PAYMENT_TEXTS.checkoutFailed);

/**
 * 'Buy {price}': the api starts a checkout for the file's stored price and the browser goes to the provider's page,
 * which returns to /PaymentSuccess or /PaymentCancelled. A file the caller already owns downloads at once instead.
 * Throws the api's error (the library shows buyErrorText of it on the card).
 */
export function useCheckout(): (file: FileView) => Promise<void> {
  const [startCheckout] = useStartCheckoutMutation();
  const download = useDownloadLink();
  return useCallback(
    async (file: FileView) => {
      const next = await startCheckout(file.id).unwrap();
      if (next.kind === 'checkout') browserNavigation.assign(next.url);
      else await download(file.id);
    },
    [startCheckout, download],
  );
}
