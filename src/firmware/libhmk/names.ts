/** The key-code names the simulated keyboard's default keymaps use, as include/keycodes.h numbers them. */

const NAMED: Record<string, number> = {
  _______: 0x01,
  KC_ENT: 0x26,
  KC_ESC: 0x27,
  KC_BSPC: 0x28,
  KC_TAB: 0x29,
  KC_SPC: 0x2a,
  KC_MINS: 0x2b,
  KC_EQL: 0x2c,
  KC_LBRC: 0x2d,
  KC_RBRC: 0x2e,
  KC_BSLS: 0x2f,
  KC_SCLN: 0x31,
  KC_QUOT: 0x32,
  KC_GRV: 0x33,
  KC_COMM: 0x34,
  KC_DOT: 0x35,
  KC_SLSH: 0x36,
  KC_CAPS: 0x37,
  KC_PSCR: 0x44,
  KC_DEL: 0x4a,
  KC_RGHT: 0x4d,
  KC_LEFT: 0x4e,
  KC_DOWN: 0x4f,
  KC_UP: 0x50,
  KC_APP: 0x63,
  KC_LCTL: 0x7b,
  KC_LSFT: 0x7c,
  KC_LALT: 0x7d,
  KC_LGUI: 0x7e,
  KC_RCTL: 0x7f,
  KC_RSFT: 0x80,
  KC_RALT: 0x81,
  KC_RGUI: 0x82,
  KC_MUTE: 0x86,
  KC_VOLU: 0x87,
  KC_VOLD: 0x88,
  KC_MNXT: 0x89,
  KC_MPRV: 0x8a,
  KC_MPLY: 0x8c,
  LY_LOCK: 0xd1,
  PF_SWAP: 0xd2,
  PF_NEXT: 0xd3,
  SP_BOOT: 0xd4,
};

export function simCode(name: string): number {
  if (name in NAMED) return NAMED[name]!;
  const letter = /^KC_([A-Z])$/.exec(name);
  if (letter) return 0x02 + letter[1]!.charCodeAt(0) - 65;
  const digit = /^KC_([0-9])$/.exec(name);
  if (digit) return digit[1] === '0' ? 0x25 : 0x1c + Number(digit[1]) - 1;
  const f = /^KC_F([0-9]+)$/.exec(name);
  if (f && Number(f[1]) >= 1 && Number(f[1]) <= 12) return 0x38 + Number(f[1]) - 1;
  const param = /^(MO|PF)\(([0-7])\)$/.exec(name);
  if (param) return (param[1] === 'MO' ? 0xc0 : 0xc8) + Number(param[2]);
  throw new Error(`the simulator has no code for ${name}`);
}
