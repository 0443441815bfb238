import { previewDocument } from './content-preview';

describe('previewDocument', () => {
  it('shows the typed HTML without its scripts (the api drops them on save)', () => {
    const doc = previewDocument('<p>Hello <b>there</b></p><script>alert(1)</script><SCRIPT src="x.js"></SCRIPT>');
    expect(doc).toContain('<body><p>Hello <b>there</b></p></body>');
    expect(doc.toLowerCase()).not.toContain('<script');
  });
});
