import { controlsSide, isInDragRegion } from '../../src/ui/shell/drag-region';

describe('title bar drag region', () => {
  const W = 1200;

  it('puts window buttons on the left on Mac only', () => {
    expect(controlsSide('mac')).toBe('left');
    expect(controlsSide('window')).toBe('right');
    expect(controlsSide('linux')).toBe('right');
    expect(controlsSide('other')).toBe('right');
  });

  it('drags inside the top 50 px', () => {
    expect(isInDragRegion(600, 10, W, 'right')).toBe(true);
    expect(isInDragRegion(600, 49, W, 'right')).toBe(true);
    expect(isInDragRegion(600, 50, W, 'right')).toBe(false);
    expect(isInDragRegion(600, 300, W, 'right')).toBe(false);
  });

  it('keeps 10 px edges for resizing', () => {
    expect(isInDragRegion(600, 9, W, 'right')).toBe(false);
    expect(isInDragRegion(9, 20, W, 'right')).toBe(false);
    expect(isInDragRegion(10, 20, W, 'right')).toBe(true);
    expect(isInDragRegion(W - 9, 20, W, 'left')).toBe(false);
    expect(isInDragRegion(W - 11, 20, W, 'left')).toBe(true);
  });

  it('keeps the 100 px control zone on the controls side', () => {
    expect(isInDragRegion(W - 100, 20, W, 'right')).toBe(false);
    expect(isInDragRegion(W - 101, 20, W, 'right')).toBe(true);
    expect(isInDragRegion(99, 20, W, 'left')).toBe(false);
    expect(isInDragRegion(100, 20, W, 'left')).toBe(true);
    // The zone follows the controls: the left corner is free when they are on the right.
    expect(isInDragRegion(50, 20, W, 'right')).toBe(true);
    expect(isInDragRegion(W - 50, 20, W, 'left')).toBe(true);
  });
});
