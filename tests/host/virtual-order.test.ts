import { restoreOrder, type StoredKeyboard } from '../../src/host/virtual-store';

const record = (id: string, savedAt: number, addedAt?: number): StoredKeyboard => ({
  id,
  spec: { displayName: 'Made68Pro', fwVer: '1.3.7', serial: id },
  image: new Uint8Array(),
  savedAt,
  ...(addedAt === undefined ? {} : { addedAt }),
});

describe('saved virtual keyboards come back in the order they were added', () => {
  it('whichever was saved last', () => {
    // B was added second but its settings changed last: it still comes second.
    const stored = [record('B', 900, 200), record('C', 300, 300), record('A', 950, 100)];
    expect(restoreOrder(stored).map((r) => r.id)).toEqual(['A', 'B', 'C']);
  });

  it('records saved before the added time existed fall back to their save time', () => {
    const stored = [record('new', 50, 500), record('old', 400)];
    expect(restoreOrder(stored).map((r) => r.id)).toEqual(['old', 'new']);
  });

  it('leaves the stored list as it was', () => {
    const stored = [record('B', 2, 2), record('A', 1, 1)];
    restoreOrder(stored);
    expect(stored.map((r) => r.id)).toEqual(['B', 'A']);
  });
});
