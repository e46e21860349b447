/**
 * The texts of the libhmk and VIA screens and of their refusals (src/i18n/sections/libhmk.ts, via.ts) load with the
 * device page, not with the first screen: the device page imports this module, which registers them before any of
 * its tabs renders or a refusal of such a keyboard is shown. Their ids stay checked by the type system (MessageId in
 * src/i18n/en_US.ts).
 */
import { libhmkEn, libhmkZh } from '../../i18n/sections/libhmk';
import { viaEn, viaZh } from '../../i18n/sections/via';
import { registerTexts } from '../../i18n/translate';

registerTexts(libhmkEn, libhmkZh);
registerTexts(viaEn, viaZh);
