/** One part of a language's texts (lib/text-parts.ts), made by vite.config.ts's textParts plugin. */
declare module 'virtual:texts/*' {
  const texts: Record<string, unknown>;
  export default texts;
}
