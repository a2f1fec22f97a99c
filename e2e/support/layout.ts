// Checks of a page's layout that name what is wrong, not only that something is.
import type { Locator, Page } from '@playwright/test';

/**
 * What makes the page scroll sideways: `[]` when nothing does; otherwise the page's overflow in px and
 * the innermost elements whose right edge passes the viewport (tag, class, start of their text), so a
 * failing check says which element to fix. Elements inside a box that scrolls or clips sideways are
 * not counted: they stay inside it. Polled (`expect.poll`) after a resize: a chart that follows its
 * box's width draws once more at the new width, and only the settled page counts.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const overflow = root.scrollWidth - root.clientWidth;
    if (overflow <= 0) return [];
    const clipped = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        const { overflowX } = getComputedStyle(parent);
        if (overflowX !== 'visible') return parent !== document.body && parent !== root;
      }
      return false;
    };
    const wide = [...document.body.querySelectorAll('*')].filter(
      (element) =>
        element.getBoundingClientRect().right > root.clientWidth + 0.5 && !clipped(element),
    );
    const innermost = wide.filter(
      (element) => !wide.some((other) => other !== element && element.contains(other)),
    );
    return [
      `the page is ${overflow}px wider than its ${root.clientWidth}px viewport`,
      ...innermost.slice(0, 8).map((element) => {
        const name = element.tagName.toLowerCase();
        const className = typeof element.className === 'string' ? element.className : '';
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
        const right = Math.round(element.getBoundingClientRect().right);
        return `${name}${className ? `.${className.split(/\s+/).join('.')}` : ''} ends at ${right}px: "${text}"`;
      }),
    ];
  });
}

/** The lines a label's size ("3″ × 1″") is drawn on in each of `names` (1 when it is kept whole). */
export async function sizeLines(names: Locator) {
  return names.evaluateAll((elements) =>
    elements.map((element) => {
      const text = element.textContent ?? '';
      const match = /\d+(?:\.\d+)?″ × \d+(?:\.\d+)?″/.exec(text);
      if (!match) return `no size in "${text}"`;
      // A range over the size's characters, across the text nodes React wrote them in.
      const range = document.createRange();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      let offset = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent!.length;
        const [start, end] = [match.index, match.index + match[0].length];
        if (start >= offset && start < offset + length) range.setStart(node, start - offset);
        if (end > offset && end <= offset + length) range.setEnd(node, end - offset);
        offset += length;
      }
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return tops.size;
    }),
  );
}
