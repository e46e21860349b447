// @vitest-environment jsdom
/** The contact buttons show drawn icons, never letters standing in for a logo. */
import { screen, within } from '@testing-library/react';
import HelpTab from '../../../src/ui/help/HelpTab';
import { renderWithServices } from '../render';

it.each(['en_US', 'zh_CN'] as const)('every contact icon is a drawing, with no text in it (%s)', (language) => {
  renderWithServices(<HelpTab />, { language });
  const list = document.querySelector<HTMLElement>('.help__contacts')!;
  const buttons = within(list).getAllByRole('button');
  expect(buttons.length).toBeGreaterThan(0);
  for (const button of buttons) {
    const svg = button.querySelector('svg')!;
    expect(svg, button.getAttribute('aria-label')!).toBeTruthy();
    expect(svg.querySelector('text')).toBeNull();
    expect(svg.querySelectorAll('path, rect, circle, ellipse').length).toBeGreaterThan(0);
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(button).toHaveAccessibleName();
  }
  expect(screen.queryByText(/^(D|X|IG|f)$/)).toBeNull();
});
