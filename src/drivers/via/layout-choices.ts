/** A VIA keyboard's drawing for the layout options it holds (src/core/layout-choices.ts). */
export { corners, layoutForChoices } from '../../core/layout-choices.ts';
