type Navigator = (to: string) => void;

let navigator: Navigator = (to) => window.location.assign(to);

/** The router registers itself here so lib code (api client) can move the user without importing the app. */
export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  navigator(to);
}
