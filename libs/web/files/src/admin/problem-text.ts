import { errorMessage, isException } from '@solvr/web-data';

/** What to tell the admin of a failed call: the api's message for a refusal (4xx), else `fallback` (5xx, offline). */
export const problemText = (err: unknown, fallback: string): string => (isException(err) ? fallback : errorMessage(err, fallback));
