import { holderCookie, holderOf } from './download-holder';

const KEY = Buffer.alloc(32, 7);

describe('download holder cookie', () => {
  it('names the user it was made for', () => {
    expect(holderOf(holderCookie('7b0c4c1e-1f7a-4a7e-9a61-1c0f3c1d2e3f', KEY), KEY)).toBe('7b0c4c1e-1f7a-4a7e-9a61-1c0f3c1d2e3f');
  });

  it('names no one when it is missing, malformed, made with another key, or its user id is changed', () => {
    const real = holderCookie('user-a', KEY);
    for (const bad of [undefined, '', 'user-a', '.sig', real.replace('user-a', 'user-b'), holderCookie('user-a', Buffer.alloc(32, 8)), `${real}x`, `x${real}`]) {
      expect(holderOf(bad, KEY)).toBeUndefined();
    }
  });
});
