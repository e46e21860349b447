// @vitest-environment jsdom
/**
 * The first frame's cards go live once the service has listed the devices, before the app's first render: a listed
 * device's card says "Connected", its name is a button, and choosing it opens that device in the store the app
 * renders from. Cards of devices not listed stay "connecting" and inert; the rail stays inert.
 */
import { firstPaintParts } from '../../../src/ui/startup/first-paint-parts';
import { bringFirstFrameToLife, firstPaintHtml } from '../../../src/ui/startup/first-paint';
import { deviceRecord } from '../records';

const parts = firstPaintParts();

function drawFrame(names: string[]) {
  document.body.innerHTML = `<div id="root">${firstPaintHtml(
    parts,
    'en_US',
    names.map((name) => ({ name, type: 2 })),
  )}</div>`;
}

describe('the first frame goes live', () => {
  it('a listed device’s card opens it; the others and the rail wait for the app', () => {
    drawFrame(['Made68Pro', 'Cyber01']);
    const opened: string[] = [];
    const live = bringFirstFrameToLife(
      [deviceRecord({ display_name: 'Made68Pro', path: 'virtual:made68pro:1' })],
      (path) => opened.push(path),
      'Connected',
    );
    expect(live).toBe(1);
    const [first, second] = document.querySelectorAll<HTMLElement>('.device-card');
    expect(first).toHaveClass('device-card--live');
    expect(first).not.toHaveClass('device-card--preview');
    expect(first).toHaveTextContent('Connected');
    expect(second).toHaveClass('device-card--preview');
    expect(second).toHaveTextContent('Connecting…');
    expect(document.querySelector('.first-paint')).not.toHaveAttribute('inert');
    expect(document.querySelector('.first-paint .rail')).toHaveAttribute('inert');
    const button = first!.querySelector('button')!;
    expect(button).toHaveAccessibleName('Made68Pro');
    button.click();
    expect(opened).toEqual(['virtual:made68pro:1']);
    expect(first).toHaveAttribute('aria-busy', 'true');
  });

  it('does nothing once the app has rendered, or for an offline device', () => {
    document.body.innerHTML = '<div id="root"><main></main></div>';
    expect(bringFirstFrameToLife([deviceRecord()], () => {}, 'Connected')).toBe(0);
    drawFrame(['Made68Pro']);
    expect(
      bringFirstFrameToLife([deviceRecord({ display_name: 'Made68Pro', online: false })], () => {}, 'Connected'),
    ).toBe(0);
    expect(document.querySelector('.device-card--live')).toBeNull();
  });
});
