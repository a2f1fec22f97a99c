import styled from 'styled-components';
import { formatSize, materialName } from '@shop/ui';

// The size is one unit: a phone's line broke "3″ × 1″" into "3″" and "× 1″".
const Size = styled.span`
  white-space: nowrap;
`;

/** "Phenolic label, 3″ × 1″": a line's name in the history and on the order page. */
export function LineName({
  material,
  width,
  height,
}: {
  material: string;
  width: number;
  height: number;
}) {
  return (
    <>
      {materialName(material)} label, <Size>{formatSize(width, height)}</Size>
    </>
  );
}
