import { formatPrice, PORTAL_TEXTS, type FileView } from '@solvr/contracts';
import { toast } from '@solvr/web-ui';

/** The price a Buy button shows: "$19.99". */
export const priceOf = (file: Pick<FileView, 'price' | 'currency'>) => formatPrice(file.price, file.currency);

/**
 * What Buy does until payments open (spec section 1: the purchase flow is not shown; the payments issue replaces
 * this handler with the checkout). The library takes it as its `onBuy` prop.
 */
export function buyNotOpenYet(file: FileView): void {
  toast({ title: PORTAL_TEXTS.downloads.buyClosed, description: PORTAL_TEXTS.downloads.buyClosedDetail(file.name) });
}
