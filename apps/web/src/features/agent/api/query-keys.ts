/** The agent feature's query keys; a `notify` event (app/realtime) refreshes them all. */
export const AGENT_KEY = ['agent'] as const;
