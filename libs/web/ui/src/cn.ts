export type ClassValue = string | number | false | null | undefined;

/** Joins the truthy class names: `cn('ui-btn', loading && 'is-loading')`. */
export function cn(...classes: ClassValue[]): string {
  let out = '';
  for (const c of classes) {
    if (!c) continue;
    out = out ? `${out} ${c}` : String(c);
  }
  return out;
}
