/** Brand defaults; the api can override them at run time (BRAND_* settings) and serves them to the web. */
export interface Brand {
  product: string;
  team: string;
  supportEmail: string;
  phone: string;
  office: string;
}

export const DEFAULT_BRAND: Brand = {
  product: 'Solvr',
  team: 'Solvr Team',
  supportEmail: 'support@solvr.app',
  phone: '+1 (604) 555-0142',
  office: 'Vancouver, BC',
};
