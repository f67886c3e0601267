import sanitize from 'sanitize-html';

/**
 * The one gate for HTML a root writes (news text, FAQ answers): whatever reaches a user's browser
 * passed this allow-list. No scripts, styles, frames, forms, images, event handlers or classes; links
 * only to http(s), mailto or a cabinet path, always `rel="noopener noreferrer"` (and a new tab when
 * they leave the cabinet).
 */
const OPTIONS: sanitize.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'blockquote', 'code', 'pre', 'hr'],
  allowedAttributes: { a: ['href', 'title', 'target', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // The text inside these is dropped with the tag, never shown as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^(https?:|mailto:)/i.test(href);
      const attributes: Record<string, string> = { rel: 'noopener noreferrer' };
      if (href) attributes.href = href;
      if (attribs.title) attributes.title = attribs.title;
      if (external) attributes.target = '_blank';
      return { tagName, attribs: attributes };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'a' && !frame.attribs.href && !frame.text.trim(),
};

export function sanitizeHtml(html: string): string {
  return sanitize(html, OPTIONS).trim();
}

/** True when nothing readable is left (e.g. the input was only a script). */
export function isBlankHtml(html: string): boolean {
  return sanitize(html, { allowedTags: [], allowedAttributes: {} }).trim() === '';
}
