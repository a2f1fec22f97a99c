// "Order again" (docs/product.md, "Order page"): an order's lines go into the caller's cart as new lines,
// priced by the cart at today's prices, with the artwork still on file. Through the cart's and the
// uploads' exported functions only.
import {
  CART_FULL_MESSAGE,
  MATERIAL_LABELS,
  MAX_CART_LINES,
  labelConfigurationSchema,
  toDollars,
  variableDataOf,
  type LabelConfiguration,
  type ReorderMissingArtwork,
  type ReorderPriceChange,
  type ReorderResult,
  type ReorderTextChange,
} from '@shop/contracts';
import type { CartOwner } from '../../platform/auth-guards';
import { AppError } from '../../platform/errors';
import { reuseOrderedSheet } from '../asset-tags/asset-tags';
import { addToCart, checkNewLines, listCartLines, readCart } from '../cart/cart';
import { reuseOrderedArtwork, type UploadStore } from '../uploads/uploads';
import type { OrderItemRecord, OrderRecord } from './model';
import { seriesChoices } from './series';

const inches = (value: number) => `${Number(value.toFixed(2))}"`;

/** How a line is named in the answer: "Phenolic 3" × 2" label, "PUMP 3"" (the text engraved). */
function describe(item: OrderItemRecord, customText: string): string {
  const { material, width, height } = item.productConfig;
  const text = customText.trim() ? `, "${customText.trim().split('\n')[0]}"` : '';
  return `${MATERIAL_LABELS[material].name} ${inches(width)} × ${inches(height)} label${text}`;
}

/**
 * Adds every line of order to owner's cart. Each line is checked against today's rules before any is
 * added, so a refusal (a full cart, a configuration no longer sold, a spreadsheet no longer on file)
 * changes nothing. A line carries the text it was engraved with (`engraved`, by line id: the
 * proof's current revision's), which a revision may have changed from the text ordered; such lines
 * are named in `textChanges`.
 */
export async function reorder(
  owner: CartOwner,
  order: OrderRecord,
  store: UploadStore,
  { series, engraved }: { series: 'repeat' | 'continue'; engraved: ReadonlyMap<string, string> },
): Promise<ReorderResult> {
  // A series continued starts after the highest number the order's owner ordered under it.
  const nextStarts = new Map(
    series === 'continue'
      ? (await seriesChoices(order, engraved)).map((choice) => [choice.lineId, choice.nextStart])
      : [],
  );
  const inCart = (await listCartLines(owner)).length;
  if (inCart + order.items.length > MAX_CART_LINES) throw AppError.conflict(CART_FULL_MESSAGE);

  const textChanges: ReorderTextChange[] = [];
  const planned = order.items.map((item, index) => {
    const customText = engraved.get(item.lineId) ?? item.productConfig.customText;
    if (customText !== item.productConfig.customText) {
      textChanges.push({
        orderLineId: item.lineId,
        orderedText: item.productConfig.customText,
        engravedText: customText,
      });
    }
    const config = { ...item.productConfig, customText };
    const next = nextStarts.get(item.lineId);
    const parsed = labelConfigurationSchema.safeParse({
      ...config,
      ...variableDataOf(config),
      rows: config.rows
        ? {
            sheetId: config.rows.sheetId,
            textColumns: config.rows.textColumns,
            codeColumn: config.rows.codeColumn,
          }
        : null,
      series:
        config.series && next !== undefined
          ? { ...config.series, start: next }
          : (config.series ?? null),
      quantity: item.quantity,
      files: [],
    });
    if (!parsed.success) {
      const reason = parsed.error.issues[0]?.message ?? 'it is no longer sold';
      throw AppError.conflict(
        `Line ${index + 1} (${describe(item, customText)}) cannot be ordered again as it was: ${reason}. Configure it again in the configurator.`,
      );
    }
    return { item, customText, configuration: parsed.data };
  });

  // A spreadsheet line takes the order's sheet: a copy kept for the caller when it is another's (the
  // guest link's holder in another browser).
  for (const [index, plan] of planned.entries()) {
    const rows = plan.configuration.rows;
    if (!rows) continue;
    const sheetId = await reuseOrderedSheet(owner, rows.sheetId);
    if (!sheetId) {
      throw AppError.conflict(
        `Line ${index + 1} (${describe(plan.item, plan.customText)}) cannot be ordered again: its spreadsheet is no longer on file. Configure it again in the configurator.`,
      );
    }
    plan.configuration = { ...plan.configuration, rows: { ...rows, sheetId } };
  }

  // What adding each line checks (a spreadsheet on file for this owner, its codes), before any is
  // added: a line refused part of the way would leave the lines before it in the cart.
  await checkNewLines(
    owner,
    planned.map((plan) => plan.configuration),
  );

  const priceChanges: ReorderPriceChange[] = [];
  const missingArtwork: ReorderMissingArtwork[] = [];
  for (const { item, customText, configuration } of planned) {
    const artwork = await reuseOrderedArtwork(store, owner, item.files);
    missingArtwork.push(
      ...artwork.missing.map((file) => ({
        orderLineId: item.lineId,
        originalName: file.originalName,
      })),
    );
    const line: LabelConfiguration = { ...configuration, files: artwork.kept };
    const added = await addToCart(owner, line, { asNewLine: true });
    if (added.item.unitPrice !== toDollars(item.unitCents)) {
      priceChanges.push({
        orderLineId: item.lineId,
        description: describe(item, customText),
        quantity: item.quantity,
        orderedUnitPrice: toDollars(item.unitCents),
        unitPrice: added.item.unitPrice,
      });
    }
  }
  // The cart as the cart page reads it (no ZIP yet: tax is worked out at checkout).
  const cart = await readCart(owner, {});
  return { cart, added: planned.length, priceChanges, missingArtwork, textChanges };
}
