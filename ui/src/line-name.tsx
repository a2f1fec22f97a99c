import styled from 'styled-components';
import { formatSize, materialName } from './format';

/** What names a label: its material and size. */
interface Line {
  material: string;
  width: number;
  height: number;
}

/**
 * "Phenolic label, 3″ × 1″": what a line (of a cart, of an order) is called, as text (a control's
 * accessible name, a toast). LineName draws the same words.
 */
export function lineName({ material, width, height }: Line): string {
  return `${materialName(material)} label, ${formatSize(width, height)}`;
}

// The size is one unit: a phone's line broke "3″ × 1″" into "3″" and "× 1″".
const Size = styled.span`
  white-space: nowrap;
`;

/** A line's name (lineName) where it is shown: the cart, the checkout summary, the orders. */
export function LineName({ material, width, height }: Line) {
  return (
    <>
      {materialName(material)} label, <Size>{formatSize(width, height)}</Size>
    </>
  );
}
