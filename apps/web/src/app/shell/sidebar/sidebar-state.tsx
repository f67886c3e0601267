import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { SIDEBAR_HOVER_CLOSE_DELAY_MS, SIDEBAR_HOVER_OPEN_DELAY_MS } from '@cab/contract/constants';
import { STORAGE_KEYS } from '@cab/contract/storage';
import { NARROW_QUERY, useMediaQuery } from '@/lib/use-media-query';

interface SidebarState {
  /** The persisted choice (`main-menu-hide`). */
  collapsed: boolean;
  /** Collapsed but temporarily opened by hovering. */
  peeking: boolean;
  toggle: () => void;
  hoverStart: () => void;
  hoverEnd: () => void;
  /** Below ~960 px the menu is an overlay drawer, closed unless opened from the header. */
  narrow: boolean;
  drawerOpen: boolean;
  setDrawerOpen: (open: boolean) => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

function readCollapsed(): boolean {
  return localStorage.getItem(STORAGE_KEYS.menuHidden) === 'true';
}

export function SidebarProvider({ children }: { children: ReactNode }) {
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [peeking, setPeeking] = useState(false);
  const narrow = useMediaQuery(NARROW_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  if (!narrow && drawerOpen) setDrawerOpen(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const clearTimer = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
  }, []);

  useEffect(() => clearTimer, [clearTimer]);

  const value = useMemo<SidebarState>(
    () => ({
      collapsed,
      peeking,
      toggle: () => {
        clearTimer();
        setPeeking(false);
        setCollapsed((previous) => {
          localStorage.setItem(STORAGE_KEYS.menuHidden, String(!previous));
          return !previous;
        });
      },
      narrow,
      drawerOpen,
      setDrawerOpen,
      hoverStart: () => {
        if (!collapsed || narrow) return;
        clearTimer();
        timer.current = setTimeout(() => setPeeking(true), SIDEBAR_HOVER_OPEN_DELAY_MS);
      },
      hoverEnd: () => {
        clearTimer();
        if (!collapsed) return;
        timer.current = setTimeout(() => setPeeking(false), SIDEBAR_HOVER_CLOSE_DELAY_MS);
      },
    }),
    [collapsed, peeking, clearTimer, narrow, drawerOpen],
  );

  return <SidebarContext.Provider value={value}>{children}</SidebarContext.Provider>;
}

export function useSidebar(): SidebarState {
  const state = useContext(SidebarContext);
  if (!state) throw new Error('useSidebar needs SidebarProvider');
  return state;
}
