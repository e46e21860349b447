/**
 * Lighting through the custom value commands (0x07 set, 0x08 get, 0x09 save): [command, channel, value id, data].
 * Brightness, effect, speed and colour (hue, saturation) per channel the definition names. QMK scales brightness to
 * its maximum on the way in and back, so a value read back may differ from the one written by a step.
 * Protocol 9 keyboards have no channels: their values are addressed by one id (0x09/0x0A backlight, 0x80-0x83 RGB
 * light).
 */
import { DriverError, type LightingPort, type LightingState } from '../types.ts';
import type { LightingChannelDef } from './lighting-menus.ts';
import { VIA_CMD, VIA_LEGACY_LIGHT, VIA_LIGHT_VALUE } from './protocol.ts';
import type { ViaSession } from './session.ts';

type Value = 'brightness' | 'effect' | 'speed' | 'colour';

function address(session: ViaSession, def: LightingChannelDef, value: Value): number[] | undefined {
  if (session.protocol >= 10) return [def.channel, VIA_LIGHT_VALUE[value]];
  const legacy: Partial<Record<LightingChannelDef['id'], Partial<Record<Value, number>>>> = {
    backlight: { brightness: VIA_LEGACY_LIGHT.backlightBrightness, effect: VIA_LEGACY_LIGHT.backlightEffect },
    rgblight: {
      brightness: VIA_LEGACY_LIGHT.rgblightBrightness,
      effect: VIA_LEGACY_LIGHT.rgblightEffect,
      speed: VIA_LEGACY_LIGHT.rgblightSpeed,
      colour: VIA_LEGACY_LIGHT.rgblightColour,
    },
  };
  const id = legacy[def.id]?.[value];
  return id === undefined ? undefined : [id];
}

function has(def: LightingChannelDef, value: Value): boolean {
  if (value === 'brightness') return def.brightness;
  if (value === 'effect') return def.effects.length > 0;
  return value === 'speed' ? def.speed : def.colour;
}

export function createLightingPort(session: ViaSession, channels: readonly LightingChannelDef[]): LightingPort {
  const find = (id: string) => {
    const def = channels.find((c) => c.id === id);
    if (!def) throw new DriverError('refused', `this keyboard has no lighting channel "${id}"`);
    return def;
  };

  async function get(def: LightingChannelDef, value: Value): Promise<number[]> {
    const addr = address(session, def, value);
    if (!addr || !has(def, value)) return [0, 0];
    const reply = await session.client.call({
      command: VIA_CMD.customGetValue,
      args: addr,
      echo: 1 + addr.length,
      idempotent: true,
    });
    return [reply[1 + addr.length]!, reply[2 + addr.length]!];
  }

  async function set(def: LightingChannelDef, value: Value, data: number[]): Promise<void> {
    const addr = address(session, def, value);
    if (!addr || !has(def, value)) return;
    await session.client.call({
      command: VIA_CMD.customSetValue,
      args: [...addr, ...data],
      echo: 1 + addr.length + data.length,
    });
  }

  return {
    async read() {
      const out: LightingState[] = [];
      for (const def of channels) {
        const [brightness] = await get(def, 'brightness');
        const [effect] = await get(def, 'effect');
        const [speed] = await get(def, 'speed');
        const [hue, saturation] = await get(def, 'colour');
        out.push({
          channel: def.id,
          brightness: brightness!,
          effect: effect!,
          speed: speed!,
          hue: hue!,
          saturation: saturation!,
        });
      }
      return out;
    },

    async write(state) {
      const def = find(state.channel);
      const byte = (v: number, max = 255) => Math.max(0, Math.min(max, Math.round(v)));
      if (def.effects.length && !def.effects.some((e) => e.id === state.effect))
        throw new DriverError('refused', `effect ${state.effect} is not one of channel ${def.id}'s`);
      await set(def, 'effect', [byte(state.effect)]);
      await set(def, 'brightness', [byte(state.brightness, def.brightnessMax)]);
      await set(def, 'speed', [byte(state.speed)]);
      await set(def, 'colour', [byte(state.hue), byte(state.saturation)]);
    },

    async save(channel) {
      const def = find(channel);
      const args = session.protocol >= 10 ? [def.channel] : [];
      await session.client.call({ command: VIA_CMD.customSave, args, echo: 1 + args.length });
    },
  };
}
