import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { HintedButton } from './hinted-button';

/** The SIM list's toolbar, reduced: a disabled button with a hint that goes once the role is known. */
function Toolbar({ allowed }: { allowed: boolean | undefined }) {
  return (
    <div data-testid="toolbar">
      <HintedButton label="Operations" disabled hint="Select SIMs first" />
      {allowed !== false && <HintedButton label="Roaming" disabled hint="Select SIMs first" />}
      <HintedButton label="Export" />
    </div>
  );
}

describe('<HintedButton>', () => {
  it('a disabled button with a hint can be taken away (PrimeReact’s own wrapper broke the commit)', () => {
    const { rerender } = render(<Toolbar allowed={undefined} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Roaming' }).disabled).toBe(true);
    expect(() => rerender(<Toolbar allowed={false} />)).not.toThrow();
    expect(screen.queryByRole('button', { name: 'Roaming' })).toBeNull();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Operations', 'Export']);
  });

  it('keeps the button inside the wrapper React rendered', () => {
    render(<HintedButton label="Create" disabled hint="Read only" />);
    const button = screen.getByRole('button', { name: 'Create' });
    expect(button.parentElement?.className).toBe('hinted-button');
  });

  it('says the hint to a screen reader too: it is the disabled button’s description', () => {
    render(<HintedButton label="Operations" disabled hint="Your role cannot operate SIM cards" />);
    const button = screen.getByRole('button', { name: 'Operations' });
    const described = button.getAttribute('aria-describedby');
    expect(described).toBeTruthy();
    expect(document.getElementById(described ?? '')?.textContent).toBe('Your role cannot operate SIM cards');
  });
});
