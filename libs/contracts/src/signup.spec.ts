import { checkSignupRequest, isValidEmail, normalizeEmail, PASSWORD_RULE, passwordRuleProblem, validateSignup } from './signup';

describe('validateSignup', () => {
  it('checks blanks first, then the match, then the length', () => {
    expect(validateSignup({ email: ' ', password: 'abcdef', confirmPassword: 'abcdef' })).toBe('Please fill in all required fields.');
    expect(validateSignup({ email: 'a@b.co', password: '   ', confirmPassword: 'x' })).toBe('Please fill in all required fields.');
    expect(validateSignup({ email: 'a@b.co', password: 'abc', confirmPassword: 'abd' })).toBe("Passwords don't match!");
    expect(validateSignup({ email: 'a@b.co', password: 'abc', confirmPassword: 'abc' })).toBe('Passwords must be at least 6 characters long!');
    expect(validateSignup({ email: 'a@b.co', password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });

  it('takes passwords as typed: spaces at the ends count, and must match', () => {
    expect(validateSignup({ email: 'a@b.co', password: ' abcdef', confirmPassword: 'abcdef' })).toBe("Passwords don't match!");
    expect(validateSignup({ email: 'a@b.co', password: '  abc ', confirmPassword: '  abc ' })).toBeNull();
    expect(validateSignup({ email: 'a@b.co', password: ' abc ', confirmPassword: ' abc ' })).toBe('Passwords must be at least 6 characters long!');
  });
});

describe('PASSWORD_RULE (sign-up, change and reset)', () => {
  it("is the spec's sign-up rule: 6 characters as typed, the spec's message and hint", () => {
    expect(PASSWORD_RULE).toEqual({ minLength: 6, message: 'Passwords must be at least 6 characters long!', hint: 'Minimum 6 characters' });
    expect(passwordRuleProblem('12345')).toBe(PASSWORD_RULE.message);
    expect(passwordRuleProblem(' abc ')).toBe(PASSWORD_RULE.message);
    expect(passwordRuleProblem('abcdef')).toBeNull();
    expect(passwordRuleProblem('  abc ')).toBeNull();
  });
});

describe('checkSignupRequest', () => {
  it('answers the api with the same rules and refuses an unusable address', () => {
    expect(checkSignupRequest({})).toBe('Please fill in all required fields.');
    expect(checkSignupRequest({ email: 'a@b.co', password: '12345' })).toBe('Passwords must be at least 6 characters long!');
    expect(checkSignupRequest({ email: 'not-an-email', password: '123456' })).toBe('Please enter a valid e-mail address.');
    expect(checkSignupRequest({ email: `${'a'.repeat(250)}@b.co`, password: '123456' })).toBe('Please enter a valid e-mail address.');
    expect(checkSignupRequest({ email: ' A@B.co ', password: ' 12345' })).toBeNull();
  });
});

describe('e-mail addresses', () => {
  it('normalises by trimming and lower-casing, and needs a dot in the domain', () => {
    expect(normalizeEmail('  Jane.Doe@Example.COM ')).toBe('jane.doe@example.com');
    expect(isValidEmail('jane@example.com')).toBe(true);
    expect(isValidEmail('jane@localhost')).toBe(false);
    expect(isValidEmail('ja ne@example.com')).toBe(false);
    expect(isValidEmail("o'brien+tag@mail.example.co.uk")).toBe(true);
  });

  it('refuses spellings a mailer reads as another address', () => {
    for (const spelling of ['"v@x"@example.com', '"v"@example.com', 'a,v@example.com', 'x<y@evil.example>', 'a@b.co>', 'a(c)@example.com', 'a..b@example.com', '.a@example.com', 'a@-x.com', 'a@x_y.com']) {
      expect([spelling, isValidEmail(spelling)]).toEqual([spelling, false]);
    }
  });
});
