import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const routerFile = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/src/app/router.tsx');

/** Guest pages of the router (shown without a session). */
const GUEST = new Set(['login', 'register', 'forgot']);

export interface AppRoutes {
  guest: string[];
  /** Paths of the signed-in shell, e.g. `/list`, `/sim/:id`. */
  shell: string[];
}

/**
 * Every page the router declares with `page('<path>', ...)`, read from its source, so a page added
 * later is walked by the accessibility test without touching it.
 */
export function readAppRoutes(): AppRoutes {
  const source = readFileSync(routerFile, 'utf8');
  const paths = [...source.matchAll(/page\(\s*'([^']+)'/g)].map((match) => match[1] ?? '');
  const unique = [...new Set(paths.filter((p) => p.length > 0))];
  return {
    guest: unique.filter((p) => GUEST.has(p)).map((p) => `/${p}`),
    shell: unique.filter((p) => !GUEST.has(p)).map((p) => `/${p}`),
  };
}

/** `/sim/:id` → a regexp matching the concrete links of that route (`/sim/17`). */
export function routePattern(route: string): RegExp {
  const escaped = route
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/?#]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}(?:[?#].*)?$`);
}

export const hasParams = (route: string) => route.split('/').some((part) => part.startsWith(':'));
