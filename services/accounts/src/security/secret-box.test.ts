import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box.js';

const key = () => randomBytes(32);

describe('the secret box (sealed authenticator secrets)', () => {
  it('opens what it sealed for the same context, and nothing altered or moved to another user', () => {
    const box = new SecretBox([key()]);
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'u_anna');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'u_anna')).toBe('JBSWY3DPEHPK3PXP');
    // A fresh nonce each time: two seals of one secret differ.
    expect(box.seal('JBSWY3DPEHPK3PXP', 'u_anna')).not.toBe(sealed);
    expect(() => box.open(sealed, 'u_ben')).toThrow();
    const [id, iv, tag, data = ''] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open([id, iv, tag, flipped.toString('base64url')].join('.'), 'u_anna')).toThrow();
  });

  it('keeps opening what an older key sealed after a rotation, and says so, but not a key it never held', () => {
    const [older, newer] = [key(), key()];
    const sealedBefore = new SecretBox([older]).seal('secret', 'u_1');
    const rotated = new SecretBox([newer, older]);
    expect(rotated.open(sealedBefore, 'u_1')).toBe('secret');
    expect(rotated.sealedWithOlderKey(sealedBefore)).toBe(true);
    expect(rotated.sealedWithOlderKey(rotated.seal('secret', 'u_1'))).toBe(false);
    expect(() => new SecretBox([newer]).open(sealedBefore, 'u_1')).toThrow(
      'sealed with a key this service does not hold',
    );
  });
});
