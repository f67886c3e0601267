import { useId, useState } from 'react';
import { Button, type ButtonProps } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';

type HintedButtonProps = Omit<ButtonProps, 'tooltip' | 'tooltipOptions'> & {
  /** Shown on hover, also while the button is disabled (why it is), and read out as its description. */
  hint?: string;
};

/**
 * A button whose hint shows even while it is disabled. PrimeReact's own `showOnDisabled` moves the
 * disabled button into a wrapper of its own, behind React's back: when React then removed the button
 * (the viewer's Roaming button, once the role arrived) the commit failed in removeChild and the SIM
 * list fell to its error view. Here the wrapper is React's, and the tooltip hangs on it. A tooltip
 * is only seen with a mouse: the hint is also the button's description (aria-describedby), so a
 * screen reader says why the button does nothing.
 */
export function HintedButton({ hint, ...button }: HintedButtonProps) {
  const [wrapper, setWrapper] = useState<HTMLSpanElement | null>(null);
  const hintId = useId();
  return (
    <>
      <span ref={setWrapper} className="hinted-button">
        <Button {...button} aria-describedby={hint ? hintId : button['aria-describedby']} />
        {hint && (
          <span id={hintId} className="visually-hidden">
            {hint}
          </span>
        )}
      </span>
      {hint && wrapper && <Tooltip target={wrapper} content={hint} position="bottom" />}
    </>
  );
}
