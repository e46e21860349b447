/**
 * Ed25519 (RFC 8032) for firmware images, from @noble/ed25519 with @noble/hashes' SHA-512 so signing and verifying run
 * synchronously (image checks happen in synchronous code paths, in the browser and in Node alike).
 */
import * as ed from '@noble/ed25519';
import { sha512 } from '@noble/hashes/sha2.js';

let ready = false;

export function ed25519(): typeof ed {
  if (!ready) {
    ed.hashes.sha512 = sha512;
    ready = true;
  }
  return ed;
}
