import { generateKeyPairSync } from 'node:crypto';

/** An OpenStack-style "ssh-rsa AAAA… comment" line made locally. */
export function makeSshPublicKey(comment = 'test@example'): string {
  const { publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const part = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const mpint = (b64: string) => {
    const raw = Buffer.from(b64, 'base64url');
    return part(raw[0] & 0x80 ? Buffer.concat([Buffer.from([0]), raw]) : raw);
  };
  const blob = Buffer.concat([part(Buffer.from('ssh-rsa')), mpint(jwk.e), mpint(jwk.n)]);
  return `ssh-rsa ${blob.toString('base64')} ${comment}`;
}
