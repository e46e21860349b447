/**
 * The advanced-key area's texts (src/i18n/sections/advanced.ts) load with its code, not with the first screen: the
 * modules of the area import this one, which registers them before any of their components renders. Their ids stay
 * checked by the type system (MessageId in src/i18n/en_US.ts).
 */
import { advancedEn, advancedZh } from '../../../../i18n/sections/advanced';
import { registerTexts } from '../../../../i18n/translate';

registerTexts(advancedEn, advancedZh);
