import { PROFILE_MESSAGES as M, toProfileUpdate, validateProfile, type Geo, type ProfileForm } from './profile';

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
