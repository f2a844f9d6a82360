import { hashPassword, verifyPassword } from './password-hash';

describe('password hashing', () => {
  it('verifies the password it hashed and nothing else', async () => {
    const stored = await hashPassword('user1234!');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w+/=]+\$[\w+/=]+$/);
    expect(stored).not.toContain('user1234!');
    expect(await verifyPassword('user1234!', stored)).toBe(true);
    expect(await verifyPassword('user1234?', stored)).toBe(false);
    expect(await verifyPassword('user1234!', 'md5$whatever')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same-password-1!')).not.toBe(await hashPassword('same-password-1!'));
  });
});
