/**
 * Texts of the devices-extra catalogue section, with their ids checked against the section itself: `tx(t, id, …)`
 * is `t(id, …)` for those ids, whether or not the section is spread into the catalogues yet.
 */
import type { DevicesExtraId } from '../../i18n/sections/devices-extra';
import type { MessageValue, Translate } from '../../i18n/translate';

export function tx(t: Translate, id: DevicesExtraId, ...values: MessageValue[]): string {
  return t.dynamic(id, ...values);
}
