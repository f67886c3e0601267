import http from 'node:http';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider for the single sign-on tests: oidc-provider with its own sign-in
 * page (an e-mail field: whoever is typed is signed in, as a company's directory would vouch for
 * them) and no consent step. Listens on 127.0.0.1 only; the test stops it.
 */
export async function startTestIdp({ port = 0, clients }) {
  const server = http.createServer();
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  const issuer = `http://127.0.0.1:${address.port}`;

  const idp = {
    issuer,
    codeTtlSeconds: 60,
    emailVerified: true,
    signIn: (url, email) => signInAsBrowser(issuer, url, email),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const provider = new Provider(issuer, {
    clients: clients.map((client) => ({ ...client, grant_types: ['authorization_code'], response_types: ['code'] })),
    async findAccount(_ctx, id) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: id, email_verified: idp.emailVerified, name: `Test ${id.split('@')[0]}` }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // No consent step: the company's own provider trusts its own application.
    async loadExistingGrant(ctx) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    ttl: {
      AccessToken: 3600,
      AuthorizationCode: () => idp.codeTtlSeconds,
      Grant: 3600,
      IdToken: 3600,
      Interaction: 3600,
      Session: 3600,
    },
    cookies: { keys: ['test-idp-cookies'] },
  });
  // The provider's own warnings (development keys, no persistent adapter) are expected in a test.
  provider.on('server_error', (_ctx, error) => console.error('test IdP:', error));
  const handleProvider = provider.callback();

  server.on('request', (req, res) => {
    const interaction = /^\/interaction\/([^/?]+)/.exec(req.url ?? '');
    if (!interaction) return handleProvider(req, res);
    handleInteraction(provider, req, res).catch((error) => {
      res.statusCode = 400;
      res.end(String(error?.message ?? error));
    });
  });
  return idp;
}

async function handleInteraction(provider, req, res) {
  const details = await provider.interactionDetails(req, res);
  if (req.method === 'POST') {
    const form = new URLSearchParams(await readBody(req));
    const email = (form.get('email') ?? '').trim().toLowerCase();
    if (!email) throw new Error('an e-mail is needed');
    await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
    return;
  }
  res.setHeader('content-type', 'text/html; charset=utf-8');
  res.end(`<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
<main><h1>Test identity provider</h1>
<form method="post" action="/interaction/${details.uid}">
<label for="idp-email">E-mail</label> <input id="idp-email" name="email" type="email" required>
<button type="submit">Sign in</button>
</form></main></body></html>`);
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** Follows the provider's redirects with a cookie jar and answers its sign-in form, as a browser would. */
async function signInAsBrowser(issuer, authorizationUrl, email) {
  const jar = new Map();
  let next = new URL(authorizationUrl);
  for (let hop = 0; hop < 12; hop += 1) {
    if (next.origin !== issuer) return next;
    const isForm = next.pathname.startsWith('/interaction/');
    const response = await fetch(next, {
      method: isForm ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(isForm ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: isForm ? new URLSearchParams({ email }) : undefined,
    });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider answered ${response.status} at ${next.pathname}: ${await response.text()}`);
    next = new URL(location, next);
  }
  throw new Error('too many redirects at the provider');
}
