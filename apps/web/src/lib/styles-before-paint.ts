import { useLayoutEffect, useState } from 'react';

/**
 * PrimeReact injects each component's stylesheet in a mount effect, which React runs after the
 * browser painted the first frame: that frame shows its tables and dropdowns unstyled (a table
 * with 2 px border spacing, a dropdown's label out of place) and the next one moves them — a layout
 * shift. A state change from a layout effect is rendered before the paint, and React runs the
 * pending mount effects first, so the first frame the user sees already has the styles.
 * Rendered as a leaf of the page: the extra render is of this leaf alone (as a hook of the SIM list
 * page it rendered the whole page twice, ~60 ms before the first paint).
 */
export function StylesBeforePaint(): null {
  const [, setSettled] = useState(false);
  // The one extra render before the paint is the point here.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useLayoutEffect(() => setSettled(true), []);
  return null;
}
