/**
 * The public keys Keytune trusts to sign firmware images (docs/protocol.md §9.1), one table for every vendor. An image
 * names its signer (header field `signer`); the service takes the image only when that signer is in this table, is
 * trusted for the device in hand, and its key verifies the signature over the header and payload.
 *
 * A vendor's entry holds its public key only: the private key stays with the vendor. The reference firmware, which
 * drives the virtual keyboards, has its own key pair (its private key is in reference-firmware-signing-key.ts), and
 * that key is trusted for virtual keyboards only.
 */
import { ed25519 } from './ed25519.ts';

export interface TrustedKey {
  /** The `signer` field of the images this key signs. */
  signer: number;
  /** Who holds the private key. */
  owner: string;
  /** Ed25519 public key, 32 bytes, hex. */
  publicKeyHex: string;
  /** Devices whose images this key may sign: the virtual keyboards, or real devices of these USB vendor ids. */
  trustedFor: { virtual: true } | { vendorIds: readonly number[] };
}

/** Signer of the reference firmware's images. */
export const REFERENCE_SIGNER = 0xf001;

const TRUSTED_FIRMWARE_KEYS: readonly TrustedKey[] = [
  {
    signer: REFERENCE_SIGNER,
    owner: 'Keytune reference firmware (virtual keyboards)',
    publicKeyHex: 'b11a7c8b42b34de65571b3f93842d90266b6bfb2347e56935cd3fcc8581b873a',
    trustedFor: { virtual: true },
  },
  // A vendor's key is added here with its vendor ids once the vendor hands over its public key.
];

/** What the service knows of the device an image is for. */
export interface SignatureTarget {
  virtual: boolean;
  vendorId: number;
}

/** The key of `signer` when it may sign images for `target`. */
export function trustedKeyFor(signer: number, target: SignatureTarget, table = TRUSTED_FIRMWARE_KEYS) {
  const key = table.find((k) => k.signer === signer);
  if (!key) return undefined;
  const ok = 'virtual' in key.trustedFor ? target.virtual : key.trustedFor.vendorIds.includes(target.vendorId);
  return ok ? key : undefined;
}

export function hexBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** True when `signature` is `key`'s Ed25519 signature of `message` (strict RFC 8032 checks). */
export function verifySignature(key: TrustedKey, signature: Uint8Array, message: Uint8Array): boolean {
  try {
    return ed25519().verify(signature, message, hexBytes(key.publicKeyHex), { zip215: false });
  } catch {
    return false;
  }
}
