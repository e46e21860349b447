/**
 * The pieces of the first frame (first-paint.ts), rendered at build time from the app's own components and catalogue,
 * so the inline script draws the same rail, icons and card drawings the app renders a moment later.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { DEV_TYPE, MODELS } from '../../core/models';
import { LANGUAGES, createTranslate, type Language } from '../../i18n/translate';
import { DeviceArt } from '../device-list/device-art';
import { devTypeLabel } from '../device-list/device-format';
import { tx } from '../device-list/extra-texts';
import { RAIL_TABS, SIDE_TABS } from '../shell/rail-tabs';
import type { FirstPaintParts, FirstPaintTexts } from './first-paint';

function Rail({ language }: { language: Language }) {
  const t = createTranslate(language);
  return (
    <nav className="rail" aria-label={t('nav.label')}>
      <div className="rail__brand" aria-hidden="true">
        <span className="rail__logo">K</span>
      </div>
      <div className="rail__tabs" data-orientation="vertical">
        {SIDE_TABS.map((id) => {
          const { label, icon: Icon } = RAIL_TABS[id];
          return (
            <span
              key={id}
              className="rail__tab"
              data-tab-id={id}
              data-state={id === '0' ? 'active' : 'inactive'}
              data-orientation="vertical"
            >
              <Icon size={22} />
              <span className="rail__tab-label">{t(label)}</span>
            </span>
          );
        })}
      </div>
    </nav>
  );
}

function texts(language: Language): FirstPaintTexts {
  const t = createTranslate(language);
  const types: Record<string, string> = {};
  for (const type of Object.values(DEV_TYPE)) types[String(type)] = t(devTypeLabel(type));
  return {
    rail: renderToStaticMarkup(<Rail language={language} />),
    title: t('devices.title'),
    connecting: tx(t, 'devices.card.connecting'),
    connected: t('device.state.online'),
    loading: t('loading.label'),
    types,
  };
}

export function firstPaintParts(): FirstPaintParts {
  const art: Record<string, string> = {};
  for (const type of Object.values(DEV_TYPE))
    art[String(type)] = renderToStaticMarkup(<DeviceArt devType={type} width={180} />);
  const models: Record<string, readonly [string, number]> = {};
  for (const m of MODELS) models[m.name.toLowerCase()] = [m.displayName, m.devType];
  return {
    texts: Object.fromEntries(LANGUAGES.map((l) => [l, texts(l)])) as Record<Language, FirstPaintTexts>,
    art,
    models,
  };
}
