/** The operations feature's query keys; a queue event (app/realtime) refreshes the list or all of them. */
export const OPERATIONS_KEY = ['operations'] as const;
export const OPERATIONS_LIST_KEY = [...OPERATIONS_KEY, 'list'] as const;
