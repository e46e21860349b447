// @vitest-environment jsdom
/**
 * Every place that names a key code names it from the keyboard's own code space: on the virtual HE60 (libhmk, whose
 * codes are one byte in the firmware's order: A is 0x02, C is 0x04) the Snap Tap key chooser, the tester's drawing
 * and the gamepad drawing's accessible names all say what the keys are, never the name our own protocol's table
 * gives the same number (0x04 is A there).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { libhmkSpace } from '../../../src/core/keycode-spaces/libhmk';
import AdvancedArea from '../../../src/ui/device-page/key-code/advanced/AdvancedArea';
import GamepadTab from '../../../src/ui/device-page/gamepad/GamepadTab';
import { forgetDrawings } from '../../../src/ui/keyboard/load-drawing';
import { DEFAULT_SPACE, deviceSpaceOf } from '../../../src/ui/keycode-space';
import KeyboardTester from '../../../src/ui/tools/tester/KeyboardTester';
import { openHe60 } from '../libhmk/harness';

beforeEach(() => forgetDrawings());

/** The key id of the HE60 key whose factory code is this libhmk code. */
async function he60Key(driver: Awaited<ReturnType<typeof openHe60>>['driver'], code: number): Promise<number> {
  const key = driver.layout!.keys.find((k) => k.code === code);
  if (!key) throw new Error(`no key with code ${code}`);
  return key.id;
}

const byName = (name: string) => libhmkSpace.catalogue({ layers: 4, profiles: 4 }).find((k) => k.name === name)!.code;

describe('the device space', () => {
  it('is never missing: our own protocol has its space, and every family its own', () => {
    expect(DEFAULT_SPACE.space.id).toBe('keytune');
    expect(deviceSpaceOf(undefined).space.id).toBe('keytune');
    const he60 = deviceSpaceOf({ keycodeSpace: 'libhmk', layers: 4, profiles: { count: 4 } as never });
    expect(he60.space.id).toBe('libhmk');
    expect(he60.options).toMatchObject({ layers: 4, profiles: 4 });
  });
});

describe('Snap Tap on the HE60', () => {
  it('choosing A and D by name puts the null bind on the keys A and D', async () => {
    const he60 = await openHe60((path) => (
      <AdvancedArea path={path} selectedKeys={[]} layer={0} keyLabel={(id) => `#${id}`} />
    ));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'Snap Tap' }));
    await user.click(screen.getByRole('button', { name: 'Add Snap Tap' }));
    const dialog = await screen.findByRole('dialog');
    const chooser = (name: string) => within(dialog).getByRole('combobox', { name }) as HTMLSelectElement;
    const optionOf = (name: string, legend: string) =>
      within(chooser(name))
        .getAllByRole('option')
        .find((o) => new RegExp(`^${legend}( |$)`).test(o.textContent ?? '')) as HTMLOptionElement;
    await user.selectOptions(chooser('First key'), optionOf('First key', 'A'));
    await user.selectOptions(chooser('Second key'), optionOf('Second key', 'D'));
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    const a = await he60Key(he60.driver, byName('A'));
    const d = await he60Key(he60.driver, byName('D'));
    await waitFor(
      async () => {
        const slots = await he60.driver.ports.advanced!.read();
        expect(slots.filter((s) => s.kind === 'nullBind')).toEqual([
          expect.objectContaining({ keyId: a, secondaryKeyId: d }),
        ]);
      },
      { timeout: 5000 },
    );
  });
});

describe('the keyboard tester on the HE60', () => {
  it('does not offer the HE60 as a source: it sends no key events of its own', async () => {
    const he60 = await openHe60(() => <KeyboardTester />);
    const source = screen.getByRole('combobox', { name: 'Key events from' }) as HTMLSelectElement;
    expect([...source.options].map((o) => o.value)).not.toContain(he60.path);
    expect(screen.getByTestId('tester-silent')).toHaveTextContent('sends no key events of its own');
  });
});

describe('the gamepad tab on the HE60', () => {
  it('names every key by its own legend, so W bound by name is the W key', async () => {
    const he60 = await openHe60((path) => <GamepadTab path={path} />);
    const w = await he60Key(he60.driver, byName('W'));
    await waitFor(() => expect(document.querySelector(`[data-key-id="${w}"]`)).not.toBeNull(), { timeout: 5000 });
    const key = document.querySelector(`[data-key-id="${w}"]`)!;
    expect(key.getAttribute('aria-label')).toMatch(/^Key W\b/);
    expect(key.textContent).toContain('W');
  });
});
