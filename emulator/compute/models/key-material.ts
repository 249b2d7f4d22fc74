import { createHash, createPublicKey, generateKeyPair, type KeyObject, randomBytes, X509Certificate } from 'node:crypto';
import { promisify } from 'node:util';
import forge from 'node-forge';

/**
 * Key material for key pairs, as nova/crypto.py makes and checks it: RSA-2048
 * generation with an OpenSSH public key, MD5 fingerprints of the key blob for
 * ssh, SHA-1 fingerprints of the DER certificate for x509. No HTTP, no SQL.
 */

const generateKeyPairAsync = promisify(generateKeyPair);

/** Key data that cannot be used; the message follows "Keypair data is invalid: ". */
export class InvalidKeyMaterial extends Error {}

export interface GeneratedKeyPair {
  privateKey: string;
  publicKey: string;
  fingerprint: string;
}

const colonHex = (digest: Buffer) => digest.toString('hex').replace(/(..)(?!$)/g, '$1:');

function sshString(data: Buffer | string): Buffer {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  const length = Buffer.alloc(4);
  length.writeUInt32BE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/** An SSH mpint from a JWK base64url magnitude (a leading 0 byte keeps it positive). */
function sshMpint(base64url: string): Buffer {
  const raw = Buffer.from(base64url, 'base64url');
  return sshString(raw[0] & 0x80 ? Buffer.concat([Buffer.from([0]), raw]) : raw);
}

/** Reads the length-prefixed fields of an SSH key blob. */
class BlobReader {
  private offset = 0;
  constructor(private readonly blob: Buffer) {}

  string(): Buffer {
    if (this.offset + 4 > this.blob.length) throw new InvalidKeyMaterial('failed to generate fingerprint');
    const length = this.blob.readUInt32BE(this.offset);
    const start = this.offset + 4;
    if (start + length > this.blob.length) throw new InvalidKeyMaterial('failed to generate fingerprint');
    this.offset = start + length;
    return this.blob.subarray(start, start + length);
  }

  /** An mpint's magnitude, without the sign byte. */
  mpint(): Buffer {
    const value = this.string();
    if (value.length && value[0] & 0x80) throw new InvalidKeyMaterial('failed to generate fingerprint');
    let start = 0;
    while (start < value.length - 1 && value[start] === 0) start++;
    return value.subarray(start);
  }

  get done(): boolean {
    return this.offset === this.blob.length;
  }
}

const EC_CURVES: Record<string, { crv: string; size: number }> = {
  nistp256: { crv: 'P-256', size: 32 },
  nistp384: { crv: 'P-384', size: 48 },
  nistp521: { crv: 'P-521', size: 66 },
};

/** Checks that the blob is a well-formed public key of the declared type (cryptography's load_ssh_public_key). */
function checkSshBlob(type: string, blob: Buffer): void {
  const reader = new BlobReader(blob);
  if (reader.string().toString('latin1') !== type) throw new InvalidKeyMaterial('failed to generate fingerprint');
  if (type === 'ssh-rsa') {
    const e = reader.mpint();
    const n = reader.mpint();
    createPublicKey({ key: { kty: 'RSA', e: e.toString('base64url'), n: n.toString('base64url') }, format: 'jwk' });
  } else if (type === 'ssh-ed25519') {
    const key = reader.string();
    if (key.length !== 32) throw new InvalidKeyMaterial('failed to generate fingerprint');
    createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.toString('base64url') }, format: 'jwk' });
  } else if (type.startsWith('ecdsa-sha2-')) {
    const curveName = type.slice('ecdsa-sha2-'.length);
    const curve = EC_CURVES[curveName];
    if (!curve || reader.string().toString('latin1') !== curveName) throw new InvalidKeyMaterial('failed to generate fingerprint');
    const point = reader.string();
    if (point.length !== 1 + 2 * curve.size || point[0] !== 4) throw new InvalidKeyMaterial('failed to generate fingerprint');
    const x = point.subarray(1, 1 + curve.size).toString('base64url');
    const y = point.subarray(1 + curve.size).toString('base64url');
    createPublicKey({ key: { kty: 'EC', crv: curve.crv, x, y }, format: 'jwk' });
  } else if (type === 'ssh-dss') {
    for (let i = 0; i < 4; i++) if (reader.mpint().length === 0) throw new InvalidKeyMaterial('failed to generate fingerprint');
  } else {
    throw new InvalidKeyMaterial('failed to generate fingerprint');
  }
  if (!reader.done) throw new InvalidKeyMaterial('failed to generate fingerprint');
}

