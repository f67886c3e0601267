import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { guardedFetch, type OutboundPolicy } from '../../../delivery/outbound-guard.js';
import { isAllowedHost } from '../../../delivery/outbound-allow.js';

export interface ProviderSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Why a provider could not be used; the service answers each with its own error. */
export class ProviderUnreachable extends Error {}

const DISCOVERY_TTL_MS = 10 * 60 * 1000;
const CACHED_PROVIDERS_MAX = 200;
const TIMEOUT_MS = 10_000;

/**
 * The companies' OpenID providers as openid-client configurations, read from each issuer's discovery
 * document and kept ten minutes. Every call goes through the outbound guard (an admin names the
 * address: no private network unless the operator allow-listed the host), and plain http only to an
 * allow-listed host — a provider on the operator's own network, or the tests' one.
 */
export class OidcProviders {
  private readonly cache = new Map<string, { config: oidc.Configuration; until: number }>();
  private readonly fetch: ReturnType<typeof guardedFetch>;

  constructor(private readonly policy: OutboundPolicy) {
    this.fetch = guardedFetch({ timeoutMs: TIMEOUT_MS, policy });
  }

  async configuration(settings: ProviderSettings): Promise<oidc.Configuration> {
    const key = createHash('sha256')
      .update(JSON.stringify([settings.issuer, settings.clientId, settings.clientSecret]))
      .digest('hex');
    const cached = this.cache.get(key);
    if (cached && cached.until > Date.now()) return cached.config;

    const issuer = new URL(settings.issuer);
    const insecure = issuer.protocol === 'http:';
    if (insecure && !isAllowedHost(issuer, this.policy.allowHosts))
      throw new ProviderUnreachable('http issuer not allow-listed');
    let config: oidc.Configuration;
    try {
      config = await oidc.discovery(
        issuer,
        settings.clientId,
        undefined,
        oidc.ClientSecretBasic(settings.clientSecret),
        {
          execute: insecure ? [oidc.allowInsecureRequests] : [],
          [oidc.customFetch]: this.fetch,
        },
      );
    } catch (error) {
      throw new ProviderUnreachable(error instanceof Error ? error.message : String(error));
    }
    config[oidc.customFetch] = this.fetch;
    if (this.cache.size >= CACHED_PROVIDERS_MAX) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { config, until: Date.now() + DISCOVERY_TTL_MS });
    return config;
  }
}
