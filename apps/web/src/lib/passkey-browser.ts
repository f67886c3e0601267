import type { PasskeyAssertion, PasskeyRegisterFinish } from '@cab/contract/passkeys';

/**
 * The browser's side of a passkey ceremony (@simplewebauthn/browser), loaded when a user first asks
 * for one: the login route's first paint stays free of it.
 */

/**
 * Whether passkeys can work here: the browser offers WebAuthn, and the page was opened by a host
 * name — a passkey belongs to a domain, so a cabinet reached by an IP address cannot use one.
 */
export function passkeyAvailability(): 'available' | 'unsupported' | 'ip-address' {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function') return 'unsupported';
  const host = window.location.hostname;
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[') ? 'ip-address' : 'available';
}

/** Without passkeys available, the buttons that would start one are not shown. */
export const passkeysSupported = (): boolean => passkeyAvailability() === 'available';

/**
 * Why the browser's part did not finish, as an i18n key: the user closed its prompt (or it timed
 * out), the device already holds a passkey of this account, or the browser refused otherwise.
 */
export class PasskeyProblem extends Error {
  constructor(readonly messageKey: 'passkeys.cancelled' | 'passkeys.alreadyOnDevice' | 'passkeys.browserFailed') {
    super(messageKey);
  }
}

async function ceremony<T>(run: (lib: typeof import('@simplewebauthn/browser')) => Promise<T>): Promise<T> {
  const lib = await import('@simplewebauthn/browser');
  try {
    return await run(lib);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const name = error instanceof Error ? ((error as { cause?: { name?: string } }).cause?.name ?? error.name) : '';
    if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') throw new PasskeyProblem('passkeys.alreadyOnDevice');
    if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
      throw new PasskeyProblem('passkeys.cancelled');
    throw new PasskeyProblem('passkeys.browserFailed');
  }
}

/** Creates a passkey on this device for the options the server gave. */
export function createPasskey(options: Record<string, unknown>): Promise<PasskeyRegisterFinish['response']> {
  return ceremony(
    async (lib) =>
      (await lib.startRegistration({ optionsJSON: options as never })) as PasskeyRegisterFinish['response'],
  );
}

/** Signs the server's challenge with one of this device's passkeys. */
export function signWithPasskey(options: Record<string, unknown>): Promise<PasskeyAssertion> {
  return ceremony(
    async (lib) => (await lib.startAuthentication({ optionsJSON: options as never })) as PasskeyAssertion,
  );
}
