/**
 * The gamepad (XInput) of a profile: a button or stick direction per key, the analog curve (four points of key travel
 * to output) and four flags. Buttons go out in runs of 60 (the firmware takes 60 per report; hmkconf sends 59).
 */
import type { GamepadConfig, GamepadPort } from '../types.ts';
import {
  decodeBytes,
  decodeGamepadOptions,
  gamepadOptionsArgs,
  listWriteArgs,
  type RawGamepadOptions,
} from './codec.ts';
import type { LibhmkContext } from './context.ts';
import { distanceToMm, mmToDistance, TRAVEL_MM } from './distance.ts';
import { CMD, GAMEPAD_FLAG_BITS, PER_REPORT } from './protocol.ts';
import { badArgument, confirm, runs, sendAll, windows } from './writes.ts';

/** gamepad_button_t of the firmware, by code. */
export const GAMEPAD_BUTTONS: { code: number; en: string; zh: string }[] = [
  { code: 0, en: 'None', zh: '无' },
  { code: 1, en: 'A', zh: 'A 键' },
  { code: 2, en: 'B', zh: 'B 键' },
  { code: 3, en: 'X', zh: 'X 键' },
  { code: 4, en: 'Y', zh: 'Y 键' },
  { code: 5, en: 'D-pad up', zh: '方向键上' },
  { code: 6, en: 'D-pad down', zh: '方向键下' },
  { code: 7, en: 'D-pad left', zh: '方向键左' },
  { code: 8, en: 'D-pad right', zh: '方向键右' },
  { code: 9, en: 'Start', zh: '开始键' },
  { code: 10, en: 'Back', zh: '返回键' },
  { code: 11, en: 'Home (guide)', zh: '主页键' },
  { code: 12, en: 'Left stick press', zh: '左摇杆按下' },
  { code: 13, en: 'Right stick press', zh: '右摇杆按下' },
  { code: 14, en: 'Left bumper', zh: '左肩键' },
  { code: 15, en: 'Right bumper', zh: '右肩键' },
  { code: 16, en: 'Left stick up', zh: '左摇杆上' },
  { code: 17, en: 'Left stick down', zh: '左摇杆下' },
  { code: 18, en: 'Left stick left', zh: '左摇杆左' },
  { code: 19, en: 'Left stick right', zh: '左摇杆右' },
  { code: 20, en: 'Right stick up', zh: '右摇杆上' },
  { code: 21, en: 'Right stick down', zh: '右摇杆下' },
  { code: 22, en: 'Right stick left', zh: '右摇杆左' },
  { code: 23, en: 'Right stick right', zh: '右摇杆右' },
  { code: 24, en: 'Left trigger', zh: '左扳机' },
  { code: 25, en: 'Right trigger', zh: '右扳机' },
];

const FLAGS = Object.keys(GAMEPAD_FLAG_BITS) as (keyof typeof GAMEPAD_FLAG_BITS)[];

export function toGamepadOptions(raw: RawGamepadOptions): Pick<GamepadConfig, 'curve' | 'flags'> {
  return {
    curve: raw.curve.map((p) => ({ mm: distanceToMm(p.x), out: p.y })),
    flags: Object.fromEntries(FLAGS.map((f) => [f, ((raw.flags >> GAMEPAD_FLAG_BITS[f]) & 1) === 1])),
  };
}

function fromPatch(raw: RawGamepadOptions, patch: Partial<GamepadConfig>): RawGamepadOptions {
  let curve = raw.curve;
  if (patch.curve) {
    if (patch.curve.length !== 4) throw badArgument('the analog curve has four points');
    curve = patch.curve.map((p) => {
      if (!Number.isFinite(p.mm) || p.mm < 0 || p.mm > TRAVEL_MM) throw badArgument(`curve point at ${p.mm} mm`);
      if (!Number.isInteger(p.out) || p.out < 0 || p.out > 255) throw badArgument(`curve output ${p.out}`);
      return { x: mmToDistance(p.mm), y: p.out };
    });
    if (curve.some((p, i) => i > 0 && p.x < curve[i - 1]!.x)) throw badArgument('curve points go in travel order');
  }
  let flags = raw.flags;
  for (const [name, on] of Object.entries(patch.flags ?? {})) {
    if (!(name in GAMEPAD_FLAG_BITS)) throw badArgument(`unknown gamepad flag ${name}`);
    const bit = 1 << GAMEPAD_FLAG_BITS[name as keyof typeof GAMEPAD_FLAG_BITS];
    flags = on ? flags | bit : flags & ~bit;
  }
  return { curve, flags };
}

export function gamepadPort(ctx: LibhmkContext): GamepadPort {
  const { link, meta } = ctx;
  const readButtons = (p: number, starts?: number[]) =>
    ctx.readList(CMD.getGamepadButtons, [p], meta.numKeys, PER_REPORT.gamepadRead, decodeBytes, starts);
  const readOptions = async (p: number) => decodeGamepadOptions(await link.request(CMD.getGamepadOptions, [p]));
  const optionsText = (o: RawGamepadOptions) => new Map([['gamepad options', gamepadOptionsArgs(0, o).join(',')]]);

  return {
    buttons: () => GAMEPAD_BUTTONS.map((b) => ({ ...b })),

    async read(profile) {
      const p = await ctx.profile(profile);
      const buttons = await readButtons(p);
      return {
        buttons: Array.from({ length: meta.numKeys }, (_, k) => buttons.get(k)!),
        ...toGamepadOptions(await readOptions(p)),
      };
    },

    async write(config, profile) {
      const p = await ctx.profile(profile);
      const buttons = config.buttons ?? [];
      if (buttons.length > meta.numKeys) throw badArgument(`${buttons.length} buttons for ${meta.numKeys} keys`);
      buttons.forEach((b) => {
        if (!GAMEPAD_BUTTONS.some((g) => g.code === b)) throw badArgument(`unknown gamepad button ${b}`);
      });
      const touchesOptions = config.curve !== undefined || config.flags !== undefined;
      const before = touchesOptions ? await readOptions(p) : undefined;
      const next = before ? fromPatch(before, config) : undefined;
      const keys = buttons.map((_, k) => k);
      const sends = runs(keys, PER_REPORT.gamepadWrite).map((run) => {
        const args = listWriteArgs(
          p,
          run[0]!,
          run.map((k) => buttons[k]!),
          run.length,
        );
        return () => link.request(CMD.setGamepadButtons, args);
      });
      if (next) sends.push(() => link.request(CMD.setGamepadOptions, gamepadOptionsArgs(p, next)));
      const failure = await sendAll(sends);
      const name = (k: number): string => `profile ${p} key ${k} button`;
      const expected = new Map([
        ...keys.map((k) => [name(k), String(buttons[k])] as [string, string]),
        ...(next ? optionsText(next) : []),
      ]);
      await confirm('gamepad', expected, failure, async () => {
        const held = keys.length ? await readButtons(p, windows(keys, PER_REPORT.gamepadRead)) : new Map();
        return new Map([
          ...keys.map((k) => [name(k), String(held.get(k))] as [string, string]),
          ...(next ? optionsText(await readOptions(p)) : []),
        ]);
      });
    },
  };
}
