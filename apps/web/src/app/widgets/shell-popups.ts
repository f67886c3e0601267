import { useState } from 'react';
import type { MeResult } from '@cab/contract/me';

/** The modal dialogs the shell may open by itself; at most one at a time. */
export type ShellPopup = 'update' | 'emptySim' | 'emptyBalance';

export interface PopupDismissals {
  /** The empty-SIM dialog was closed in this browser session (spec §4: "closing sets it to 1"). */
  emptySim: boolean;
  /** The balance the empty-balance dialog was closed at; it opens again only when the balance moves. */
  balanceAt: number | null | undefined;
}

/**
 * Which dialog shows, one at a time, in order: a required update, then SIM cards to order, then a
 * balance to top up (spec §4: it "shows when balance_problem is true" — a company without SIM cards
 * too, once the empty-SIM dialog is closed). The news drawer waits until no dialog is open.
 */
export function activePopup(me: MeResult | undefined, dismissed: PopupDismissals): ShellPopup | null {
  if (!me) return null;
  if (me.update) return 'update';
  if (me.sim_count === 0 && !dismissed.emptySim) return 'emptySim';
  if (me.company.balance_problem && dismissed.balanceAt !== me.company.balance) return 'emptyBalance';
  return null;
}

const emptySimKey = (userId: number) => `empty-sim-closed:${userId}`;

function readEmptySimClosed(userId: number | undefined): boolean {
  if (userId === undefined) return false;
  try {
    return window.sessionStorage.getItem(emptySimKey(userId)) === '1';
  } catch {
    return false;
  }
}

/** The shell's dialog queue: closing a dialog is remembered apart from the user data, which stays true. */
export function useShellPopups(me: MeResult | undefined) {
  const userId = me?.user.id;
  const [closedEmptySimFor, setClosedEmptySimFor] = useState<number | null>(null);
  const [balanceAt, setBalanceAt] = useState<number | null | undefined>(undefined);
  const emptySim = userId !== undefined && (closedEmptySimFor === userId || readEmptySimClosed(userId));
  return {
    active: activePopup(me, { emptySim, balanceAt }),
    closeEmptySim: () => {
      if (userId === undefined) return;
      try {
        window.sessionStorage.setItem(emptySimKey(userId), '1');
      } catch {
        // Storage may be unavailable (private mode): the dialog then stays closed for this page only.
      }
      setClosedEmptySimFor(userId);
    },
    closeEmptyBalance: () => setBalanceAt(me?.company.balance),
  };
}
