// Countries (name, dial code, flag) and region lists from the maintained country-state-city data set.
// Only its country and state tables are read (not the 7 MB city table). Kept out of @solvr/contracts so the
// data loads only where a form needs it (the profile page chunk, the api).
import countryTable from 'country-state-city/lib/assets/country.json';
import stateTable from 'country-state-city/lib/assets/state.json';
import { DEFAULT_COUNTRY, type Geo } from '@solvr/contracts';

export interface CountryOption {
  name: string;
  code: string;
  flag: string;
  /** E.g. "+1", "+44", "+1684": the first code the data gives, digits only after the plus. */
  dialCode: string;
}

/** Spec section 3: the countries with a region list; elsewhere the state/province is free text. */
export const REGION_COUNTRY_CODES = ['US', 'CA', 'AU', 'DE', 'IN', 'BR', 'MX', 'GB', 'IT', 'FR', 'ES', 'JP', 'CN'];

// US: the 50 states and the District of Columbia, not the territories the data set also lists.
const US_TERRITORIES = new Set(['AS', 'GU', 'MP', 'PR', 'UM', 'VI']);

export const COUNTRIES: CountryOption[] = (countryTable as Array<{ name: string; isoCode: string; flag: string; phonecode: string }>)
  .map((c) => ({ name: c.name, code: c.isoCode, flag: c.flag, dialCode: '+' + c.phonecode.replace(/^\+/, '').split(' ')[0].replace(/-/g, '') }))
  .sort((a, b) => a.name.localeCompare(b.name));

const byName = new Map(COUNTRIES.map((c) => [c.name.toLowerCase(), c]));

const regions = new Map<string, string[]>();
for (const code of REGION_COUNTRY_CODES) {
  const list = (stateTable as Array<{ name: string; isoCode: string; countryCode: string }>)
    .filter((s) => s.countryCode === code && (code !== 'US' || (/^[A-Z]{2}$/.test(s.isoCode) && !US_TERRITORIES.has(s.isoCode))))
    .map((s) => s.name)
    .sort((a, b) => a.localeCompare(b));
  regions.set(code, list);
}

export function findCountry(name: string): CountryOption | undefined {
  return byName.get(name.trim().toLowerCase());
}

export const DEFAULT_COUNTRY_OPTION = findCountry(DEFAULT_COUNTRY) as CountryOption;

/** The region list of a country, or null where the state/province is free text. */
export function regionsOf(countryName: string): string[] | null {
  const country = findCountry(countryName);
  return (country && regions.get(country.code)) ?? null;
}

/** The lookups the shared profile rules need. */
export const geo: Geo = { isCountry: (name) => !!findCountry(name), regionsOf };
