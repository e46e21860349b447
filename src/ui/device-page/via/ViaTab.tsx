/**
 * The device-page tab of a VIA keyboard: what the definition offers beyond the key map. Lighting per channel, the
 * definition's own menus, layout options, the macro buffer and VIA's saved-layout files, each shown only where the
 * keyboard has it (a keyboard without its definition still has its macros; a saved layout needs the key map), and
 * what the keyboard is (its ids, VIA protocol and definition, which can be replaced).
 */
import '../family-texts';
import { useT } from '../../../i18n/store';
import { useDeviceRecord } from '../../device-features';
import { ViaKeyboardInfo } from './ViaKeyboardInfo';
import { ViaLayoutOptions } from './ViaLayoutOptions';
import { ViaLighting } from './ViaLighting';
import { ViaMacros } from './ViaMacros';
import { ViaMenus } from './ViaMenus';
import { ViaSavedLayout } from './ViaSavedLayout';

export default function ViaTab({ path }: { path: string }) {
  const t = useT();
  const record = useDeviceRecord(path);
  if (!record?.features.screens.includes('via')) return null;
  const { features, layout } = record;
  return (
    <div className="via-tab" aria-label={t('via.tab.label')} role="region">
      {features.lighting && features.lighting.channels.length > 0 && (
        <div className="panel">
          <ViaLighting path={path} />
        </div>
      )}
      {features.customMenus && (
        <div className="panel">
          <ViaMenus path={path} />
        </div>
      )}
      {layout?.options && layout.options.length > 0 && (
        <div className="panel">
          <ViaLayoutOptions path={path} />
        </div>
      )}
      {features.macroBuffer && (
        <div className="panel">
          <ViaMacros path={path} />
        </div>
      )}
      {features.keymap && (
        <div className="panel">
          <ViaSavedLayout path={path} />
        </div>
      )}
      <div className="panel">
        <ViaKeyboardInfo path={path} />
      </div>
    </div>
  );
}
