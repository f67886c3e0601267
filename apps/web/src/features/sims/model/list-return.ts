/** The SIM list's last URL (filters, sort, page), so "back to the SIM list" returns to the same view. */
const KEY = 'sims:list-return';

export function rememberListSearch(search: string): void {
  try {
    window.sessionStorage.setItem(KEY, search);
  } catch {
    // Storage unavailable: the back link then opens the plain list.
  }
}

export function listReturnPath(): string {
  try {
    const search = window.sessionStorage.getItem(KEY) ?? '';
    return search.startsWith('?') ? `/list${search}` : '/list';
  } catch {
    return '/list';
  }
}
