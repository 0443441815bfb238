import { fileAccessDecision, fileAvailability, type FileAccessFacts } from './access';

const file = (over: Partial<FileAccessFacts> = {}): FileAccessFacts => ({ id: 'f1', is_active: true, is_paid: false, access_type: 'all_users', allowed_users: [], ...over });
const jane = { email: 'jane@example.com', isAdmin: false };
const admin = { email: 'boss@example.com', isAdmin: true };

describe('fileAvailability (spec section 6)', () => {
  it('shows an active free file to all users, or to listed users when specific', () => {
    expect(fileAvailability(file(), jane)).toBe('download');
    expect(fileAvailability(file({ access_type: 'specific_users', allowed_users: ['other@example.com'] }), jane)).toBe('hidden');
    expect(fileAvailability(file({ access_type: 'specific_users', allowed_users: ['Jane@Example.com'] }), jane)).toBe('download');
  });

  it('lists a paid file for everyone, available only when specific and listed', () => {
    expect(fileAvailability(file({ is_paid: true }), jane)).toBe('buy');
    expect(fileAvailability(file({ is_paid: true, access_type: 'specific_users', allowed_users: ['x@example.com'] }), jane)).toBe('buy');
    expect(fileAvailability(file({ is_paid: true, access_type: 'specific_users', allowed_users: ['jane@example.com'] }), jane)).toBe('download');
  });

  it('makes a paid file available to the user who bought it, and to nobody else by that purchase', () => {
    const bought = { ...jane, purchased: new Set(['f1']) };
    expect(fileAvailability(file({ is_paid: true }), bought)).toBe('download');
    expect(fileAvailability(file({ is_paid: true, access_type: 'specific_users', allowed_users: ['x@example.com'] }), bought)).toBe('download');
    expect(fileAvailability(file({ id: 'f2', is_paid: true }), bought)).toBe('buy');
    expect(fileAvailability(file({ is_paid: true }), { ...jane, purchased: new Set() })).toBe('buy');
    // A purchase neither shows an inactive file nor a free file the user is not listed for.
    expect(fileAvailability(file({ is_paid: true, is_active: false }), bought)).toBe('hidden');
    expect(fileAvailability(file({ access_type: 'specific_users', allowed_users: [] }), bought)).toBe('hidden');
    expect(fileAccessDecision(file({ is_paid: true }), bought, 'download')).toBe('allowed');
  });

  it('hides inactive files and everything from anonymous callers; admins see all', () => {
    expect(fileAvailability(file({ is_active: false }), jane)).toBe('hidden');
    expect(fileAvailability(file(), { email: null, isAdmin: false })).toBe('hidden');
    expect(fileAvailability(file({ is_active: false, is_paid: true }), admin)).toBe('download');
  });
});

describe('fileAccessDecision', () => {
  it('answers hidden files as not found and unbought paid downloads as forbidden', () => {
    expect(fileAccessDecision(file({ is_active: false }), jane, 'view')).toBe('not-found');
    expect(fileAccessDecision(file({ is_paid: true }), jane, 'view')).toBe('allowed');
    expect(fileAccessDecision(file({ is_paid: true }), jane, 'download')).toBe('forbidden');
    expect(fileAccessDecision(file(), jane, 'download')).toBe('allowed');
  });
});
