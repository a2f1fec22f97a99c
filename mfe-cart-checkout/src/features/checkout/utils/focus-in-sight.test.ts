import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOASTS_BOTTOM_PROPERTY, TOASTS_TOP_PROPERTY } from '@shop/ui';
import { focusInSight } from './focus-in-sight';

// jsdom lays nothing out: the field's place on screen is given, as the toaster's edges are.
function fieldAt(top: number, height = 90) {
  const shown = document.createElement('div');
  const input = document.createElement('input');
  shown.append(input);
  document.body.append(shown);
  shown.getBoundingClientRect = () => ({ top, bottom: top + height }) as DOMRect;
  return { shown, input };
}

function showToast(top: number, bottom: number) {
  document.documentElement.style.setProperty(TOASTS_TOP_PROPERTY, `${top}px`);
  document.documentElement.style.setProperty(TOASTS_BOTTOM_PROPERTY, `${bottom}px`);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.documentElement.removeAttribute('style');
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('focusInSight', () => {
  it('brings a focused field out from under a toast at the top of the screen (a phone)', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    showToast(65, 250);
    const { shown, input } = fieldAt(100);
    focusInSight(input, shown);
    expect(input).toHaveFocus();
    expect(scrollBy).toHaveBeenCalledWith({ top: 100 - 262, behavior: 'instant' });
  });

  it('leaves a field in sight where it is, and a toast at the bottom of the screen out of it', () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    showToast(window.innerHeight - 100, window.innerHeight - 16);
    const { shown, input } = fieldAt(100);
    focusInSight(input, shown);
    expect(input).toHaveFocus();
    expect(scrollBy).not.toHaveBeenCalled();
  });

  it('moves the field below a toast that comes after the focus, while the field has it', async () => {
    const scrollBy = vi.spyOn(window, 'scrollBy').mockImplementation(() => {});
    const { shown, input } = fieldAt(100);
    focusInSight(input, shown);
    expect(scrollBy).not.toHaveBeenCalled();
    showToast(65, 200);
    await settle();
    expect(scrollBy).toHaveBeenCalledWith({ top: 100 - 212, behavior: 'instant' });

    // Once the shopper has left the field, a toast is no reason to move the page.
    scrollBy.mockClear();
    input.blur();
    showToast(65, 300);
    await settle();
    expect(scrollBy).not.toHaveBeenCalled();
  });
});