/**
 * The fingerprint of an OpenSSH public key line ("ssh-rsa AAAA… comment"):
 * MD5 of the decoded blob as colon hex. Throws InvalidKeyMaterial when the
 * line is not a usable public key.
 */
export function sshFingerprint(publicKey: string): string {
  // Like nova/crypto.py: fields separated by single spaces, the blob second.
  const parts = publicKey.split(' ');
  if (parts.length < 2 || !parts[0] || !parts[1]) throw new InvalidKeyMaterial('failed to generate fingerprint');
  const blob = Buffer.from(parts[1].trim(), 'base64');
  try {
    checkSshBlob(parts[0], blob);
  } catch {
    throw new InvalidKeyMaterial('failed to generate fingerprint');
  }
  return colonHex(createHash('md5').update(blob).digest());
}

/** A new RSA-2048 key: PKCS#1 PEM private key and `ssh-rsa … Generated-by-Nova`. */
export async function generateSshKeyPair(): Promise<GeneratedKeyPair> {
  const { publicKey, privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const jwk = publicKey.export({ format: 'jwk' }) as { n: string; e: string };
  const blob = Buffer.concat([sshString('ssh-rsa'), sshMpint(jwk.e), sshMpint(jwk.n)]);
  const line = `ssh-rsa ${blob.toString('base64')} Generated-by-Nova`;
  return {
    privateKey: privateKey.export({ type: 'pkcs1', format: 'pem' }) as string,
    publicKey: line,
    fingerprint: colonHex(createHash('md5').update(blob).digest()),
  };
}

/** SHA-1 of the certificate's DER as colon hex; InvalidKeyMaterial when it is not a PEM certificate. */
export function x509Fingerprint(pem: string): string {
  let detail: string;
  if (!/-----BEGIN CERTIFICATE-----[\s\S]+-----END CERTIFICATE-----/.test(pem)) {
    detail = 'Unable to load PEM file. See https://cryptography.io/en/latest/faq/#why-can-t-i-import-my-pem-file for more details. MalformedFraming';
  } else {
    try {
      const certificate = new X509Certificate(pem);
      return colonHex(createHash('sha1').update(certificate.raw).digest());
    } catch (error) {
      detail = `error parsing asn1 value: ${(error as Error).message}`;
    }
  }
  throw new InvalidKeyMaterial(`failed to generate X509 fingerprint. Error message: ${detail}`);
}

/**
 * A self-signed client certificate for `CN=<user id>` valid ten years, like
 * nova.crypto.generate_winrm_x509_cert: the private key comes back as a
 * base64 PKCS#12 bundle with an empty password, the public key as PEM.
 */
export async function generateX509KeyPair(userId: string, now: number): Promise<GeneratedKeyPair> {
  const { privateKey } = await generateKeyPairAsync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }) as string) as forge.pki.rsa.PrivateKey;
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(key.n, key.e);
  const serial = randomBytes(16);
  serial[0] = (serial[0] & 0x3f) | 0x40; // positive, minimal DER integer
  cert.serialNumber = serial.toString('hex');
  cert.validity.notBefore = new Date(now);
  cert.validity.notAfter = new Date(now + 3650 * 24 * 3600 * 1000);
  const subject = [{ name: 'commonName', value: userId }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'extKeyUsage', clientAuth: true }, { name: 'subjectKeyIdentifier' }]);
  cert.sign(key, forge.md.sha256.create());
  const certificate = forge.pki.certificateToPem(cert).replace(/\r\n/g, '\n');
  const bundle = forge.pkcs12.toPkcs12Asn1(key, [cert], '', { algorithm: '3des' });
  return {
    privateKey: forge.util.encode64(forge.asn1.toDer(bundle).getBytes()),
    publicKey: certificate,
    fingerprint: x509Fingerprint(certificate),
  };
}

/** The RSA key of an OpenSSH `ssh-rsa` line, or null for any other key type or a malformed line. */
export function sshRsaPublicKey(publicKey: string): KeyObject | null {
  const parts = publicKey.trim().split(/\s+/);
  if (parts[0] !== 'ssh-rsa' || !parts[1]) return null;
  try {
    const reader = new BlobReader(Buffer.from(parts[1], 'base64'));
    if (reader.string().toString('latin1') !== 'ssh-rsa') return null;
    const e = reader.mpint();
    const n = reader.mpint();
    return createPublicKey({ key: { kty: 'RSA', e: e.toString('base64url'), n: n.toString('base64url') }, format: 'jwk' });
  } catch {
    return null;
  }
}
