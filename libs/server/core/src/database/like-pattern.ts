/**
 * A LIKE pattern matching `text` anywhere, its wildcards taken literally. Use with ESCAPE '!': a backslash would
 * need different quoting on MySQL and SQLite.
 */
export const containsPattern = (text: string): string => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
