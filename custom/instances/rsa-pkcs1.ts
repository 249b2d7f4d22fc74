/**
 * RSAES-PKCS1-v1_5 decryption (RFC 8017 §7.2.2) in plain TypeScript, for the
 * Retrieve Password modal: Nova keeps the instance's password encrypted with
 * the key pair's public key, and the private key must never leave the
 * browser. WebCrypto has no RSAES-PKCS1-v1_5 decryption, so this module
 * parses the PEM key itself and computes m = c^d mod n with BigInt.
 */

/** Why a decryption failed; the modal shows one message for all of them. */
export class DecryptError extends Error {}

interface RsaPrivateKey {
  n: bigint;
  d: bigint;
  p: bigint;
  q: bigint;
  dp: bigint;
  dq: bigint;
  qinv: bigint;
}

const PEM_BLOCK = /-----BEGIN (RSA PRIVATE KEY|PRIVATE KEY)-----([\s\S]*?)-----END \1-----/;
/** rsaEncryption, 1.2.840.113549.1.1.1, as DER content bytes. */
const RSA_ENCRYPTION_OID = [0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01];

/** Standard or URL-safe base64, whitespace ignored, to bytes. */
export function base64ToBytes(text: string): Uint8Array {
  const clean = text.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) throw new DecryptError('not base64');
  const binary = atob(clean);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** One DER element: its tag and where its content lies in `bytes`. */
interface DerElement {
  tag: number;
  start: number;
  end: number;
}

function readElement(bytes: Uint8Array, offset: number, limit = bytes.length): DerElement {
  if (offset + 2 > limit) throw new DecryptError('truncated DER');
  const tag = bytes[offset];
  let length = bytes[offset + 1];
  let start = offset + 2;
  if (length & 0x80) {
    const count = length & 0x7f;
    if (count === 0 || count > 4 || start + count > limit) throw new DecryptError('bad DER length');
    length = 0;
    for (let index = 0; index < count; index += 1) length = length * 256 + bytes[start + index];
    start += count;
  }
  const end = start + length;
  if (end > limit) throw new DecryptError('truncated DER');
  return { tag, start, end };
}

/** The elements inside a constructed element (a SEQUENCE). */
function children(bytes: Uint8Array, parent: DerElement): DerElement[] {
  const items: DerElement[] = [];
  for (let offset = parent.start; offset < parent.end; ) {
    const item = readElement(bytes, offset, parent.end);
    items.push(item);
    offset = item.end;
  }
  return items;
}

function bytesToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (const byte of bytes) value = (value << 8n) | BigInt(byte);
  return value;
}

function integer(bytes: Uint8Array, element: DerElement): bigint {
  if (element.tag !== 0x02) throw new DecryptError('expected an INTEGER');
  return bytesToBigInt(bytes.subarray(element.start, element.end));
}

/** RSAPrivateKey (PKCS#1, RFC 8017 A.1.2): version, n, e, d, p, q, dp, dq, qinv. */
function parsePkcs1(bytes: Uint8Array, element: DerElement): RsaPrivateKey {
  if (element.tag !== 0x30) throw new DecryptError('expected a SEQUENCE');
  const fields = children(bytes, element);
  if (fields.length < 9) throw new DecryptError('not an RSA private key');
  const [n, , d, p, q, dp, dq, qinv] = fields.slice(1, 9).map((field) => integer(bytes, field));
  return { n, d, p, q, dp, dq, qinv };
}

/** PrivateKeyInfo (PKCS#8, RFC 5208): version, algorithm (must be rsaEncryption), OCTET STRING holding the PKCS#1 key. */
function parsePkcs8(bytes: Uint8Array, element: DerElement): RsaPrivateKey {
  if (element.tag !== 0x30) throw new DecryptError('expected a SEQUENCE');
  const [, algorithm, key] = children(bytes, element);
  if (!algorithm || !key || algorithm.tag !== 0x30 || key.tag !== 0x04) throw new DecryptError('not a PKCS#8 key');
  const oid = children(bytes, algorithm)[0];
  const oidBytes = oid && oid.tag === 0x06 ? [...bytes.subarray(oid.start, oid.end)] : [];
  if (oidBytes.join() !== RSA_ENCRYPTION_OID.join()) throw new DecryptError('not an RSA key');
  return parsePkcs1(bytes, readElement(bytes, key.start, key.end));
}

/**
 * Reads an RSA private key from PEM text: PKCS#1 ('BEGIN RSA PRIVATE KEY')
 * or unencrypted PKCS#8 ('BEGIN PRIVATE KEY').
 */
export function parsePrivateKeyPem(pem: string): RsaPrivateKey {
  const match = PEM_BLOCK.exec(pem);
  if (!match) throw new DecryptError('no RSA private key in the file');
  const der = base64ToBytes(match[2]);
  const top = readElement(der, 0);
  return match[1] === 'RSA PRIVATE KEY' ? parsePkcs1(der, top) : parsePkcs8(der, top);
}

/** base^exponent mod modulus by square-and-multiply. */
export function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  let square = base % modulus;
  for (let rest = exponent; rest > 0n; rest >>= 1n) {
    if (rest & 1n) result = (result * square) % modulus;
    square = (square * square) % modulus;
  }
  return result;
}

function byteLength(value: bigint): number {
  return Math.ceil(value.toString(16).length / 2);
}

/** c^d mod n through the CRT (RFC 8017 §5.1.2, 2.b): two half-size exponentiations instead of one. */
function rsaDecryptPrimitive(key: RsaPrivateKey, c: bigint): bigint {
  const m1 = modPow(c % key.p, key.dp, key.p);
  const m2 = modPow(c % key.q, key.dq, key.q);
  const h = (((m1 - m2) % key.p) + key.p) % key.p * key.qinv % key.p;
  return m2 + h * key.q;
}

/**
 * Decrypts a base64 RSAES-PKCS1-v1_5 ciphertext (Nova's encrypted password)
 * with a PEM private key and returns the UTF-8 plaintext. Throws a
 * `DecryptError` for an unreadable key, a ciphertext of the wrong size or a
 * padding that does not check out (the wrong key).
 *
 * @example
 * decryptPkcs1v15(pemText, encryptedPassword); // 'Tr0ub4dor&3'
 */
export function decryptPkcs1v15(pem: string, ciphertextBase64: string): string {
  const key = parsePrivateKeyPem(pem);
  const k = byteLength(key.n);
  const cipherBytes = base64ToBytes(ciphertextBase64);
  if (cipherBytes.length !== k || k < 11) throw new DecryptError('ciphertext size does not match the key');
  const c = bytesToBigInt(cipherBytes);
  if (c >= key.n) throw new DecryptError('ciphertext out of range');
  const m = rsaDecryptPrimitive(key, c);
  // EM = 0x00 || 0x02 || PS (at least 8 non-zero bytes) || 0x00 || M
  const em = new Uint8Array(k);
  let rest = m;
  for (let index = k - 1; index >= 0; index -= 1) {
    em[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  if (em[0] !== 0x00 || em[1] !== 0x02) throw new DecryptError('decryption error');
  const separator = em.indexOf(0x00, 2);
  if (separator < 10) throw new DecryptError('decryption error');
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(em.subarray(separator + 1));
  } catch {
    throw new DecryptError('decryption error');
  }
}
