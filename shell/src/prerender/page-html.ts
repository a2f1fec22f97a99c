/** What a prerendered page adds to the page template. */
export interface PageParts {
  title: string;
  /** Style tags (styled-components' server style sheet). */
  styles: string;
  /** The app's markup, placed in #root. */
  body: string;
  /**
   * The path the markup was rendered at, which the browser hydrates when it is at that path
   * (src/bootstrap.tsx), or `skeleton`: a remote route's layout and skeleton, drawn over by the browser.
   */
  prerendered: string;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The template (webpack's index.html) with the page's title, styles and markup. */
export function pageHtml(
  template: string,
  { title, styles, body, prerendered }: PageParts,
): string {
  const root = '<div id="root"></div>';
  for (const part of ['<title>', '</title>', '</head>', root]) {
    if (!template.includes(part)) throw new Error(`The page template has no ${part}`);
  }
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`)
    .replace('</head>', () => `${styles}</head>`)
    .replace(
      root,
      () => `<div id="root" data-prerendered="${escapeHtml(prerendered)}">${body}</div>`,
    );
}
