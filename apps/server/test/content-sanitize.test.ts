import { describe, expect, it } from 'vitest';
import { isBlankHtml, sanitizeHtml } from '../src/formats/sanitize-html.js';

/** What no sanitized HTML may hold, whatever was typed: a way to run script or load a frame. */
function expectInert(html: string): void {
  expect(html).not.toMatch(/<script|<iframe|<object|<embed|<style|<svg|<math|<form|<img|<input|<meta|<link|<base/i);
  expect(html).not.toMatch(/\son\w+\s*=/i);
  expect(html).not.toMatch(/javascript:|vbscript:|data:/i);
  expect(html).not.toMatch(/\sstyle\s*=/i);
}

describe('sanitizeHtml (news text and FAQ answers)', () => {
  it.each([
    ['a script tag and its text', '<p>Hi</p><script>alert(1)</script>', '<p>Hi</p>'],
    ['an image with onerror', '<p>x<img src=x onerror="alert(1)"></p>', '<p>x</p>'],
    ['a javascript: link', '<a href="javascript:alert(1)">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['a javascript: link hidden by case, entities and spaces', '<a href=" JaVa&#x53;cript:alert(1)">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['a javascript: link split by a tab', '<a href="java\tscript:alert(1)">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['a data: link', '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['a vbscript: link', '<a href="vbscript:msgbox(1)">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['a protocol-relative link', '<a href="//evil.example/x">go</a>', '<a rel="noopener noreferrer">go</a>'],
    ['a style tag', '<style>body{display:none}</style><p>a</p>', '<p>a</p>'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">a</p>', '<p>a</p>'],
    ['an iframe', '<iframe src="https://evil.example"></iframe><p>a</p>', '<p>a</p>'],
    ['an svg with onload', '<svg onload="alert(1)"><circle/></svg><p>a</p>', '<p>a</p>'],
    ['event handlers on allowed tags', '<p onclick="alert(1)" onmouseover="alert(2)">a</p>', '<p>a</p>'],
    ['a form and input', '<form action="https://evil.example"><input name="p"></form><p>a</p>', '<p>a</p>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>a</p>', '<p>a</p>'],
    ['an object and embed', '<object data="x.swf"></object><embed src="x.swf"><p>a</p>', '<p>a</p>'],
    ['a base tag', '<base href="https://evil.example/"><p>a</p>', '<p>a</p>'],
    ['an unclosed script', '<p>a</p><script>alert(1)', '<p>a</p>'],
    ['a script in a comment trick', '<!--<script>alert(1)</script>--><p>a</p>', '<p>a</p>'],
    ['a nested tag trick', '<scr<script>ipt>alert(1)</script><p>a</p>', 'ipt&gt;alert(1)<p>a</p>'],
    ['classes and ids', '<p class="x" id="y">a</p>', '<p>a</p>'],
  ])('removes %s', (_name, input, output) => {
    const clean = sanitizeHtml(input);
    expect(clean).toBe(output);
    expectInert(clean);
  });

  it('keeps the formatting the editor makes', () => {
    const html =
      '<h2>Title</h2><p><strong>b</strong> <b>b</b> <em>i</em> <i>i</i> <u>u</u> <s>s</s> <code>c</code></p><ul><li>one</li></ul><ol><li>two</li></ol><blockquote>q</blockquote><pre>p</pre><hr /><p>a<br />b</p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it('forces rel="noopener noreferrer" on every link and a new tab on those leaving the cabinet', () => {
    expect(sanitizeHtml('<a href="https://example.com" target="_self" rel="opener">x</a>')).toBe(
      '<a rel="noopener noreferrer" href="https://example.com" target="_blank">x</a>',
    );
    expect(sanitizeHtml('<a href="/docs">bills</a>')).toBe('<a rel="noopener noreferrer" href="/docs">bills</a>');
    expect(sanitizeHtml('<a href="mailto:help@example.com">mail</a>')).toBe('<a rel="noopener noreferrer" href="mailto:help@example.com" target="_blank">mail</a>');
  });

  it('escapes text so it cannot become markup', () => {
    expect(sanitizeHtml('<p>1 &lt; 2 &amp; "x"</p>')).toBe('<p>1 &lt; 2 &amp; "x"</p>');
    expect(sanitizeHtml('a <b>b</b> & <c>')).toBe('a <b>b</b> &amp;');
  });

  it('tells an answer with nothing readable left', () => {
    expect(isBlankHtml(sanitizeHtml('<script>alert(1)</script>'))).toBe(true);
    expect(isBlankHtml(sanitizeHtml('<p> </p><img src=x onerror=alert(1)>'))).toBe(true);
    expect(isBlankHtml(sanitizeHtml('<p>ok</p>'))).toBe(false);
  });
});
