// The shell's pages rendered to HTML outside the browser, at build time (shell/scripts/prerender.mjs
// bundles this file for Node and runs it). The browser hydrates what it rendered: same App, same tree,
// the path given instead of the address bar's (docs/architecture.md "A prerendered page").
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { ServerStyleSheet } from 'styled-components';
import { App } from '../app/app';
import { documentTitle } from '../components/use-document-title';
import { provideRuntimeConfig, type ShopContact } from '../lib/runtime-config';
import { pageHtml } from './page-html';

export interface PageToRender {
  /** Where it is written under dist/, such as `contact/index.html`. */
  file: string;
  /** The path the app is rendered at, such as `/contact`. */
  renderPath: string;
  /** What the page's useDocumentTitle names it (none: the shop's title alone). */
  pageTitle?: string;
  /** Hydrated in the browser (the page itself); otherwise drawn over by the browser's first render. */
  hydrate: boolean;
}

/** The app at one path: its markup and the style tags of everything it drew. */
export async function renderApp(path: string): Promise<{ body: string; styles: string }> {
  const sheet = new ServerStyleSheet();
  try {
    // prerender (not renderToString) waits for lazy pages such as /contact, so the HTML holds them.
    const { prelude } = await prerender(
      sheet.collectStyles(
        <StrictMode>
          <App serverPath={path} />
        </StrictMode>,
      ),
    );
    const body = await new Response(prelude).text();
    return { body, styles: sheet.getStyleTags() };
  } finally {
    sheet.seal();
  }
}

/** Every page, filled into the page template (webpack's index.html): file -> HTML. */
export async function renderPages(
  template: string,
  pages: PageToRender[],
  contact: ShopContact,
): Promise<Array<{ file: string; html: string }>> {
  // Only the contact details reach these pages' markup; the remotes are never loaded here.
  provideRuntimeConfig({ environment: 'production', remotes: {} as never, contact });
  const rendered = [];
  for (const page of pages) {
    const { body, styles } = await renderApp(page.renderPath);
    rendered.push({
      file: page.file,
      html: pageHtml(template, {
        title: documentTitle(page.pageTitle),
        styles,
        body,
        prerendered: page.hydrate ? page.renderPath : 'skeleton',
      }),
    });
  }
  return rendered;
}
