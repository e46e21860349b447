/**
 * THE REFERENCE FIRMWARE'S PRIVATE SIGNING KEY — for virtual keyboards only.
 *
 * The reference firmware (src/firmware) drives the virtual keyboards. Its images (test images, the firmware catalogue
 * built with the app for the virtual models, local zips in tests) are signed with this Ed25519 key so that they pass
 * the same checks as a vendor's image. The key is public on purpose: the service trusts it for virtual keyboards
 * only (src/protocol/firmware-keys.ts), never for a keyboard on a real link, so knowing it gains nothing on real
 * hardware.
 *
 * A real vendor's private key never ships with Keytune and is never committed anywhere: the vendor signs its images
 * on its own build machine, and Keytune carries only the vendor's public key.
 */
export const REFERENCE_FIRMWARE_SECRET_KEY_HEX = 'a9c877977981002187c2e582caa27e184801cb471b33cd1d64c6df651df91c74';
