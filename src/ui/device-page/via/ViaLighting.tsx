/**
 * Lighting of a VIA keyboard, per channel its definition gives (backlight, underglow, RGB or LED matrix): effect,
 * brightness, speed and colour. Every change is written, read back and saved on the keyboard, so it outlives a
 * power cycle.
 */
import { useState } from 'react';
import type { ViaLightingChannel } from '../../../contract/areas/via';
import { useLanguage, useT } from '../../../i18n/store';
import { attempt } from '../../call';
import { useServices } from '../../services';
import { Slider } from '../../widgets/slider/Slider';
import { HueSaturation } from './HueSaturation';
import { ReadState, refusalText, Select, useViaRead } from './via-shared';

type Patch = { effect?: number; brightness?: number; speed?: number; hue?: number; saturation?: number };

function Channel({
  path,
  channel,
  onChange,
}: {
  path: string;
  channel: ViaLightingChannel;
  onChange(all: ViaLightingChannel[]): void;
}) {
  const t = useT();
  const language = useLanguage();
  const { client } = useServices();
  const [brightness, setBrightness] = useState(channel.brightness);
  const [speed, setSpeed] = useState(channel.speed_value);
  const [note, setNote] = useState<{ ok: boolean; text: string } | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const name = t.dynamic(`via.lighting.channel.${channel.channel}`);

  const apply = async (patch: Patch) => {
    setBusy(true);
    const set = await attempt(client.viaSetLighting({ path, channel: channel.channel, ...patch }));
    const saved = set.ok ? await attempt(client.viaSaveLighting({ path, channel: channel.channel })) : set;
    setBusy(false);
    if (set.ok) {
      onChange(set.value);
      const now = set.value.find((c) => c.channel === channel.channel);
      if (now) {
        setBrightness(now.brightness);
        setSpeed(now.speed_value);
      }
    }
    setNote(saved.ok ? { ok: true, text: t('via.lighting.saved') } : { ok: false, text: refusalText(t, saved.error) });
  };

  return (
    <section className="via-card" aria-label={name} data-channel={channel.channel}>
      <h3 className="via-card__title">{name}</h3>
      {channel.effects.length > 0 && (
        <Select
          label={t('via.lighting.effectLabel')}
          value={channel.effect}
          disabled={busy}
          options={channel.effects.map((e) => ({ value: e.id, label: language === 'zh_CN' ? e.zh : e.en }))}
          onChange={(effect) => void apply({ effect })}
        />
      )}
      <Slider
        label={t('via.lighting.brightnessLabel')}
        value={brightness}
        min={0}
        max={channel.brightness_max}
        step={1}
        disabled={busy}
        onChange={setBrightness}
        onCommit={(v) => void apply({ brightness: v })}
      />
      {channel.speed && (
        <Slider
          label={t('via.lighting.speedLabel')}
          value={speed}
          min={0}
          max={255}
          step={1}
          disabled={busy}
          onChange={setSpeed}
          onCommit={(v) => void apply({ speed: v })}
        />
      )}
      {channel.colour && (
        <HueSaturation
          label={t('via.lighting.colour')}
          hue={channel.hue}
          saturation={channel.saturation}
          disabled={busy}
          onCommit={(hue, saturation) => void apply({ hue, saturation })}
        />
      )}
      <p className={note?.ok === false ? 'via-problem' : 'via-ok'} role={note?.ok === false ? 'alert' : 'status'}>
        {note?.text ?? ''}
      </p>
    </section>
  );
}

export function ViaLighting({ path }: { path: string }) {
  const t = useT();
  const { client } = useServices();
  const { state, reload, set } = useViaRead(() => client.viaGetLighting({ path }), [client, path]);
  return (
    <section className="via-section" aria-labelledby="via-lighting-title">
      <h2 className="panel__title" id="via-lighting-title">
        {t('via.lighting.title')}
      </h2>
      <ReadState state={state} reload={() => void reload()}>
        {(channels) => (
          <div className="via-grid">
            {channels.map((c) => (
              <Channel key={c.channel} path={path} channel={c} onChange={set} />
            ))}
          </div>
        )}
      </ReadState>
    </section>
  );
}
