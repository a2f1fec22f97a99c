import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const { addComponentIds } = createRequire(import.meta.url)('./styled-ids.cjs');
const FILE = `${import.meta.dirname}/../src/example.tsx`;

describe('addComponentIds', () => {
  it('names each styled component after its file and place, in every form the shop writes', () => {
    const source = [
      'const A = styled.div`x`;',
      'const B = styled(Link)<{ $on: boolean }>`y`;',
      "const C = styled.ul<{ $tone: 'a' }>`z`;",
      'const D = styled(Container).attrs(() => ({ role: "list" }))``;',
    ].join('\n');
    const out = addComponentIds(source, FILE);
    const ids = [...out.matchAll(/componentId: '([^']+)'/g)].map((m) => m[1]);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
    expect(ids[0]).toMatch(/^sc-[0-9a-f]{8}-0$/);
    expect(out).toContain(
      `styled(Link).withConfig({ componentId: '${ids[1]}' })<{ $on: boolean }>`,
    );
    expect(out).toContain(`styled(Container).withConfig({ componentId: '${ids[3]}' }).attrs(`);
  });

  it('gives the same names for the same file, and other names for another file', () => {
    const source = 'const A = styled.div`x`;';
    expect(addComponentIds(source, FILE)).toBe(addComponentIds(source, FILE));
    expect(addComponentIds(source, FILE)).not.toBe(addComponentIds(source, `${FILE}x`));
  });

  it('leaves a named component, a property called styled and other code alone', () => {
    const source =
      "const A = styled.div.withConfig({ componentId: 'mine' })``; x.styled.div; styledX();";
    expect(addComponentIds(source, FILE)).toBe(source);
  });
});
