/** Spec section 9 date formats, en-US, in the reader's time zone unless one is given. */
const formatter = (options: Intl.DateTimeFormatOptions) => (iso: string | Date, timeZone?: string) =>
  new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(typeof iso === 'string' ? new Date(iso) : iso);

/** 'MMM d, yyyy' (lists): "Aug 5, 2025". */
export const formatListDate = formatter({ month: 'short', day: 'numeric', year: 'numeric' });
/** 'MMMM d, yyyy' (public news): "August 5, 2025". */
export const formatLongDate = formatter({ month: 'long', day: 'numeric', year: 'numeric' });
/** 'h:mm a' (public news): "3:07 PM". */
export const formatTime = formatter({ hour: 'numeric', minute: '2-digit', hour12: true });
