import { campaignProblem, CONTACT_TEXTS, contactProblem, contactSubject, EMAIL_CENTER_TEXTS, oneLine } from './mail';

describe('mail rules (spec section 5)', () => {
  it('the Email Center needs a subject, a message and recipients', () => {
    expect(campaignProblem({ subject: ' ', message: 'x', userIds: ['a'] })).toBe(EMAIL_CENTER_TEXTS.required);
    expect(campaignProblem({ subject: 'x', message: '\n', userIds: ['a'] })).toBe(EMAIL_CENTER_TEXTS.required);
    expect(campaignProblem({ subject: 'x', message: 'y', userIds: [] })).toBe(EMAIL_CENTER_TEXTS.noRecipients);
    expect(campaignProblem({ subject: 'x', message: 'y', userIds: ['a'] })).toBeNull();
    expect(campaignProblem({ subject: 'x', message: 'y', all: { q: '' } })).toBeNull();
    expect(campaignProblem({ subject: 'x'.repeat(201), message: 'y', userIds: ['a'] })).toMatch(/at most 200/);
    expect(EMAIL_CENTER_TEXTS.sent(3)).toBe('Email sent successfully to 3 user(s)!');
  });

  it('the Contact form needs every field and one of the three categories', () => {
    const ok = { name: 'Ann', email: 'ann@example.com', category: 'bug-report' as const, subject: 's', message: 'm' };
    expect(contactProblem(ok)).toBeNull();
    for (const field of ['name', 'email', 'category', 'subject', 'message'] as const) expect(contactProblem({ ...ok, [field]: '  ' })).toBe(CONTACT_TEXTS.required);
    expect(contactProblem({ ...ok, category: 'other' as never })).toBe('Please choose one of the categories.');
    expect(CONTACT_TEXTS.failed('support@solvr.app')).toBe('Failed to send message. Please try again or email us directly at support@solvr.app.');
  });

  it("subject '[CATEGORY LABEL IN UPPER CASE] subject', never more than one line", () => {
    expect(contactSubject('sales-billing', 'Invoice')).toBe('[SALES/BILLING QUESTIONS] Invoice');
    expect(contactSubject('technical-support', 'Hi\r\nBcc: x@example.com')).toBe('[TECHNICAL SUPPORT] Hi Bcc: x@example.com');
    expect(oneLine('a\u2028b\u0000c\td')).toBe('a b c d');
  });
});
