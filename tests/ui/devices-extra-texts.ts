/**
 * Puts the devices-extra section into both catalogues, as src/i18n/en_US.ts and zh_CN.ts do once they spread it
 * last; already there, this changes nothing. Tests of the screens using its ids call it before rendering.
 */
import { en_US } from '../../src/i18n/en_US';
import { devicesExtraEn, devicesExtraZh } from '../../src/i18n/sections/devices-extra';
import { zh_CN } from '../../src/i18n/zh_CN';

export function withDevicesExtraTexts(): void {
  Object.assign(en_US, devicesExtraEn);
  Object.assign(zh_CN, devicesExtraZh);
}
