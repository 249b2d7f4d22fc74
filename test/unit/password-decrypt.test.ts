import { constants, generateKeyPairSync, publicEncrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DecryptError, decryptPkcs1v15, modPow, parsePrivateKeyPem } from '../../custom/instances/rsa-pkcs1';

/** A key pair made by Node's crypto, with the private key as PKCS#1 and PKCS#8 PEM. */
function makeKeys(modulusLength: number) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength });
  return {
    publicKey,
    pkcs1: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

/** What Nova stores: the password encrypted with RSAES-PKCS1-v1_5, base64. */
function encrypt(publicKey: ReturnType<typeof makeKeys>['publicKey'], text: string): string {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(text, 'utf8')).toString('base64');
}

// Making a 4096-bit key takes Node several seconds on a loaded machine.
describe('password decryption (RSAES-PKCS1-v1_5 in the browser)', { timeout: 60_000 }, () => {
  for (const bits of [1024, 2048, 4096]) {
    it(`decrypts what Node's publicEncrypt made with a ${bits}-bit key, from a PKCS#1 and a PKCS#8 PEM`, () => {
      const keys = makeKeys(bits);
      const password = `pw-${bits}-Ünïcødé-${'x'.repeat(20)}`;
      const ciphertext = encrypt(keys.publicKey, password);
      expect(decryptPkcs1v15(keys.pkcs1, ciphertext)).toBe(password);
      expect(decryptPkcs1v15(keys.pkcs8, ciphertext)).toBe(password);
    });
  }

  it('decrypts base64 with line breaks, as Nova returns long passwords', () => {
    const keys = makeKeys(2048);
    const ciphertext = encrypt(keys.publicKey, 's3cret');
    const wrapped = ciphertext.replace(/(.{64})/g, '$1\n');
    expect(decryptPkcs1v15(keys.pkcs1, wrapped)).toBe('s3cret');
  });

  it('refuses a ciphertext made for another key', () => {
    const mine = makeKeys(2048);
    const other = makeKeys(2048);
    expect(() => decryptPkcs1v15(mine.pkcs1, encrypt(other.publicKey, 'not yours'))).toThrow(DecryptError);
  });

  it('refuses a ciphertext whose size does not match the key', () => {
    const small = makeKeys(1024);
    const large = makeKeys(2048);
    expect(() => decryptPkcs1v15(small.pkcs1, encrypt(large.publicKey, 'x'))).toThrow(DecryptError);
  });

  it('refuses a file that holds no RSA private key', () => {
    const keys = makeKeys(1024);
    const ciphertext = encrypt(keys.publicKey, 'x');
    expect(() => decryptPkcs1v15('ssh-rsa AAAAB3Nza… user@host', ciphertext)).toThrow(DecryptError);
    expect(() => decryptPkcs1v15('-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----', ciphertext)).toThrow(DecryptError);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => decryptPkcs1v15(ec, ciphertext)).toThrow(DecryptError);
  });

  it('reads the modulus and private exponent that Node reports', () => {
    const keys = makeKeys(1024);
    const key = parsePrivateKeyPem(keys.pkcs8);
    const jwk = keys.publicKey.export({ format: 'jwk' });
    expect(key.n.toString(16)).toBe(Buffer.from(jwk.n!, 'base64url').toString('hex').replace(/^0+/, ''));
    expect(key.p * key.q).toBe(key.n);
  });

  it('computes modular powers', () => {
    expect(modPow(4n, 13n, 497n)).toBe(445n);
    expect(modPow(2n, 0n, 7n)).toBe(1n);
  });
});
