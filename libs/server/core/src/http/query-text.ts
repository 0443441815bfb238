/** A query-string parameter as text: '' when it is absent or repeated (Fastify gives an array then). */
export const queryText = (value: unknown): string => (typeof value === 'string' ? value : '');
