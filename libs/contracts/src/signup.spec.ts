import { validateSignup } from './signup';

describe('validateSignup', () => {
  it('checks blanks first, then the match, then the length', () => {
    expect(validateSignup({ email: ' ', password: 'abcdef', confirmPassword: 'abcdef' })).toBe('Please fill in all required fields.');
    expect(validateSignup({ email: 'a@b.co', password: '   ', confirmPassword: 'x' })).toBe('Please fill in all required fields.');
    expect(validateSignup({ email: 'a@b.co', password: 'abc', confirmPassword: 'abd' })).toBe("Passwords don't match!");
    expect(validateSignup({ email: 'a@b.co', password: 'abc', confirmPassword: 'abc' })).toBe('Passwords must be at least 6 characters long!');
    expect(validateSignup({ email: 'a@b.co', password: 'abcdef', confirmPassword: 'abcdef' })).toBeNull();
  });
});
