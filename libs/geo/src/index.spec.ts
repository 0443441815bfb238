import { COUNTRIES, DEFAULT_COUNTRY_OPTION, findCountry, regionsOf, REGION_COUNTRY_CODES } from './index';

describe('geo data', () => {
  it('has about 200 countries, sorted by name, each with a dial code and a flag', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(195);
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
    for (const c of COUNTRIES) {
      expect(c.dialCode).toMatch(/^\+\d{1,7}$/);
      expect(c.flag.length).toBeGreaterThan(0);
    }
    expect(DEFAULT_COUNTRY_OPTION).toMatchObject({ name: 'United States', dialCode: '+1', code: 'US' });
    expect(findCountry('germany')?.dialCode).toBe('+49');
  });

  it('lists regions for the 13 countries of the spec, and none elsewhere', () => {
    for (const code of REGION_COUNTRY_CODES) {
      const name = COUNTRIES.find((c) => c.code === code)!.name;
      expect(regionsOf(name)?.length).toBeGreaterThan(5);
    }
    expect(regionsOf('Peru')).toBeNull();
  });

  it('gives the United States its 50 states and the District of Columbia only', () => {
    const us = regionsOf('United States')!;
    expect(us).toHaveLength(51);
    expect(us).toContain('District of Columbia');
    expect(us).toContain('California');
    expect(us).not.toContain('Puerto Rico');
    expect(us).not.toContain('Guam');
  });
});
