import { formatCount } from '@shop/contracts/money';

/**
 * "1 line", "33 labels": what the cart counts, named. A line is one configuration in the cart; its
 * quantity is how many labels of it are engraved (the API's itemCount is the labels, summed).
 */
export function countOf(count: number, noun: 'line' | 'label'): string {
  return `${formatCount(count)} ${count === 1 ? noun : `${noun}s`}`;
}
