/**
 * Every outer-frame and ambient mode a keyboard offers has a name in both languages: the virtual firmware offers the
 * modes the LED mode resource describes, so no list shows a bare "Mode n".
 */
import { describe, expect, it } from 'vitest';
import { capabilitiesFor } from '../../src/core/capabilities.ts';
import { CONFIGURABLE_MODELS } from '../../src/core/models.ts';
import { AMBIENT_MODES, LATEST_FIRMWARE, OUTFRAME_MODES } from '../../src/core/resources.ts';
import { lightingEn, lightingZh } from '../../src/i18n/sections/lighting.ts';
import { makeHarness } from './harness.ts';

const named = (id: string) => id in lightingEn && id in lightingZh;

describe('outer-frame and ambient mode names', () => {
  const withFrame = CONFIGURABLE_MODELS.filter((m) => capabilitiesFor(m, LATEST_FIRMWARE[m]).lighting.outerFrame);
  const withAmbient = CONFIGURABLE_MODELS.filter((m) => capabilitiesFor(m, LATEST_FIRMWARE[m]).lighting.ambient);

  it.each([...withFrame, ...withAmbient])('%s offers only modes named in English and Chinese', async (model) => {
    const h = makeHarness();
    const path = await h.add(model, LATEST_FIRMWARE[model]);
    const info = await h.client.getKeyColorInfo({ path });
    const names = [
      ...(info.keyoutframe?.items.map((i) => i.mode_name) ?? []),
      ...(info.keyambient?.ambientmodes.map((m) => m.mode_name) ?? []),
    ];
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(named(name), name).toBe(true);
    if (info.keyoutframe) expect(info.keyoutframe.lightbar_size).toBe(OUTFRAME_MODES.length);
    if (info.keyambient) expect(info.keyambient.ambient_mode_size).toBe(AMBIENT_MODES.length);
  });

  it('has a model of each kind to check', () => {
    expect(withFrame).toContain('made68pro');
    expect(withAmbient).toEqual(['real67']);
  });
});
