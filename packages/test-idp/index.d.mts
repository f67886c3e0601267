export interface TestIdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface TestIdp {
  /** The issuer URL, http://127.0.0.1:<port> */
  readonly issuer: string;
  /** Seconds an authorization code lives; change it to test an expired code. */
  codeTtlSeconds: number;
  /** Whether the next sign-ins report their e-mail as verified. */
  emailVerified: boolean;
  /**
   * Signs `email` in at an authorization URL the cabinet answered, as a browser would (cookies,
   * redirects, the provider's sign-in form), and answers the URL the provider sends the browser back to.
   */
  signIn(authorizationUrl: string, email: string): Promise<URL>;
  close(): Promise<void>;
}

export function startTestIdp(options: { port?: number; clients: TestIdpClient[] }): Promise<TestIdp>;
