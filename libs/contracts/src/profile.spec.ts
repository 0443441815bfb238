import { changedProfileFields, PROFILE_CHANGED_MAIL, PROFILE_MESSAGES as M, splitFullName, toProfileUpdate, validateProfile, type Geo, type ProfileForm, type ProfileView } from './profile';

const geo: Geo = {
  isCountry: (n) => ['United States', 'Peru'].includes(n),
  regionsOf: (n) => (n === 'United States' ? ['California', 'Texas'] : null),
};

const valid: ProfileForm = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  phone: '(555) 123-4567',
  street_address_1: '1 Main Street',
  city: "St John's",
  state_province: 'California',
  postal_code: '94016',
  country: 'United States',
};

const errorsOf = (changes: Partial<ProfileForm>) => validateProfile({ ...valid, ...changes }, geo);

describe('validateProfile', () => {
  it('accepts a complete form', () => expect(validateProfile(valid, geo)).toEqual({}));

  it.each<[Partial<ProfileForm>, keyof ProfileForm, string]>([
    [{ first_name: ' ' }, 'first_name', M.firstName],
    [{ last_name: '' }, 'last_name', M.lastName],
    [{ street_address_1: '' }, 'street_address_1', M.streetRequired],
    [{ street_address_1: ' 1 Ma ' }, 'street_address_1', M.streetShort],
    [{ city: '' }, 'city', M.cityRequired],
    [{ city: 'Paris 5' }, 'city', M.cityChars],
    [{ state_province: '' }, 'state_province', M.stateRequired],
    [{ state_province: 'Ontario' }, 'state_province', M.stateInvalid],
    [{ country: 'Peru', state_province: 'Lima 1' }, 'state_province', M.stateChars],
    [{ postal_code: '' }, 'postal_code', M.postalRequired],
    [{ postal_code: '94_016' }, 'postal_code', M.postalChars],
    [{ postal_code: '12' }, 'postal_code', M.postalLength],
    [{ postal_code: '1234567890123' }, 'postal_code', M.postalLength],
    [{ country: '' }, 'country', M.countryRequired],
    [{ country: 'Atlantis' }, 'country', M.countryInvalid],
    [{ phone: '' }, 'phone', M.phoneRequired],
    [{ phone: '+1 555 1234' }, 'phone', M.phoneChars],
    [{ phone: '12-34' }, 'phone', M.phoneShort],
    [{ password: 'short' }, 'password', M.passwordRules],
    [{ password: 'Longenough1', confirm_password: 'Longenough1' }, 'password', M.passwordRules],
    [{ password: 'Longenough1!', confirm_password: 'Other' }, 'confirm_password', M.passwordMismatch],
    [{ confirm_password: 'x' }, 'password', M.passwordRules],
  ])('%j gives %s: %s', (changes, field, message) => {
    expect(errorsOf(changes)[field]).toBe(message);
  });

  it('takes free text for the region of a country without a list', () => {
    expect(errorsOf({ country: 'Peru', state_province: "Lima-Cusco d'Or" })).toEqual({});
  });

  it('builds the update payload of spec section 3', () => {
    expect(toProfileUpdate('u1', { ...valid, company: ' Acme ', password: 'Aa1!aaaaaaa' }, '+1')).toEqual({
      userid: 'u1',
      full_name: 'Ada Lovelace',
      phone: '+15551234567',
      password: 'Aa1!aaaaaaa',
      street_address_1: '1 Main Street',
      street_address_2: '',
      city: "St John's",
      state_province: 'California',
      postal_code: '94016',
      country: 'United States',
      company: 'Acme',
      job_title: '',
      profile_completed: true,
    });
  });
});

describe('changedProfileFields and the notice of a change by someone else', () => {
  const view: ProfileView = {
    email: 'ada@example.com',
    full_name: 'Ada King Lovelace',
    phone: '+15551234567',
    street_address_1: '1 Main Street',
    street_address_2: null,
    city: 'Oakland',
    state_province: 'California',
    postal_code: '94016',
    country: 'United States',
    company: null,
    job_title: 'Engineer',
    profile_completed: true,
    has_password: true,
  };

  it('names the changed fields with the form labels, in the form order; empty and missing are the same', () => {
    expect(changedProfileFields(view, { ...view, street_address_2: '', company: '' })).toEqual([]);
    expect(changedProfileFields(view, { ...view, full_name: 'Ada Byron', job_title: null, city: 'Reno', company: 'Acme' })).toEqual([
      'Last name',
      'City',
      'Company',
      'Job title',
    ]);
    expect(changedProfileFields(view, { ...view, full_name: 'Augusta King Lovelace', street_address_2: 'Apt 2' })).toEqual(['First name', 'Street address line 2']);
    expect(splitFullName('  Ada  King Lovelace ')).toEqual(['Ada', 'King Lovelace']);
    expect(splitFullName(null)).toEqual(['', '']);
  });

  it('says who, when (UTC) and what to do, with names of fields only', () => {
    const at = new Date('2025-08-05T15:07:00Z');
    expect(PROFILE_CHANGED_MAIL.when(at).replace(/\s/g, ' ')).toBe('August 5, 2025 at 3:07 PM (UTC)');
    const text = PROFILE_CHANGED_MAIL.paragraphs('Solvr', ['City', 'Company'], PROFILE_CHANGED_MAIL.when(at)).join('\n');
    expect(text).toContain('An administrator changed the profile of your Solvr account on August 5, 2025');
    expect(text).toContain('Changed: City, Company.');
    expect(text).toContain('If you did not expect this change');
  });
});
