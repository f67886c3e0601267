import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STORAGE_KEYS } from '@cab/contract/storage';

/** What is read here of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type BuildManifest = Record<string, ManifestChunk>;

/** Modules every signed-in page loads after the entry: the shell (its layout, providers, PrimeReact, the query client). */
export const SIGNED_IN_MODULES = ['src/app/shell/shell-layout.tsx'];

/** Pages for guests: they load only the entry (the login route's JS budget, ARCHITECTURE §9). */
const GUEST_PAGES = ['/login', '/register', '/registration', '/forgot'];

/**
 * Link tags naming the chunks of `modules` and of everything they import statically, their styles
 * included, except what the page names already (the entry). The browser then fetches them beside the
 * entry instead of after it has run: on a signed-in page that took one round trip and the entry's
 * evaluation off the way to the first draw.
 */
export function preloadLinks(manifest: BuildManifest, modules: string[], page: string): string {
  const seen = new Set<string>();
  const scripts: string[] = [];
  const styles: string[] = [];
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk || chunk.isEntry) return;
    seen.add(key);
    chunk.imports?.forEach(visit);
    if (!page.includes(chunk.file)) scripts.push(chunk.file);
    for (const css of chunk.css ?? []) if (!styles.includes(css) && !page.includes(css)) styles.push(css);
  };
  modules.forEach(visit);
  return [
    ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    // Preloaded, not applied: the chunk's loader applies it when the module is imported.
    ...styles.map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('\n    ');
}

/** The SPA page with the signed-in preloads, or null without a manifest (a hand-made dist). */
export function signedInPage(webDist: string): string | null {
  const manifestFile = path.join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile)) return null;
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest;
  const page = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const links = preloadLinks(manifest, SIGNED_IN_MODULES, page);
  return links ? page.replace('</head>', `  ${links}\n  </head>`) : null;
}

const SESSION_COOKIE = new RegExp(`(?:^|;\\s*)${STORAGE_KEYS.token}=[^;]`);

/** Whether a page request looks signed in: it carries the web client's token cookie and is not a guest page. */
export function wantsSignedInPage(pathname: string, cookieHeader: string | undefined): boolean {
  if (GUEST_PAGES.some((guest) => pathname === guest || pathname.startsWith(`${guest}/`))) return false;
  return cookieHeader !== undefined && SESSION_COOKIE.test(cookieHeader);
}
