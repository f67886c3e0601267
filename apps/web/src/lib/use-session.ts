import { useSyncExternalStore } from 'react';
import { sessionStore, type SessionStatus } from './session-store';

export function useSessionStatus(): SessionStatus {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getStatus);
}

export function useIsLoggedIn(): boolean {
  return useSessionStatus() === 'in';
}
