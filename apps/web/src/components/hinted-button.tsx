import { useState } from 'react';
import { Button, type ButtonProps } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';

type HintedButtonProps = Omit<ButtonProps, 'tooltip' | 'tooltipOptions'> & {
  /** Shown on hover, also while the button is disabled (why it is). */
  hint?: string;
};

/**
 * A button whose hint shows even while it is disabled. PrimeReact's own `showOnDisabled` moves the
 * disabled button into a wrapper of its own, behind React's back: when React then removed the button
 * (the viewer's Roaming button, once the role arrived) the commit failed in removeChild and the SIM
 * list fell to its error view. Here the wrapper is React's, and the tooltip hangs on it.
 */
export function HintedButton({ hint, ...button }: HintedButtonProps) {
  const [wrapper, setWrapper] = useState<HTMLSpanElement | null>(null);
  return (
    <>
      <span ref={setWrapper} className="hinted-button">
        <Button {...button} />
      </span>
      {hint && wrapper && <Tooltip target={wrapper} content={hint} position="bottom" />}
    </>
  );
}
