/**
 * Toasts never cover a dialog's controls: the first clear corner at full width, else a narrower stack beside the
 * dialog, else the corner covering the fewest. Measured on the case of a wide restore dialog at 1366 x 768, whose OK
 * sits where the bottom-right stack goes.
 */
import { MIN_STACK_WIDTH, placeStack, type DialogShape } from '../../src/ui/toasts/placement';

const box = (left: number, top: number, width: number, height: number) => ({
  left,
  top,
  right: left + width,
  bottom: top + height,
});

const view = { width: 1366, height: 768 };
const stack = { width: 380, height: 70 };

/** A 640 px dialog centred on the screen, nearly as tall: close at its top right, Cancel and OK at its bottom right. */
const wide = (extra: ReturnType<typeof box>[] = []): DialogShape => ({
  box: box(363, 24, 640, 720),
  controls: [box(950, 40, 32, 32), box(840, 690, 80, 36), box(930, 690, 52, 36), ...extra],
});

/** Where the stack would be drawn. */
function stackBox(place: ReturnType<typeof placeStack>, size = stack) {
  const width = place.width ?? size.width;
  const height = place.width ? Math.ceil((size.height * size.width) / width) : size.height;
  const left = place.placement.endsWith('right') ? view.width - 20 - width : 20;
  const top = place.placement.startsWith('bottom') ? view.height - 20 - height : 20;
  return box(left, top, width, height);
}

const covers = (a: ReturnType<typeof box>, b: ReturnType<typeof box>) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

describe('the toast stack beside a dialog', () => {
  it('at full width in the first corner clear of every control', () => {
    const dialog = wide();
    const place = placeStack([dialog], view, stack);
    expect(place).toEqual({ placement: 'bottom-left' });
    for (const control of dialog.controls) expect(covers(stackBox(place), control)).toBe(false);
  });

  it('narrowed to the room beside the dialog when every corner would cover a control at full width', () => {
    // Something near each left corner of the dialog too (a link, a tab), inside the full-width stack's reach.
    const dialog = wide([box(375, 40, 60, 30), box(375, 690, 80, 36)]);
    const place = placeStack([dialog], view, stack);
    expect(place.width).toBe(1366 - 20 - 12 - 1003);
    expect(place.width).toBeGreaterThanOrEqual(MIN_STACK_WIDTH);
    expect(place.placement).toBe('bottom-right');
    for (const control of dialog.controls) expect(covers(stackBox(place), control)).toBe(false);
  });

  it('in the corner covering the fewest controls when there is no room beside it', () => {
    const narrow = { width: 900, height: 768 };
    const dialog: DialogShape = {
      box: box(130, 24, 640, 720),
      // Cancel and OK at the bottom right, one control in each other corner.
      controls: [
        box(700, 40, 32, 32),
        box(600, 690, 70, 36),
        box(690, 690, 70, 36),
        box(140, 40, 100, 30),
        box(140, 690, 100, 36),
      ],
    };
    const place = placeStack([dialog], narrow, stack);
    expect(place.width).toBeUndefined();
    expect(place.placement).toBe('top-right');
  });

  it('bottom right with nothing in the way', () => {
    expect(placeStack([{ box: box(463, 200, 440, 300), controls: [] }], view, stack)).toEqual({
      placement: 'bottom-right',
    });
  });
});
