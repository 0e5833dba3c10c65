import { describe, expect, it } from 'vitest';
import { ResetTokens, decodeUid, encodeUid } from './reset-tokens';

const user = {
  id: 7,
  email: 'a@joule.test',
  isActive: true,
  passwordHash: 'scrypt$1$2$3$salt$hash',
};
const secret = new TextEncoder().encode('0123456789abcdef0123456789abcdef');

describe('reset link uid', () => {
  it('is the unpadded URL-safe base64 of the id, as Django encodes it', () => {
    expect(encodeUid(1)).toBe('MQ');
    expect(encodeUid(1234)).toBe('MTIzNA');
    expect(decodeUid('MTIzNA')).toBe(1234);
  });

  it.each(['', '!!', 'YWJj', 'MA', 'OTk5OTk5OTk5OTk'])('rejects %j', (uid) => {
    expect(decodeUid(uid)).toBeUndefined();
  });
});

describe('ResetTokens', () => {
  it('accepts its own token for the unchanged user only', () => {
    const tokens = new ResetTokens(secret, 3600);
    const token = tokens.make(user);
    expect(tokens.check(user, token)).toBe(true);
    expect(tokens.check({ ...user, passwordHash: 'scrypt$other' }, token)).toBe(false);
    expect(tokens.check({ ...user, id: 8 }, token)).toBe(false);
    expect(tokens.check(user, `${token}x`)).toBe(false);
    expect(new ResetTokens(new Uint8Array(32), 3600).check(user, token)).toBe(false);
  });

  it('expires', () => {
    let now = Date.UTC(2025, 0, 1);
    const tokens = new ResetTokens(secret, 3600, () => now);
    const token = tokens.make(user);
    now += 3599_000;
    expect(tokens.check(user, token)).toBe(true);
    now += 2_000;
    expect(tokens.check(user, token)).toBe(false);
  });
});
