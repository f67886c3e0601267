/** Session status: `checking` while a refresh on load decides it. */
export type SessionStatus = 'checking' | 'in' | 'out';

type Listener = () => void;

export interface SessionStore {
  getStatus: () => SessionStatus;
  setStatus: (status: SessionStatus) => void;
  subscribe: (listener: Listener) => () => void;
}

export function createSessionStore(initial: SessionStatus): SessionStore {
  let status = initial;
  const listeners = new Set<Listener>();
  return {
    getStatus: () => status,
    setStatus: (next) => {
      if (next === status) return;
      status = next;
      for (const notify of [...listeners]) notify();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const sessionStore = createSessionStore('out');
